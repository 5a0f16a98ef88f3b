import { FEED_PAGE_SIZE, TRENDING_DEFAULT_LIMIT } from '@app/shared';
import { getPublicFeedCall, getTrendingCall } from '@app/shared/api/feed';
import { callApiData } from '../../api/client';
import { fromFeedItems, type MediaItem } from '../../entities/media/media-item';

/** What the feed can be narrowed to: a preset type (e.g. unreal_reflection) and / or a creator. */
export interface FeedFilter {
  presetType: string | null;
  creatorId: string | null;
}

export const NO_FILTER: FeedFilter = { presetType: null, creatorId: null };

export interface FeedPage {
  items: MediaItem[];
  hasMore: boolean;
  nextCursor: string | null;
}

/** Where the next page starts: the previous page's cursor, or (the spec's form) the count loaded. */
export interface FeedPageParam {
  cursor: string | null;
  offset: number;
}

/**
 * GET getPublicFeed: one page of 50, newest first. The next page is asked with the cursor of
 * the previous one (items arriving meanwhile neither repeat nor go missing); `offset` (the
 * number already loaded) is the spec's form, used when the server gave no cursor.
 */
export async function fetchFeedPage(
  { cursor, offset }: FeedPageParam,
  filter: FeedFilter = NO_FILTER,
  signal?: AbortSignal,
): Promise<FeedPage> {
  const answer = await callApiData(getPublicFeedCall, {
    auth: 'none',
    signal,
    query: {
      limit: FEED_PAGE_SIZE,
      ...(cursor ? { cursor } : { offset }),
      ...(filter.presetType ? { type: filter.presetType } : {}),
      ...(filter.creatorId ? { creator: filter.creatorId } : {}),
    },
  });
  return { items: fromFeedItems(answer.items), hasMore: answer.hasMore, nextCursor: answer.nextCursor || null };
}

/** GET getTrending: likes × exp(−age in days / 7), best first. */
export async function fetchTrending(signal?: AbortSignal, limit = TRENDING_DEFAULT_LIMIT): Promise<MediaItem[]> {
  const answer = await callApiData(getTrendingCall, { auth: 'none', signal, query: { limit } });
  return fromFeedItems(answer.items);
}
