import { type QueryClient, useQuery } from '@tanstack/react-query';
import { getUserProfile, type UserProfile } from '../api/profile';
import { queryKeys } from '../api/query-keys';
import { getAuthState, subscribeSignedInUser } from './auth-store';

/**
 * The signed-in user's profile (spec 1 §4) in the query cache: loaded 200 ms after start, loaded
 * again on every sign-in, back to nothing on sign-out. That life cycle and `refreshProfile` are
 * the only loads; the hook only reads (so a screen that mounts early does not load it sooner).
 */
export interface ProfileState {
  profile: UserProfile | null;
  status: 'idle' | 'loading' | 'ready' | 'error';
}

export const PROFILE_INITIAL_DELAY_MS = 200;

const profileQuery = {
  queryKey: queryKeys.profile(),
  queryFn: ({ signal }: { signal: AbortSignal }) => getUserProfile(signal),
  // Kept while signed in even when no screen shows it: nothing but the life cycle loads it again.
  gcTime: Infinity,
} as const;

async function clearProfile(queryClient: QueryClient): Promise<void> {
  await queryClient.cancelQueries({ queryKey: profileQuery.queryKey });
  await queryClient.resetQueries({ queryKey: profileQuery.queryKey });
}

/** Loads the profile again (after a sign-in, an e-mail change…). Resolves when it is in. */
export async function refreshProfile(queryClient: QueryClient): Promise<void> {
  if (!getAuthState().isAuthenticated) return clearProfile(queryClient);
  // A load already under way may predate the change: this one replaces it.
  await queryClient.cancelQueries({ queryKey: profileQuery.queryKey });
  await queryClient.fetchQuery({ ...profileQuery, staleTime: 0 }).catch(() => {});
}

/** Starts the profile's life cycle; returns a function that stops it. */
export function startProfileSync(queryClient: QueryClient): () => void {
  const timer = window.setTimeout(() => void refreshProfile(queryClient), PROFILE_INITIAL_DELAY_MS);
  // Another person signed in, or nobody: the last person's profile is never shown meanwhile.
  const stop = subscribeSignedInUser(() => void clearProfile(queryClient).then(() => refreshProfile(queryClient)));
  return () => {
    window.clearTimeout(timer);
    stop();
  };
}

/** The signed-in user's profile as last loaded. */
export function useProfile(): ProfileState {
  const query = useQuery({ ...profileQuery, enabled: false });
  const status = query.isFetching ? 'loading' : query.isError ? 'error' : query.data ? 'ready' : 'idle';
  return { profile: query.data ?? null, status };
}
