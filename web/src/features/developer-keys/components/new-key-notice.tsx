import type { ApiKeyView } from '@app/shared/api/api-keys';
import { useId } from 'react';
import { CopyButton } from '../../../components/copy/copy-button';
import { FormMessage } from '../../../components/form/form-message';
import { SecretField } from './secret-field';

type NewKeyNoticeProps = { created: { key: string; apiKey: ApiKeyView }; onDone: () => void };

/** The key just made, this once: in a field to copy, with the warning that it is never shown again. */
export function NewKeyNotice({ created, onDone }: NewKeyNoticeProps) {
  const id = useId();
  return (
    <div className="new-key stack" data-testid="new-api-key">
      <SecretField id={`${id}-key`} label={`Your new API key: ${created.apiKey.name}`} value={created.key}>
        <CopyButton text={created.key} what="the key" />
      </SecretField>
      <FormMessage tone="info">
        <p>
          <strong>Copy it now: it will not be shown again.</strong> Keep it like a password; if it leaks, revoke it and make another.
        </p>
      </FormMessage>
      <button type="button" className="button button--small new-key__done" onClick={onDone}>
        I have copied it
      </button>
    </div>
  );
}
