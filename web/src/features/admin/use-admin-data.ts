import type { AdminMediaRow, AdminSettings, AdminUserRow } from '@app/shared/api/admin';
import type { ResolveAction } from '@app/shared/api/reports';
import { keepPreviousData, useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { queryKeys } from '../../api/query-keys';
import {
  adjustCredits,
  deleteAdminMedia,
  deleteUser,
  getAdminConfig,
  getAdminMedia,
  getAdminSettings,
  getAdminUsers,
  getAuditLog,
  getReviewQueue,
  getRunTimeline,
  resolveReport,
  setBanned,
  updateAdminSettings,
} from './admin-api';
import { nextMediaOffset } from './admin-rules';

/** The System Diagnosis reads the measured state again every 10 s. */
export const CONFIG_REFRESH_MS = 10_000;
/** The Users search asks the server once typing pauses. */
export const USER_SEARCH_DEBOUNCE_MS = 300;

export function useAdminConfig() {
  return useQuery({ queryKey: queryKeys.admin('config'), queryFn: ({ signal }) => getAdminConfig(signal), refetchInterval: CONFIG_REFRESH_MS });
}

export function useAuditLog() {
  return useQuery({ queryKey: queryKeys.admin('audit'), queryFn: ({ signal }) => getAuditLog(signal), refetchInterval: CONFIG_REFRESH_MS });
}

/** A run's timeline; read again every few seconds while the run is still going. */
export function useRunTimeline(runId: string) {
  return useQuery({
    queryKey: queryKeys.admin('run-timeline', runId),
    queryFn: ({ signal }) => getRunTimeline(runId, signal),
    refetchInterval: (query) => (query.state.data?.status === 'processing' ? 2_000 : false),
  });
}

/** Admin actions log their errors to the console only (spec 3 §8). */
function logFailure(action: string) {
  return (error: unknown) => console.error(`Admin: ${action} failed`, error);
}

/** After an action: the stats and the audit log change too. */
function useRefreshAfterAction() {
  const client = useQueryClient();
  return useCallback(() => {
    void client.invalidateQueries({ queryKey: queryKeys.admin('config') });
    void client.invalidateQueries({ queryKey: queryKeys.admin('audit') });
  }, [client]);
}

export function useAdminSettings() {
  const client = useQueryClient();
  const refresh = useRefreshAfterAction();
  const query = useQuery({ queryKey: queryKeys.admin('settings'), queryFn: ({ signal }) => getAdminSettings(signal) });
  const mutation = useMutation({
    mutationFn: (change: Partial<AdminSettings>) => updateAdminSettings(change),
    onSuccess: (settings) => {
      client.setQueryData(queryKeys.admin('settings'), settings);
      refresh();
    },
    onError: logFailure('saving the settings'),
  });
  return { settings: query.data ?? null, failed: query.isError, saving: mutation.isPending, save: mutation.mutate };
}

export function useDebouncedValue<T>(value: T, ms: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = window.setTimeout(() => setSettled(value), ms);
    return () => window.clearTimeout(timer);
  }, [value, ms]);
  return settled;
}

type UsersAnswer = Awaited<ReturnType<typeof getAdminUsers>>;

/** The Users tab: the server's search (debounced), and the row's new state after each action. */
export function useAdminUsers(search: string) {
  const client = useQueryClient();
  const refresh = useRefreshAfterAction();
  const term = useDebouncedValue(search.trim(), USER_SEARCH_DEBOUNCE_MS);
  const query = useQuery({
    queryKey: queryKeys.admin('users', term),
    queryFn: ({ signal }) => getAdminUsers(term, signal),
    placeholderData: keepPreviousData,
  });
  const [busy, setBusy] = useState<ReadonlySet<string>>(new Set());

  const patchUser = useCallback(
    (userId: string, change: (user: AdminUserRow) => AdminUserRow | null) =>
      client.setQueriesData<UsersAnswer>({ queryKey: queryKeys.admin('users') }, (data) => {
        if (!data) return data;
        const users = data.users.flatMap((user) => {
          if (user.id !== userId) return [user];
          const next = change(user);
          return next ? [next] : [];
        });
        return { ...data, users, total: data.total - (data.users.length - users.length) };
      }),
    [client],
  );

  const run = useCallback(
    async (userId: string, action: string, work: () => Promise<void>) => {
      setBusy((current) => new Set(current).add(userId));
      try {
        await work();
        refresh();
      } catch (error) {
        logFailure(action)(error);
      } finally {
        setBusy((current) => {
          const next = new Set(current);
          next.delete(userId);
          return next;
        });
      }
    },
    [refresh],
  );

  const actions = useMemo(
    () => ({
      adjust: (userId: string, adjustment: 10 | -10) =>
        run(userId, 'adjusting credits', async () => {
          const { credits } = await adjustCredits(userId, adjustment);
          patchUser(userId, (user) => ({ ...user, credits }));
        }),
      setBanned: (userId: string, banned: boolean) =>
        run(userId, banned ? 'banning' : 'lifting a ban', async () => {
          const answer = await setBanned(userId, banned);
          patchUser(userId, (user) => ({ ...user, banned: answer.banned }));
        }),
      remove: (userId: string) =>
        run(userId, 'deleting a user', async () => {
          await deleteUser(userId);
          patchUser(userId, () => null);
        }),
    }),
    [run, patchUser],
  );

  return {
    users: query.data?.users ?? [],
    total: query.data?.total ?? 0,
    status: query.isPending ? ('loading' as const) : query.isError && !query.data ? ('error' as const) : ('ready' as const),
    searching: term !== search.trim() || query.isPlaceholderData,
    busy,
    ...actions,
  };
}

