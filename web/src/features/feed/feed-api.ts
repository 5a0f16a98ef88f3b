import { FEED_PAGE_SIZE, TRENDING_DEFAULT_LIMIT } from '@app/shared';
import { apiRequest } from '../../api/client';
import { type FeedItem, type RawFeedItem, toFeedItems } from './feed-item';

/** What the feed can be narrowed to: a preset type (e.g. unreal_reflection) and / or a creator. */
export interface FeedFilter {
  presetType: string | null;
  creatorId: string | null;
}

export const NO_FILTER: FeedFilter = { presetType: null, creatorId: null };

export interface FeedPage {
  items: FeedItem[];
  hasMore: boolean;
  nextCursor: string | null;
}

interface FeedAnswer {
  items?: RawFeedItem[];
  hasMore?: boolean;
  nextCursor?: string | null;
}

/**
 * GET getPublicFeed: one page of 50, newest first. The next page is asked with the cursor of
 * the previous one (items arriving meanwhile neither repeat nor go missing); `offset` (the
 * number already loaded) is the spec's form, used when the server gave no cursor.
 */
export async function fetchFeedPage(
  options: { cursor?: string | null; offset?: number; filter?: FeedFilter; seen?: ReadonlySet<string>; signal?: AbortSignal } = {},
): Promise<FeedPage> {
  const { filter = NO_FILTER } = options;
  const answer = await apiRequest<FeedAnswer>('getPublicFeed', {
    auth: 'none',
    signal: options.signal,
    query: {
      limit: FEED_PAGE_SIZE,
      ...(options.cursor ? { cursor: options.cursor } : { offset: options.offset ?? 0 }),
      ...(filter.presetType ? { type: filter.presetType } : {}),
      ...(filter.creatorId ? { creator: filter.creatorId } : {}),
    },
  });
  const raw = Array.isArray(answer.items) ? answer.items : [];
  return {
    items: toFeedItems(raw, options.seen),
    hasMore: answer.hasMore === true,
    nextCursor: typeof answer.nextCursor === 'string' && answer.nextCursor ? answer.nextCursor : null,
  };
}

/** GET getTrending: likes × exp(−age in days / 7), best first. */
export async function fetchTrending(limit = TRENDING_DEFAULT_LIMIT, signal?: AbortSignal): Promise<FeedItem[]> {
  const answer = await apiRequest<FeedAnswer>('getTrending', { auth: 'none', signal, query: { limit } });
  return toFeedItems(Array.isArray(answer.items) ? answer.items : []);
}
