import type { createApiKeyCall } from '@app/shared/api/api-keys';
import type { CallResponse } from '@app/shared/api/define-call';
import { useState } from 'react';
import { LockIcon } from '../../../components/icons/line-icons';
import { useApiKeys } from '../api/api-keys-queries';
import { ApiKeyList } from './api-key-list';
import { CreateKeyForm } from './create-key-form';
import { DeveloperCard } from './developer-card';
import { NewKeyNotice } from './new-key-notice';

/** API keys: the key just made (this once), the form for a new one, and the live keys. */
export function ApiKeysSection() {
  const keys = useApiKeys();
  const [created, setCreated] = useState<CallResponse<typeof createApiKeyCall> | null>(null);
  const list = keys.data?.keys ?? [];
  const maxKeys = keys.data?.maxKeys;

  return (
    <DeveloperCard
      icon={<LockIcon />}
      title="API keys"
      text={
        <>
          A key lets your own program start generations and read their results as you, sent as <code>Authorization: Bearer mv_…</code>. It never
          works on your account’s settings.{maxKeys !== undefined && ` Up to ${maxKeys} at a time.`}
        </>
      }
    >
      {created && <NewKeyNotice created={created} onDone={() => setCreated(null)} />}
      <CreateKeyForm onCreated={setCreated} full={maxKeys !== undefined && list.length >= maxKeys} />

      <div className="developer-card__part stack">
        <h3 className="developer-card__subtitle">Your keys</h3>
        {keys.isPending && <div className="skeleton-card developer-skeleton" aria-hidden="true" />}
        {keys.isError && (
          <div className="developer-empty stack">
            <p>Your keys could not be loaded.</p>
            <button type="button" className="button button--small" onClick={() => void keys.refetch()}>
              Try Again
            </button>
          </div>
        )}
        {keys.isSuccess && list.length === 0 && (
          <p className="developer-empty">No keys yet. Make one above: it is shown once, so copy it as soon as it appears.</p>
        )}
        {list.length > 0 && <ApiKeyList keys={list} onRevoked={(id) => setCreated((shown) => (shown?.apiKey.id === id ? null : shown))} />}
      </div>
    </DeveloperCard>
  );
}