/** The Media tab (spec 3 §4): 50 at a time until a page returns fewer; deleted items leave at once. */
export function useAdminMedia() {
  const refresh = useRefreshAfterAction();
  // Each deletion moves the server's later rows one place up: the next page starts that much earlier.
  const deleted = useRef(0);
  const [hidden, setHidden] = useState<ReadonlySet<string>>(new Set());
  const query = useInfiniteQuery({
    queryKey: queryKeys.admin('media'),
    initialPageParam: 0,
    queryFn: ({ pageParam, signal }) => getAdminMedia(Math.max(0, pageParam - deleted.current), signal),
    getNextPageParam: (_last, pages) => nextMediaOffset(pages),
    refetchOnWindowFocus: false,
  });

  const items = useMemo(() => {
    const seen = new Set<string>(hidden);
    return (query.data?.pages ?? []).flatMap((page) => page.media.filter((item) => !seen.has(item.id) && seen.add(item.id)));
  }, [query.data, hidden]);

  const { hasNextPage, isFetchingNextPage, fetchNextPage } = query;
  const loadMore = useCallback(() => {
    if (hasNextPage && !isFetchingNextPage) void fetchNextPage();
  }, [hasNextPage, isFetchingNextPage, fetchNextPage]);

  const remove = useCallback(
    async (item: AdminMediaRow): Promise<boolean> => {
      try {
        await deleteAdminMedia(item.id, item.type);
      } catch (error) {
        logFailure('deleting media')(error);
        return false;
      }
      deleted.current += 1;
      setHidden((current) => new Set(current).add(item.id));
      refresh();
      return true;
    },
    [refresh],
  );

  return {
    items,
    status: query.isPending ? ('loading' as const) : query.isError && items.length === 0 ? ('error' as const) : ('ready' as const),
    hasMore: hasNextPage,
    loadingMore: isFetchingNextPage,
    loadMore,
    remove,
  };
}

/**
 * The Reports tab (issue 42): the review queue, read again with the diagnosis's rhythm; an
 * item leaves it as soon as the admin's decision is in.
 */
const REVIEW_QUEUE_KEY = queryKeys.admin('reports');

export function useReviewQueue() {
  const refresh = useRefreshAfterAction();
  const client = useQueryClient();
  const query = useQuery({ queryKey: REVIEW_QUEUE_KEY, queryFn: ({ signal }) => getReviewQueue(signal), refetchInterval: CONFIG_REFRESH_MS });
  const [busy, setBusy] = useState<string | null>(null);
  const [failed, setFailed] = useState<string | null>(null);

  const resolve = useCallback(
    async (mediaId: string, action: ResolveAction, banOwner: boolean) => {
      setBusy(mediaId);
      setFailed(null);
      try {
        await resolveReport(mediaId, action, banOwner);
        client.setQueryData<Awaited<ReturnType<typeof getReviewQueue>>>(REVIEW_QUEUE_KEY, (entries) => entries?.filter((entry) => entry.mediaId !== mediaId));
        void client.invalidateQueries({ queryKey: REVIEW_QUEUE_KEY });
        // A ban changes the Users tab too.
        if (banOwner) void client.invalidateQueries({ queryKey: queryKeys.admin('users') });
        refresh();
      } catch (error) {
        logFailure('resolving a report')(error);
        setFailed(mediaId);
      } finally {
        setBusy(null);
      }
    },
    [client, refresh],
  );

  return {
    entries: query.data ?? [],
    status: query.isPending ? ('loading' as const) : query.isError && !query.data ? ('error' as const) : ('ready' as const),
    busy,
    failed,
    resolve,
  };
}
