import { type Creator, getCreatorCall } from '@app/shared/api/creators';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { ApiError } from '../../api/api-error';
import { callApiData } from '../../api/client';
import { queryKeys } from '../../api/query-keys';
import { fromFeedItems, type MediaItem } from '../../entities/media/media-item';
import { useAuth } from '../../state/use-auth';

export interface CreatorPage {
  creator: Creator | null;
  items: MediaItem[];
  status: 'loading' | 'ready' | 'not-found' | 'error';
  hasMore: boolean;
  loadingMore: boolean;
  loadMore(): void;
  reload(): void;
}

const isNotFound = (error: unknown) => error instanceof ApiError && error.status === 404;

/**
 * GET get-creator?username=: the creator and their public creations, a page at a time by cursor.
 * Asked with the session, if any, so it says whether the viewer follows them (keyed by viewer).
 */
export function useCreatorPage(username: string): CreatorPage {
  const key = username.toLowerCase();
  const { isAuthenticated, user } = useAuth();
  const viewerId = isAuthenticated ? (user?.id ?? '') : '';
  const query = useInfiniteQuery({
    queryKey: [...queryKeys.creator(key), viewerId],
    initialPageParam: null as string | null,
    queryFn: ({ pageParam, signal }) =>
      callApiData(getCreatorCall, { auth: viewerId ? 'session' : 'none', signal, query: { username: key, ...(pageParam ? { cursor: pageParam } : {}) } }),
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
    creator: pages?.[0]?.creator ?? null,
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
