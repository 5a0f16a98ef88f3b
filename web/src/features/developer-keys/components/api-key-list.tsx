import type { ApiKeyView } from '@app/shared/api/api-keys';
import { useState } from 'react';
import { errorMessage } from '../../../api/api-error';
import { ConfirmDialog } from '../../../components/dialog/confirm-dialog';
import { toast } from '../../../components/toast/toast-store';
import { useRevokeApiKey } from '../api/api-keys-queries';
import { formatDay, formatMoment } from '../format-when';
import '../../../styles/cluster.css';

type ApiKeyListProps = {
  keys: readonly ApiKeyView[];
  /** A key was revoked (the notice of a key just made goes with it). */
  onRevoked: (id: string) => void;
};

/** The person's live keys: name, scopes, the first characters, when made and last used; Revoke asks first. */
export function ApiKeyList({ keys, onRevoked }: ApiKeyListProps) {
  const [revoking, setRevoking] = useState<ApiKeyView | null>(null);
  const revoke = useRevokeApiKey();

  const confirm = async () => {
    if (!revoking) return;
    try {
      await revoke.mutateAsync(revoking.id);
      toast.success('Key revoked', `“${revoking.name}” no longer works.`);
      onRevoked(revoking.id);
      setRevoking(null);
    } catch (error) {
      toast.error('Could not revoke the key', errorMessage(error, 'Please try again.'));
    }
  };

  return (
    <>
      <ul className="key-list" aria-label="Your API keys">
        {keys.map((key) => (
          <li key={key.id} className="key-row" data-key-id={key.id}>
            <div className="key-row__main stack">
              <p className="key-row__name">{key.name}</p>
              <div className="key-row__tags cluster">
                <code className="key-row__prefix">{key.prefix}…</code>
                {key.scopes.map((scope) => (
                  <span key={scope} className="key-row__scope count-pill">
                    {scope}
                  </span>
                ))}
              </div>
              <p className="key-row__dates">
                Created {formatDay(key.createdAt)} · Last used {formatMoment(key.lastUsedAt, 'never')}
              </p>
            </div>
            <button type="button" className="button button--small button--ghost-danger key-row__revoke" onClick={() => setRevoking(key)}>
              Revoke<span className="visually-hidden"> {key.name}</span>
            </button>
          </li>
        ))}
      </ul>
      <ConfirmDialog
        open={revoking !== null}
        tone="danger"
        title="Revoke this key?"
        message={
          revoking
            ? `“${revoking.name}” (${revoking.prefix}…) stops working at once: a program that sends it gets 401 on its next call. This cannot be undone.`
            : ''
        }
        confirmLabel="Revoke Key"
        busy={revoke.isPending}
        onConfirm={() => void confirm()}
        onCancel={() => setRevoking(null)}
      />
    </>
  );
}
