import { getUserSettingsCall, updateUserSettingsCall } from '@app/shared/api/account';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId } from 'react';
import { errorMessage } from '../../api/api-error';
import { callApiData } from '../../api/client';
import { queryKeys } from '../../api/query-keys';
import { toast } from '../../components/toast/toast-store';
import '../../styles/panels.css';

/** Under the settings' key (a settings change refreshes it), apart from Share to Feed's value. */
const digestKey = () => [...queryKeys.settings(), 'notification-digest'] as const;

/**
 * The daily e-mail digest of unread notifications (user-settings notification_digest, off by
 * default; issue 46 §3). The switch follows the server's answer.
 */
export function DigestSwitch() {
  const id = useId();
  const client = useQueryClient();
  const query = useQuery({
    queryKey: digestKey(),
    queryFn: async ({ signal }) => (await callApiData(getUserSettingsCall, { signal })).settings.notification_digest,
    retry: false,
  });
  const mutation = useMutation({
    mutationFn: async (next: boolean) => (await callApiData(updateUserSettingsCall, { body: { notification_digest: next } })).settings.notification_digest,
    onSuccess: (saved) => client.setQueryData(digestKey(), saved),
    onError: (error) => toast.error('Error', errorMessage(error, 'Could not update your e-mail setting')),
  });
  const value = query.data ?? null;
  return (
    <div className="share-switch row">
      <span className="share-switch__text">
        <span className="share-switch__label" id={`${id}-label`}>
          Daily e-mail digest
        </span>
        <span className="share-switch__hint" id={`${id}-hint`}>
          Once a day, what you have not read yet. Every e-mail has a one-click unsubscribe.
        </span>
      </span>
      <button
        type="button"
        role="switch"
        className="switch"
        aria-checked={value === true}
        aria-labelledby={`${id}-label`}
        aria-describedby={`${id}-hint`}
        disabled={value === null || mutation.isPending}
        onClick={() => value !== null && mutation.mutate(!value)}
      >
        <span className="switch__thumb" />
      </button>
    </div>
  );
}
