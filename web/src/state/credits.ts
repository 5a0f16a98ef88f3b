import { getQuotaCall } from '@app/shared/api/account';
import { useQuery } from '@tanstack/react-query';
import { ApiError } from '../api/api-error';
import { callApiData } from '../api/client';
import { queryKeys } from '../api/query-keys';

/**
 * The credits left (GET getQuota): `remaining`, else `currentBalance` (spec 1 §7); the shared
 * schema makes the server send both, so `remaining` is always there. The one reader of the
 * balance: the composer, the profile and the engine's preflight all read it here.
 */
export async function fetchCredits(signal?: AbortSignal): Promise<number> {
  return (await callApiData(getQuotaCall, { signal })).remaining;
}

export const creditsQuery = {
  queryKey: queryKeys.quota(),
  queryFn: ({ signal }: { signal: AbortSignal }) => fetchCredits(signal),
} as const;

/** The credits while `enabled` (signed in, composer open); a 401 means no quota (null). */
export function useCredits(enabled: boolean): { credits: number | null; isError: boolean } {
  const query = useQuery({
    ...creditsQuery,
    enabled,
    retry: (failures, error) => !(error instanceof ApiError && error.status === 401) && failures < 1,
  });
  return { credits: enabled ? (query.data ?? null) : null, isError: query.isError };
}
