import type { Notification, NotificationsAnswer } from '@app/shared/api/notifications';
import { type InfiniteData, useInfiniteQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo } from 'react';
import { queryKeys } from '../../api/query-keys';
import { sharedRunEventStream } from '../../api/run-event-stream';
import { fetchNotifications, markNotificationsRead } from './notifications-api';

/** Without the live stream (or when it is down), new notifications show on the next refetch. */
export const NOTIFICATIONS_REFETCH_MS = 60_000;

export interface Notifications {
  items: Notification[];
  /** The server's unread count (its latest answer, or the live stream's latest event). */
  unreadCount: number;
  status: 'loading' | 'ready' | 'error';
  hasMore: boolean;
  loadMore(): void;
  /** Marks read everything up to the newest notification shown. */
  markAllRead(): void;
}

/**
 * The signed-in person's notifications: the list a page at a time, and the unread count, kept
 * fresh by the page's run-event stream (a `notification` event refetches) or else by a modest poll.
 */
export function useNotifications(userId: string): Notifications {
  const queryClient = useQueryClient();
  const queryKey = useMemo(() => [...queryKeys.notifications(), userId], [userId]);
  const query = useInfiniteQuery({
    queryKey,
    initialPageParam: null as string | null,
    queryFn: ({ pageParam, signal }) => fetchNotifications(pageParam, signal),
    getNextPageParam: (last) => (last.hasMore ? last.nextCursor : null),
    refetchInterval: NOTIFICATIONS_REFETCH_MS,
    retry: 1,
  });

  useEffect(() => {
    const stream = sharedRunEventStream();
    if (!stream) return undefined;
    return stream.subscribe({
      onEvent: () => {},
      onNotification: () => void queryClient.invalidateQueries({ queryKey }),
      // Back after a break: what came meanwhile is read again.
      onUp: () => void queryClient.invalidateQueries({ queryKey }),
    });
  }, [queryClient, queryKey]);

  const pages = query.data?.pages;
  const items = useMemo(() => {
    const seen = new Set<string>();
    return (pages ?? []).flatMap((page) => page.items).filter((item) => !seen.has(item.id) && seen.add(item.id));
  }, [pages]);
  const newest = items[0]?.id;
  const unreadCount = pages?.[0]?.unreadCount ?? 0;

  const markAllRead = useCallback(() => {
    if (!newest || unreadCount === 0) return;
    void markNotificationsRead({ upTo: newest })
      .then((answer) =>
        queryClient.setQueryData<InfiniteData<NotificationsAnswer, string | null>>(queryKey, (data) =>
          data ? { ...data, pages: data.pages.map((page, i) => (i === 0 ? { ...page, unreadCount: answer.unreadCount } : page)) } : data,
        ),
      )
      .catch(() => {});
  }, [newest, unreadCount, queryClient, queryKey]);

  return {
    items,
    unreadCount,
    status: query.isPending ? 'loading' : query.isError && !pages ? 'error' : 'ready',
    hasMore: query.hasNextPage,
    loadMore: () => {
      if (query.hasNextPage && !query.isFetchingNextPage) void query.fetchNextPage();
    },
    markAllRead,
  };
}
