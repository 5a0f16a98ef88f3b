/**
 * The public feed (spec 1 §2): its section with the order, search and filters; the tiles other
 * screens lay out (a creator's page, the liked collection); the filter in the address.
 */
export { FeedSection } from './components/feed-section';
export { FeedSkeleton } from './components/feed-skeleton';
export { LikedCollection } from './components/liked-collection';
export { LoadingMore, TileGrid } from './components/tile-grid';
export type { FeedFilter } from './feed-api';
export { feedHref, filterFromParams, withFilter } from './feed-url';
export { useFeedColumns } from './use-columns';
export { useFeed } from './use-feed';
export { useTrending } from './use-trending';
export { seedHomeFeed } from './seed-home-feed';
