import { Link } from 'react-router-dom';
import { HeartIcon } from '../../../components/icons/creation-icons';
import { WarningIcon } from '../../../components/icons/line-icons';
import { PanelEmpty } from '../../../components/page/panel-empty';
import { paths } from '../../../config/paths';
import type { MediaItem } from '../../../entities/media/media-item';
import { useInfiniteScroll } from '../../../lib/use-infinite-scroll';
import { useLikedMedia } from '../use-liked-media';
import { FeedSkeleton } from './feed-skeleton';
import { LoadingMore, TileGrid } from './tile-grid';
import '../feed.css';

type LikedCollectionProps = {
  userId: string;
  columns: number;
  onOpen: (items: readonly MediaItem[], index: number) => void;
};

/**
 * What the person liked, newest like first, in the feed's tiles: the profile's Liked tab and the
 * phone gallery's Liked view. Unliking (on a tile or in the viewer) takes the item out at once.
 */
export function LikedCollection({ userId, columns, onOpen }: LikedCollectionProps) {
  const liked = useLikedMedia(userId);
  const sentinel = useInfiniteScroll<HTMLDivElement>(liked.loadMore, liked.status === 'ready' && liked.hasMore, liked.items.length);

  if (liked.status === 'loading') return <FeedSkeleton columns={columns} />;
  if (liked.status === 'error') {
    return (
      <PanelEmpty icon={<WarningIcon />} title="Your likes didn't load" text="Check your connection and try again.">
        <button type="button" className="button button--primary" onClick={liked.reload}>
          Try again
        </button>
      </PanelEmpty>
    );
  }
  if (liked.items.length === 0) {
    return (
      <PanelEmpty icon={<HeartIcon />} title="Nothing liked yet" text="Tap the heart on any creation in the feed to keep it here.">
        <Link to={paths.home.getHref()} className="button button--primary">
          Explore the feed
        </Link>
      </PanelEmpty>
    );
  }
  return (
    <>
      <TileGrid
        items={liked.items}
        columns={columns}
        eagerRows={2}
        className="liked-grid"
        testId="liked-grid"
        onOpen={(index) => onOpen(liked.items, index)}
      />
      <div ref={sentinel} className="feed__sentinel" aria-hidden="true" />
      {liked.loadingMore && <LoadingMore>Loading more...</LoadingMore>}
    </>
  );
}
