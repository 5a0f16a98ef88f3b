import { useCallback, useEffect, useState } from 'react';
import { getReferralStats, type ReferralStats } from './api/referrals-api';

/** Friends Invited and Credits Earned (get-referral-stats). */
export function useReferralStats(enabled: boolean) {
  const [stats, setStats] = useState<ReferralStats | null>(null);
  const [failed, setFailed] = useState(false);

  const reload = useCallback(() => {
    if (!enabled) return;
    getReferralStats()
      .then((next) => {
        setStats(next);
        setFailed(false);
      })
      .catch(() => setFailed(true));
  }, [enabled]);

  useEffect(reload, [reload]);
  return { stats, failed, reload };
}
