import type { FeedItem } from '@app/shared/api/feed';
import { type QueryKey, useInfiniteQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { fromFeedItems, type MediaItem } from './media-item';

/** A page of creations by keyset cursor, as get-creator and get-collection answer (with their header). */
interface CursorPageAnswer {
  items: readonly FeedItem[];
  hasMore: boolean;
  nextCursor: string | null;
}

export interface MediaPages<Answer> {
  /** The first page's answer (the header it carries: the creator, the collection), once loaded. */
  first: Answer | null;
  items: MediaItem[];
  status: 'loading' | 'ready' | 'not-found' | 'error';
  hasMore: boolean;
  loadingMore: boolean;
  loadMore(): void;
  reload(): void;
}

/**
 * A page of someone's or something's creations (a creator's, a collection's), a page at a time by
 * cursor: each creation once across pages; `not-found` when the first page's error says so (no
 * retry then).
 */
export function useMediaPages<Answer extends CursorPageAnswer>(options: {
  queryKey: QueryKey;
  fetchPage: (cursor: string | null, signal: AbortSignal) => Promise<Answer>;
  isNotFound: (error: unknown) => boolean;
}): MediaPages<Answer> {
  const { isNotFound } = options;
  const query = useInfiniteQuery({
    queryKey: options.queryKey,
    initialPageParam: null as string | null,
    queryFn: ({ pageParam, signal }) => options.fetchPage(pageParam, signal),
    getNextPageParam: (last) => (last.hasMore ? last.nextCursor : null),
    retry: (count, error) => count < 1 && !isNotFound(error),
  });
  const pages = query.data?.pages;
  const items = useMemo(() => {
    const seen = new Set<string>();
    return (pages ?? []).flatMap((page) => fromFeedItems(page.items, seen).filter((item) => !seen.has(item.id) && seen.add(item.id)));
  }, [pages]);
  const status = query.isPending ? 'loading' : query.isError && !pages ? (isNotFound(query.error) ? 'not-found' : 'error') : 'ready';
  return {
    first: pages?.[0] ?? null,
    items,
    status,
    hasMore: query.hasNextPage,
    loadingMore: query.isFetchingNextPage,
    loadMore: () => {
      if (query.hasNextPage && !query.isFetchingNextPage) void query.fetchNextPage();
    },
    reload: () => void query.refetch(),
  };
}
