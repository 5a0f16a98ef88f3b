import { useQuery } from '@tanstack/react-query';
import { queryKeys } from '../../api/query-keys';
import { getReferralStats } from './api/referrals-api';

/** Friends Invited and Credits Earned (get-referral-stats). */
export function useReferralStats(enabled: boolean) {
  const query = useQuery({ queryKey: queryKeys.referrals(), queryFn: ({ signal }) => getReferralStats(signal), enabled });
  return { stats: query.data ?? null, failed: query.isError, reload: () => void query.refetch() };
}
