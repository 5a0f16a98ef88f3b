import { useEffect, useState } from 'react';
import { ApiError } from '../../api/api-error';
import { apiRequest } from '../../api/client';

interface QuotaAnswer {
  quota?: { quota_reached?: boolean; remaining?: number };
}

/** Credits left (GET check-quota), loaded when the composer opens; a 401 means no quota (null). */
export function useQuota(enabled: boolean, refreshKey: unknown = null): number | null {
  const [remaining, setRemaining] = useState<number | null>(null);
  useEffect(() => {
    if (!enabled) {
      setRemaining(null);
      return;
    }
    const controller = new AbortController();
    apiRequest<QuotaAnswer>('check-quota', { signal: controller.signal })
      .then((answer) => {
        const value = answer.quota?.remaining;
        setRemaining(typeof value === 'number' && Number.isFinite(value) ? Math.max(0, value) : null);
      })
      .catch((error: unknown) => {
        if (controller.signal.aborted) return;
        if (error instanceof ApiError && error.status === 401) setRemaining(null);
      });
    return () => controller.abort();
  }, [enabled, refreshKey]);
  return remaining;
}
