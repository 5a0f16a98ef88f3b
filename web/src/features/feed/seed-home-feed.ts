import type { HomeFirstScreenData } from '@app/shared/api/first-screen';
import type { InfiniteData, QueryClient } from '@tanstack/react-query';
import { queryKeys } from '../../api/query-keys';
import { fromFeedItems } from '../../entities/media/media-item';
import { type FeedPage, type FeedPageParam, NO_FILTER, toFeedPage } from './feed-api';
import { FIRST_PAGE, feedKey } from './use-feed';

/** The server's answers for the home (the feed's first page, trending), cached as useFeed and useTrending keep them. */
export function seedHomeFeed(client: QueryClient, { feed, trending }: Pick<HomeFirstScreenData, 'feed' | 'trending'>): void {
  client.setQueryData<InfiniteData<FeedPage, FeedPageParam>>(feedKey(NO_FILTER), { pages: [toFeedPage(feed)], pageParams: [FIRST_PAGE] });
  client.setQueryData(queryKeys.trending(), fromFeedItems(trending.items));
}
