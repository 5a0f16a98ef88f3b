import { Link, useParams } from 'react-router-dom';
import { GridIcon } from '../../components/icons/creation-icons';
import { ArrowLeftIcon, UserIcon, WarningIcon } from '../../components/icons/line-icons';
import { PanelEmpty } from '../../components/page/panel-empty';
import { pageTitle } from '../../config/brand';
import { paths } from '../../config/paths';
import { FeedSkeleton, LoadingMore, TileGrid, useFeedColumns } from '../../features/feed';
import { openViewer } from '../../features/viewer';
import { useInfiniteScroll } from '../../lib/use-infinite-scroll';
import { CreatorHeader } from './creator-header';
import { useCreatorPage } from './use-creator-page';
import '../../components/page/page.css';
import './creator.css';
import '../../styles/cluster.css';

/** A creator's public page, /u/:username: who they are and their public creations, in the feed's tiles. */
export function CreatorPage() {
  const { username = '' } = useParams();
  const page = useCreatorPage(username);
  const columns = useFeedColumns();
  const sentinel = useInfiniteScroll<HTMLDivElement>(page.loadMore, page.status === 'ready' && page.hasMore, page.items.length);

  if (page.status === 'not-found') return <CreatorMissing />;
  const creator = page.creator;
  return (
    <div className="page creator-page">
      <title>{pageTitle(creator ? (creator.name ?? `@${creator.username}`) : `@${username}`)}</title>
      <Link to={paths.home.getHref()} className="back-link creator-page__back inline-row">
        <ArrowLeftIcon />
        Back to Feed
      </Link>
      {creator ? <CreatorHeader creator={creator} /> : <div className="creator-header creator-header--skeleton skeleton-card" aria-hidden="true" />}

      {page.status === 'loading' ? (
        <FeedSkeleton columns={columns} />
      ) : page.status === 'error' ? (
        <PanelEmpty className="creator-page__state" icon={<WarningIcon />} title="This page didn't load" text="Check your connection and try again.">
          <button type="button" className="button button--primary" onClick={page.reload}>
            Try again
          </button>
        </PanelEmpty>
      ) : page.items.length === 0 ? (
        <PanelEmpty className="creator-page__state" icon={<GridIcon />} title="No public creations yet" text="When they share a creation to the feed, it shows up here." />
      ) : (
        <TileGrid
          items={page.items}
          columns={columns}
          eagerRows={3}
          className="creator-page__grid"
          testId="creator-grid"
          onOpen={(index) => openViewer(page.items, index)}
          onCreator={() => window.scrollTo({ top: 0, behavior: 'smooth' })}
        />
      )}
      <div ref={sentinel} className="feed__sentinel" aria-hidden="true" />
      {page.loadingMore && <LoadingMore>Loading more...</LoadingMore>}
    </div>
  );
}

/** The app's not-found screen for a username nobody has (the server answered the page with a 404). */
function CreatorMissing() {
  return (
    <div className="page creator-page">
      <title>{pageTitle('Creator not found')}</title>
      <PanelEmpty className="creator-page__state" icon={<UserIcon />} title="Creator not found" text="Nobody on Mirrorverse has that username.">
        <Link to={paths.home.getHref()} className="button button--primary">
          Back to Feed
        </Link>
      </PanelEmpty>
    </div>
  );
}
