import { type DailyTopUp, getQuotaCall } from '@app/shared/api/account';
import { useQuery } from '@tanstack/react-query';
import { callApiData } from '../../../api/client';
import { queryKeys } from '../../../api/query-keys';

/** The daily top-up as the server tells it (its level and the next one's time); null while unknown. */
export function useDailyTopUp(): DailyTopUp | null {
  const query = useQuery({
    queryKey: queryKeys.dailyTopUp(),
    queryFn: async ({ signal }) => (await callApiData(getQuotaCall, { signal })).dailyTopUp,
    retry: false,
  });
  return query.data ?? null;
}
