import { useId, useState } from 'react';
import { errorMessage } from '../../../api/api-error';
import { CopyButton } from '../../../components/copy/copy-button';
import { ConfirmDialog } from '../../../components/dialog/confirm-dialog';
import { toast } from '../../../components/toast/toast-store';
import { useRotateWebhookSecret, useWebhookSecret } from '../api/webhook-queries';
import { SecretField } from './secret-field';

/** What the field shows while the secret is hidden. */
export const HIDDEN_SECRET = 'whsec_••••••••••••••••';

/** The signing secret: hidden until Reveal, Copy, and Rotate after a warning. */
export function WebhookSecret() {
  const id = useId();
  const secret = useWebhookSecret();
  const rotate = useRotateWebhookSecret();
  const [revealed, setRevealed] = useState(false);
  const [asking, setAsking] = useState(false);

  const confirmRotate = async () => {
    try {
      await rotate.mutateAsync();
      setAsking(false);
      setRevealed(true);
      toast.success('Secret rotated', 'Deliveries are signed with the new secret from now on.');
    } catch (error) {
      toast.error('Could not rotate the secret', errorMessage(error, 'Please try again.'));
    }
  };

  const value = secret.data?.secret;
  const shown = secret.isError ? 'Could not be loaded' : revealed && value ? value : HIDDEN_SECRET;
  return (
    <div className="webhook-secret stack">
      <SecretField id={`${id}-secret`} label="Signing secret" value={shown}>
        {secret.isError ? (
          <button type="button" className="button button--small" onClick={() => void secret.refetch()}>
            Try Again
          </button>
        ) : (
          <>
            <button type="button" className="button button--small" onClick={() => setRevealed((on) => !on)} disabled={!value}>
              {revealed ? 'Hide' : 'Reveal'}
            </button>
            <CopyButton text={value ?? ''} what="the signing secret" disabled={!value} />
            <button type="button" className="button button--small" onClick={() => setAsking(true)} disabled={!value}>
              Rotate
            </button>
          </>
        )}
      </SecretField>
      <ConfirmDialog
        open={asking}
        title="Rotate the signing secret?"
        message="A new secret signs every delivery from now on. Deliveries signed with the old secret stop verifying: give your endpoint the new one."
        confirmLabel="Rotate Secret"
        busy={rotate.isPending}
        onConfirm={() => void confirmRotate()}
        onCancel={() => setAsking(false)}
      />
    </div>
  );
}
