import { useCallback, useEffect, useRef, useState } from 'react';
import { errorMessage } from '../../api/api-error';
import { toast } from '../../components/toast/toast-store';
import { getUserSettings, setShareToFeed } from './api/account-api';

export interface ShareToFeed {
  /** null until the settings are read. */
  value: boolean | null;
  saving: boolean;
  toggle: () => void;
}

/**
 * The Share to Feed setting (user-settings share_to_feed): new creations go to the public feed
 * while it is on. The switch moves at once and moves back if the server refuses.
 */
export function useShareToFeed(enabled: boolean, initial: boolean | null = null): ShareToFeed {
  const [value, setValue] = useState<boolean | null>(initial);
  const [saving, setSaving] = useState(false);
  const valueRef = useRef(value);
  valueRef.current = value;

  useEffect(() => {
    if (!enabled) return;
    const controller = new AbortController();
    getUserSettings(controller.signal)
      .then((answer) => setValue(answer.settings.share_to_feed))
      .catch(() => {
        if (!controller.signal.aborted) setValue((current) => current ?? true);
      });
    return () => controller.abort();
  }, [enabled]);

  const toggle = useCallback(() => {
    const current = valueRef.current;
    if (current === null || saving) return;
    const next = !current;
    setValue(next);
    setSaving(true);
    setShareToFeed(next)
      .then((answer) => {
        setValue(answer.settings.share_to_feed);
        toast.success(
          next ? 'Sharing to Feed' : 'Sharing Paused',
          next ? 'New creations will appear in the public feed' : 'New creations stay private to you',
        );
      })
      .catch((error: unknown) => {
        setValue(current);
        toast.error('Error', errorMessage(error, 'Could not update your sharing setting'));
      })
      .finally(() => setSaving(false));
  }, [saving]);

  return { value, saving, toggle };
}
