import { FEED_PAGE_SIZE, TRENDING_DEFAULT_LIMIT } from '@app/shared';
import { type FeedKind, type FeedPeriod, type FeedSort, getPublicFeedCall, getTrendingCall } from '@app/shared/api/feed';
import type { CallRequest, CallResponse } from '@app/shared/api/define-call';
import { callApiData } from '../../api/client';
import { fromFeedItems, type MediaItem } from '../../entities/media/media-item';

/** What the feed shows: its order, and what it can be narrowed to (each narrowing optional, together they all apply). */
export interface FeedFilter {
  /** A preset type, e.g. unreal_reflection. */
  presetType: string | null;
  creatorId: string | null;
  sort: FeedSort;
  /** How far back `top` looks; always 'all' with the other orders. */
  period: FeedPeriod;
  /** Words matched against prompts and tags. */
  q: string | null;
  /** One exact tag, lowercase. */
  tag: string | null;
  /** `following`: the signed-in person's Following feed (newest first, nothing else narrows it); null: everyone's. */
  feed: FeedKind | null;
}

export const NO_FILTER: FeedFilter = { presetType: null, creatorId: null, sort: 'new', period: 'all', q: null, tag: null, feed: null };

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
 * GET getPublicFeed: one page of 50, in the filter's order (newest first by default). The next
 * page is asked with the cursor of the previous one (items arriving meanwhile neither repeat nor
 * go missing, whatever the order); `offset` (the number already loaded) is the spec's form, used
 * when the server gave no cursor. Defaults are left out, as in the address.
 */
export async function fetchFeedPage(
  { cursor, offset }: FeedPageParam,
  filter: FeedFilter = NO_FILTER,
  signal?: AbortSignal,
): Promise<FeedPage> {
  // The Following feed is the session's own, paged by cursor only.
  if (filter.feed === 'following') {
    const answer = await callApiData(getPublicFeedCall, { signal, query: { limit: FEED_PAGE_SIZE, feed: 'following', ...(cursor ? { cursor } : {}) } });
    return toFeedPage(answer);
  }
  const query = {
    limit: FEED_PAGE_SIZE,
    ...(cursor ? { cursor } : { offset }),
    ...(filter.presetType ? { type: filter.presetType } : {}),
    ...(filter.creatorId ? { creator: filter.creatorId } : {}),
    ...(filter.sort !== NO_FILTER.sort ? { sort: filter.sort } : {}),
    ...(filter.sort === 'top' && filter.period !== NO_FILTER.period ? { period: filter.period } : {}),
    ...(filter.q ? { q: filter.q } : {}),
    ...(filter.tag ? { tag: filter.tag } : {}),
  } satisfies CallRequest<typeof getPublicFeedCall>;
  return toFeedPage(await callApiData(getPublicFeedCall, { auth: 'none', signal, query }));
}

/** A getPublicFeed answer as the feed keeps it. */
export function toFeedPage(answer: CallResponse<typeof getPublicFeedCall>): FeedPage {
  return { items: fromFeedItems(answer.items), hasMore: answer.hasMore, nextCursor: answer.nextCursor || null };
}

/** GET getTrending: likes × exp(−age in days / 7), best first. */
export async function fetchTrending(signal?: AbortSignal, limit = TRENDING_DEFAULT_LIMIT): Promise<MediaItem[]> {
  const answer = await callApiData(getTrendingCall, { auth: 'none', signal, query: { limit } });
  return fromFeedItems(answer.items);
}
