import { useCallback, useEffect, useState } from 'react';
import { getQuota } from './api/account-api';
import { MEDIA_EVENTS } from './media-events';

/** What the profile shows when the quota cannot be read (spec 2 §9). */
export const FALLBACK_BALANCE = 14;

/** The credit balance (GET getQuota), read again after each generation. */
export function useBalance(enabled: boolean): { balance: number | null; reload: () => void } {
  const [balance, setBalance] = useState<number | null>(null);

  const reload = useCallback(() => {
    if (!enabled) return;
    void getQuota()
      .then((answer) => {
        const value = answer.currentBalance ?? answer.remaining;
        setBalance(typeof value === 'number' && Number.isFinite(value) ? value : FALLBACK_BALANCE);
      })
      .catch(() => setBalance(FALLBACK_BALANCE));
  }, [enabled]);

  useEffect(() => {
    reload();
    const events = [MEDIA_EVENTS.generationStart, MEDIA_EVENTS.generationDone, MEDIA_EVENTS.generationError];
    for (const name of events) window.addEventListener(name, reload);
    return () => {
      for (const name of events) window.removeEventListener(name, reload);
    };
  }, [reload]);

  return { balance, reload };
}
