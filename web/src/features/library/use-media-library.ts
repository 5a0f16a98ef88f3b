import { MEDIA_PAGE_SIZE } from '@app/shared';
import { type InfiniteData, infiniteQueryOptions, keepPreviousData, type QueryClient, useInfiniteQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { queryKeys } from '../../api/query-keys';
import type { MediaItem } from '../../entities/media/media-item';
import { useRunList } from '../../state/run-store';
import { getUserMedia, type MediaPage } from './api/media-api';
import { groupVariations } from './group-variations';
import { runItems } from './run-items';

/** Delayed refreshes (spec 2 §8, §9). */
export const REFRESH_AFTER_DELETE_MS = 1000;
export const REFRESH_AFTER_DOWNLOAD_MS = 500;

/**
 * The signed-in person's media (spec 2 §4): loading, then empty or populated; pages of 20
 * appended on demand; local stand-ins for a run in progress and for one that failed; items
 * hidden at once when deleted. A finished run refreshes it through `queryKeys.library()`.
 */
export interface MediaLibrary {
  /** What the grid shows: failed and running stand-ins first, then the server's items. */
  items: MediaItem[];
  /** The server's count of this person's media. */
  total: number;
  /**
   * What "N creations" says: the server's count plus the runs in progress (or done) it does not
   * list yet; null until the first answer (never a 0 while a run is on screen).
   */
  count: number | null;
  /** How many of the server's items are on screen (bulk actions need one). */
  listed: number;
  hasMore: boolean;
  status: 'loading' | 'ready' | 'error';
  loadingMore: boolean;
  loadMore: () => void;
  /** Reloads what is shown, in the background. */
  refresh: () => void;
  refreshAfter: (ms: number) => void;
  /** Hides items at once (deleted, or a failed stand-in dismissed). */
  hide: (ids: readonly string[]) => void;
  update: (id: string, patch: Partial<MediaItem>) => void;
}

type Pages = InfiniteData<MediaPage, number>;

function mapPages(data: Pages | undefined, change: (items: MediaItem[]) => MediaItem[]): Pages | undefined {
  return data && { ...data, pages: data.pages.map((page) => ({ ...page, items: change(page.items) })) };
}

/** The person's list, 20 at a time: the library's query, and its warm-up. */
function libraryQuery(userId: string) {
  return infiniteQueryOptions({
    queryKey: queryKeys.library(userId),
    initialPageParam: 0,
    queryFn: ({ pageParam, signal }) => getUserMedia(userId, { offset: pageParam, limit: MEDIA_PAGE_SIZE, signal }),
    getNextPageParam: (last: MediaPage, pages: MediaPage[]) => (last.hasMore ? pages.reduce((sum, page) => sum + page.items.length, 0) : undefined),
  });
}

/** Asks for the first page ahead of the library's mount (nothing while it is fresh): the engine's warm-up. */
export function prefetchLibrary(client: QueryClient, userId: string): Promise<void> {
  return client.prefetchInfiniteQuery(libraryQuery(userId));
}

export function useMediaLibrary(userId: string): MediaLibrary {
  const client = useQueryClient();
  const key = useMemo(() => queryKeys.library(userId), [userId]);
  const query = useInfiniteQuery({
    ...libraryQuery(userId),
    // A refetch (a run finished) keeps what is shown until the new answer is in: no empty flash.
    placeholderData: keepPreviousData,
  });
  const runs = useRunList();
  const [dismissed, setDismissed] = useState<ReadonlySet<string>>(new Set());
  const refreshTimer = useRef<number | undefined>(undefined);
  useEffect(() => () => window.clearTimeout(refreshTimer.current), []);

  const refresh = useCallback(() => void client.invalidateQueries({ queryKey: queryKeys.library() }), [client]);
  const refreshAfter = useCallback(
    (ms: number) => {
      window.clearTimeout(refreshTimer.current);
      refreshTimer.current = window.setTimeout(refresh, ms);
    },
    [refresh],
  );

  const hide = useCallback(
    (ids: readonly string[]) => {
      const gone = new Set(ids);
      setDismissed((current) => new Set([...current, ...ids]));
      client.setQueryData<Pages>(key, (data) => {
        const removed = data?.pages.reduce((sum, page) => sum + page.items.filter((item) => gone.has(item.id)).length, 0) ?? 0;
        const next = mapPages(data, (items) => items.filter((item) => !gone.has(item.id)));
        return next && { ...next, pages: next.pages.map((page) => ({ ...page, total: Math.max(0, page.total - removed) })) };
      });
    },
    [client, key],
  );

  const update = useCallback(
    (id: string, patch: Partial<MediaItem>) =>
      client.setQueryData<Pages>(key, (data) => mapPages(data, (items) => items.map((item) => (item.id === id ? { ...item, ...patch } : item)))),
    [client, key],
  );

  const { hasNextPage, isFetchingNextPage, fetchNextPage } = query;
  const loadMore = useCallback(() => {
    if (hasNextPage && !isFetchingNextPage) void fetchNextPage();
  }, [hasNextPage, isFetchingNextPage, fetchNextPage]);

  const served = useMemo(() => {
    const seen = new Set<string>();
    return (query.data?.pages ?? []).flatMap((page) => page.items.filter((item) => !seen.has(item.id) && seen.add(item.id)));
  }, [query.data]);

  const local = useMemo(() => runItems(runs, served).filter((item) => !dismissed.has(item.id)), [runs, served, dismissed]);
  const items = useMemo(() => local.concat(groupVariations(served)), [local, served]);

  const pages = query.data?.pages;
  const total = pages?.[pages.length - 1]?.total ?? 0;
  // A failed or canceled run made nothing: it is not a creation.
  const unlisted = local.filter((item) => item.status !== 'failed').length;
  return {
    items,
    total,
    count: query.isPending ? null : total + unlisted,
    listed: served.length,
    hasMore: hasNextPage,
    status: query.isPending ? 'loading' : query.isError && served.length === 0 ? 'error' : 'ready',
    loadingMore: isFetchingNextPage,
    loadMore,
    refresh,
    refreshAfter,
    hide,
    update,
  };
}
