import { getLikedMediaCall } from '@app/shared/api/feed';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { callApiData } from '../../api/client';
import { queryKeys } from '../../api/query-keys';
import { useLikes } from '../../entities/media/likes';
import { fromFeedItems, type MediaItem } from '../../entities/media/media-item';

export interface LikedMedia {
  /** What the person liked, newest like first; one unliked in this tab leaves at once. */
  items: MediaItem[];
  status: 'loading' | 'ready' | 'error';
  hasMore: boolean;
  loadingMore: boolean;
  loadMore(): void;
  reload(): void;
}

/** GET get-liked-media: the signed-in person's liked collection, a page at a time by cursor. */
export function useLikedMedia(userId: string): LikedMedia {
  const likes = useLikes();
  const query = useInfiniteQuery({
    queryKey: [...queryKeys.likedMedia(), userId],
    initialPageParam: null as string | null,
    queryFn: ({ pageParam, signal }) => callApiData(getLikedMediaCall, { signal, query: pageParam ? { cursor: pageParam } : {} }),
    getNextPageParam: (last) => (last.hasMore ? last.nextCursor : null),
    retry: 1,
  });
  const pages = query.data?.pages;
  const loaded = useMemo(() => {
    const seen = new Set<string>();
    return (pages ?? []).flatMap((page) => fromFeedItems(page.items, seen).filter((item) => !seen.has(item.id) && seen.add(item.id)));
  }, [pages]);
  const { wasUnliked } = likes;
  const items = useMemo(() => loaded.filter((item) => !wasUnliked(item)), [loaded, wasUnliked]);
  return {
    items,
    status: query.isPending ? 'loading' : query.isError && !pages ? 'error' : 'ready',
    hasMore: query.hasNextPage,
    loadingMore: query.isFetchingNextPage,
    loadMore: () => {
      if (query.hasNextPage && !query.isFetchingNextPage) void query.fetchNextPage();
    },
    reload: () => void query.refetch(),
  };
}
