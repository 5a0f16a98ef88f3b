import type { Collection } from '@app/shared/api/collections';
import { Link, useParams } from 'react-router-dom';
import { GridIcon } from '../../components/icons/creation-icons';
import { ArrowLeftIcon, CollectionIcon, GlobeIcon, ImageIcon, LockIcon, WarningIcon } from '../../components/icons/line-icons';
import { PanelEmpty } from '../../components/page/panel-empty';
import { pageTitle } from '../../config/brand';
import { paths } from '../../config/paths';
import { CreatorAvatar } from '../../entities/creator/creator-avatar';
import { FeedSkeleton, LoadingMore, TileGrid, useFeedColumns } from '../../features/feed';
import { openViewer } from '../../features/viewer';
import { useInfiniteScroll } from '../../lib/use-infinite-scroll';
import { useAuth } from '../../state/use-auth';
import { useCollectionPage } from './use-collection-page';
import '../../components/page/page.css';
import '../../styles/cluster.css';
import './collection-page.css';

const plural = (count: number, one: string, many: string) => `${count.toLocaleString()} ${count === 1 ? one : many}`;

/** A collection's page, /c/:id (issue 46): its name, whose it is, and its creations in the feed's tiles. */
export function CollectionPage() {
  const { id = '' } = useParams();
  const page = useCollectionPage(id);
  const columns = useFeedColumns();
  const sentinel = useInfiniteScroll<HTMLDivElement>(page.loadMore, page.status === 'ready' && page.hasMore, page.items.length);
  const { user } = useAuth();

  if (page.status === 'not-found') return <CollectionMissing />;
  const collection = page.collection;
  const own = collection !== null && user?.id === collection.owner.id;
  return (
    <div className="page collection-page">
      <title>{pageTitle(collection ? collection.name : 'Collection')}</title>
      <Link to={paths.home.getHref()} className="back-link collection-page__back inline-row">
        <ArrowLeftIcon />
        Back to Feed
      </Link>
      {collection ? <CollectionHeader collection={collection} own={own} /> : <div className="collection-header collection-header--skeleton skeleton-card" aria-hidden="true" />}

      {page.status === 'loading' ? (
        <FeedSkeleton columns={columns} />
      ) : page.status === 'error' ? (
        <PanelEmpty className="collection-page__state" icon={<WarningIcon />} title="This page didn't load" text="Check your connection and try again.">
          <button type="button" className="button button--primary" onClick={page.reload}>
            Try again
          </button>
        </PanelEmpty>
      ) : page.items.length === 0 ? (
        <PanelEmpty
          className="collection-page__state"
          icon={<GridIcon />}
          title="Nothing here yet"
          text={own ? 'Open a creation and choose Add to collection to put it here.' : 'Creations collected here show up on this page.'}
        />
      ) : (
        <TileGrid
          items={page.items}
          columns={columns}
          eagerRows={3}
          className="collection-page__grid"
          testId="collection-grid"
          onOpen={(index) => openViewer(page.items, index)}
        />
      )}
      <div ref={sentinel} className="feed__sentinel" aria-hidden="true" />
      {page.loadingMore && <LoadingMore>Loading more...</LoadingMore>}
    </div>
  );
}

/** The top of /c/<id>: the name, the owner (with a link to their page), the count and, for its owner, public or private. */
function CollectionHeader({ collection, own }: { collection: Collection; own: boolean }) {
  const { owner } = collection;
  const ownerName = owner.name ?? (owner.username ? `@${owner.username}` : 'A creator');
  return (
    <div className="collection-header">
      <p className="collection-header__kind caps-label inline-row">
        <CollectionIcon />
        Collection
      </p>
      <h1 className="collection-header__name display-title" data-testid="collection-name">
        {collection.name}
      </h1>
      <div className="collection-header__meta cluster">
        {owner.username ? (
          <Link to={paths.creator.getHref(owner.username)} className="collection-owner inline-row" data-testid="collection-owner">
            <CreatorAvatar avatar={owner.avatar} name={ownerName} className="collection-owner__avatar" size={32} />
            <span>by {ownerName}</span>
          </Link>
        ) : (
          <span className="collection-owner inline-row" data-testid="collection-owner">
            <CreatorAvatar avatar={owner.avatar} name={ownerName} className="collection-owner__avatar" size={32} />
            <span>by {ownerName}</span>
          </span>
        )}
        <span className="collection-stat chip inline-row" data-testid="collection-count">
          <ImageIcon />
          {plural(collection.itemCount, 'creation', 'creations')}
        </span>
        {own && (
          <span className="collection-stat chip inline-row">
            {collection.public ? <GlobeIcon /> : <LockIcon />}
            {collection.public ? 'Public' : 'Private'}
          </span>
        )}
        {own && (
          <Link to={paths.profile.getHref('collections')} className="collection-page__manage">
            Manage collections
          </Link>
        )}
      </div>
    </div>
  );
}

/** The app's not-found screen for a private or unknown collection (the server answered the page with a 404). */
function CollectionMissing() {
  return (
    <div className="page collection-page">
      <title>{pageTitle('Collection not found')}</title>
      <PanelEmpty className="collection-page__state" icon={<CollectionIcon />} title="Collection not found" text="It is private, or it does not exist.">
        <Link to={paths.home.getHref()} className="button button--primary">
          Back to Feed
        </Link>
      </PanelEmpty>
    </div>
  );
}
