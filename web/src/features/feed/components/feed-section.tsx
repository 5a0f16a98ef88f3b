import { lazy, Suspense } from 'react';
import type { FeedFilter } from '../feed-api';
import type { MediaItem } from '../../../entities/media/media-item';
import { useInfiniteScroll } from '../../../lib/use-infinite-scroll';
import type { UseFeed } from '../use-feed';
import { useFeedColumns } from '../use-columns';
import { LoadingMore, TileGrid } from './tile-grid';
import { FeedEmpty } from './feed-empty';
import { useAuth } from '../../../state/use-auth';
import { FeedOrder } from './feed-order';
import { FeedSearchBox } from './feed-search-box';
import { FeedSkeleton } from './feed-skeleton';
import { FilterChips } from './filter-chips';
import '../../../styles/icon-tile.css';
import '../feed.css';
import '../feed-header.css';
import '../../../styles/stack.css';
import '../../../styles/cluster.css';

// The Following feed's empty and signed-out states (and the follow code they bring) load when
// shown: a signed-in person's choice, never on the first view of /.
const FollowingEmpty = lazy(() => import('./follow-suggestions').then((module) => ({ default: module.FollowingEmpty })));
const FollowingSignedOut = lazy(() => import('./follow-suggestions').then((module) => ({ default: module.FollowingSignedOut })));

type FeedSectionProps = {
  feed: UseFeed;
  filter: FeedFilter;
  onOpen: (items: readonly MediaItem[], index: number) => void;
  onFilter: (patch: Partial<FeedFilter>) => void;
};

/**
 * The public feed (spec 1 §2): its search, order and filter chips, 6 skeleton rows on the first
 * load, the masonry, 'Loading more masterpieces...' while the next page loads and the end-of-feed line.
 */
export function FeedSection({ feed, filter, onOpen, onFilter }: FeedSectionProps) {
  const columns = useFeedColumns();
  const { isAuthenticated } = useAuth();
  const following = filter.feed === 'following';
  const sentinel = useInfiniteScroll<HTMLDivElement>(feed.loadMore, feed.status === 'ready' && feed.hasMore, feed.items.length);

  return (
    <section className="feed stack" aria-labelledby="feed-title">
      <div className="feed__header">
        <div className="feed__heading stack">
          <h2 id="feed-title" className="feed__title">
            {following ? 'Following' : 'Community creations'}
          </h2>
          <p className="feed__subtitle">
            {following ? 'The newest creations of the people you follow.' : 'Fresh from the Mirrorverse — tap any creation to see it up close.'}
          </p>
        </div>
        <FeedSearchBox search={filter} onSearch={onFilter} />
        <div className="feed__tools cluster">
          <FeedOrder sort={filter.sort} period={filter.period} following={following} signedIn={isAuthenticated} onChange={onFilter} />
          <FilterChips filter={filter} onClear={onFilter} />
        </div>
      </div>

      {following && !isAuthenticated ? (
        <Suspense fallback={null}>
          <FollowingSignedOut />
        </Suspense>
      ) : feed.status === 'loading' ? (
        <FeedSkeleton columns={columns} />
      ) : following && feed.items.length === 0 && feed.status === 'ready' ? (
        <Suspense fallback={null}>
          <FollowingEmpty />
        </Suspense>
      ) : feed.items.length === 0 ? (
        <FeedEmpty filter={filter} failed={feed.status === 'error'} onRetry={feed.reload} onFilter={onFilter} />
      ) : (
        <TileGrid
          items={feed.items}
          columns={columns}
          // No tile loads eagerly: the home's hero fills the first screen on a phone and on a
          // desktop alike, and the feed's first rows, just below it, load as they are laid out.
          eagerRows={0}
          testId="feed-grid"
          onOpen={(index) => onOpen(feed.items, index)}
          onPresetType={(presetType) => onFilter({ presetType })}
          onCreator={(creatorId) => onFilter({ creatorId })}
        />
      )}

      <div ref={sentinel} className="feed__sentinel" aria-hidden="true" />
      {feed.loadingMore && <LoadingMore>Loading more masterpieces...</LoadingMore>}
      {feed.status === 'ready' && !feed.hasMore && feed.items.length > 0 && (
        <p className="feed__end row">You've reached the end of the feed</p>
      )}
    </section>
  );
}
