import { type Collection, getCollectionCall } from '@app/shared/api/collections';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { ApiError } from '../../api/api-error';
import { callApiData } from '../../api/client';
import { queryKeys } from '../../api/query-keys';
import { fromFeedItems, type MediaItem } from '../../entities/media/media-item';
import { useAuth } from '../../state/use-auth';

export interface CollectionPage {
  collection: Collection | null;
  items: MediaItem[];
  status: 'loading' | 'ready' | 'not-found' | 'error';
  hasMore: boolean;
  loadingMore: boolean;
  loadMore(): void;
  reload(): void;
}

const isNotFound = (error: unknown) => error instanceof ApiError && (error.status === 404 || error.status === 400);

/**
 * GET get-collection?id=: the collection and what the reader may see in it, a page at a time by
 * cursor. Sent with the session when there is one, so the owner reads their private collection.
 */
export function useCollectionPage(id: string): CollectionPage {
  // What a reader sees depends on who they are (an owner sees their private items).
  const viewerId = useAuth().user?.id ?? '';
  const query = useInfiniteQuery({
    queryKey: queryKeys.collections('page', id, viewerId),
    initialPageParam: null as string | null,
    queryFn: ({ pageParam, signal }) => callApiData(getCollectionCall, { signal, query: { id, ...(pageParam ? { cursor: pageParam } : {}) } }),
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
    collection: pages?.[0]?.collection ?? null,
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
