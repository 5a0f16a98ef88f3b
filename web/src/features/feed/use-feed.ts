import { FEED_MIN_INITIAL_LOADING_MS } from '@app/shared';
import { type InfiniteData, useInfiniteQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useRef } from 'react';
import { queryKeys } from '../../api/query-keys';
import type { MediaItem } from '../../entities/media/media-item';
import { useAuth } from '../../state/use-auth';
import { type FeedFilter, type FeedPage, type FeedPageParam, fetchFeedPage } from './feed-api';

export interface UseFeed {
  items: MediaItem[];
  /** 'loading': the first page of this filter (skeleton rows show). */
  status: 'loading' | 'ready' | 'error';
  loadingMore: boolean;
  hasMore: boolean;
  /** The next page (ignored while one loads or at the end). */
  loadMore(): void;
  /** Shows the skeleton and loads from the start. */
  reload(): void;
  /** Puts an item on top at once (a new public creation) when the feed is newest first; a repeat or an item the filter hides is ignored. */
  prepend(item: MediaItem): void;
}

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
export const FIRST_PAGE: FeedPageParam = { cursor: null, offset: 0 };

/**
 * The query key of one filter and order of the feed (all of them invalidate with `queryKeys.feed()`);
 * the Following feed's is the viewer's own.
 */
export function feedKey({ presetType, creatorId, sort, period, q, tag, feed }: FeedFilter, viewerId: string | null = null) {
  return queryKeys.feed(JSON.stringify([presetType, creatorId, sort, period, q, tag, ...(feed ? [feed, viewerId] : [])]));
}

/** Whether a new creation belongs on top of this view of the feed (a search's matches are the server's to say). */
function showsOnTop(item: MediaItem, filter: FeedFilter): boolean {
  // One's own creation is not of someone one follows.
  if (filter.sort !== 'new' || filter.q || filter.feed) return false;
  if (filter.presetType && item.presetType !== filter.presetType) return false;
  if (filter.creatorId && item.userId !== filter.creatorId) return false;
  return !filter.tag || item.tags.includes(filter.tag);
}

/**
 * The public feed (spec 1 §2, §9): pages of 50 by cursor, a first load that lasts at least
 * 1200 ms (skeleton rows), more on demand.
 */
export function useFeed(filter: FeedFilter): UseFeed {
  const client = useQueryClient();
  const { isAuthenticated, user } = useAuth();
  const viewerId = isAuthenticated ? (user?.id ?? null) : null;
  // The Following feed is a signed-in person's: a visitor asks nothing (the section says sign in).
  const enabled = filter.feed !== 'following' || viewerId !== null;
  const key = useMemo(() => feedKey(filter, viewerId), [filter, viewerId]);
  /** The skeleton shows until this moment (also across StrictMode's second mount). */
  const minimumUntil = useRef<number | null>(null);
  const query = useInfiniteQuery({
    queryKey: key,
    initialPageParam: FIRST_PAGE,
    queryFn: async ({ pageParam, signal }) => {
      if (pageParam.cursor !== null || pageParam.offset > 0) return fetchFeedPage(pageParam, filter, signal);
      minimumUntil.current ??= Date.now() + FEED_MIN_INITIAL_LOADING_MS;
      const [page] = await Promise.all([fetchFeedPage(pageParam, filter, signal), wait(Math.max(0, minimumUntil.current - Date.now()))]);
      return page;
    },
    getNextPageParam: (last, pages): FeedPageParam | undefined =>
      last.hasMore ? { cursor: last.nextCursor, offset: pages.reduce((sum, page) => sum + page.items.length, 0) } : undefined,
    retry: false,
    enabled,
  });
  // Spec 1 §8: a feed failure is only logged.
  useEffect(() => {
    if (query.error) console.warn('Feed failed to load', query.error);
  }, [query.error]);

  const items = useMemo(() => {
    const seen = new Set<string>();
    return (query.data?.pages ?? []).flatMap((page) => page.items.filter((item) => !seen.has(item.id) && seen.add(item.id)));
  }, [query.data]);

  const { hasNextPage, isFetchingNextPage, fetchNextPage, refetch } = query;
  const loadMore = useCallback(() => {
    if (hasNextPage && !isFetchingNextPage) void fetchNextPage();
  }, [hasNextPage, isFetchingNextPage, fetchNextPage]);
  const reload = useCallback(() => void refetch(), [refetch]);

  const prepend = useCallback(
    (item: MediaItem) => {
      if (!showsOnTop(item, filter)) return;
      client.setQueryData<InfiniteData<FeedPage, FeedPageParam>>(key, (data) => {
        const [first, ...rest] = data?.pages ?? [];
        if (!data || !first || data.pages.some((page) => page.items.some((known) => known.id === item.id))) return data;
        return { ...data, pages: [{ ...first, items: [item, ...first.items] }, ...rest] };
      });
    },
    [client, key, filter],
  );

  const status = query.isPending ? 'loading' : query.isError && items.length === 0 ? 'error' : 'ready';
  return { items, status, loadingMore: isFetchingNextPage, hasMore: hasNextPage, loadMore, reload, prepend };
}
