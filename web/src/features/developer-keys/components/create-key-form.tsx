import { API_KEY_NAME_MAX_LENGTH, API_KEY_SCOPE_LABELS, API_KEY_SCOPES, type ApiKeyScope, createApiKeyRequest } from '@app/shared/api/api-keys';
import type { createApiKeyCall } from '@app/shared/api/api-keys';
import type { CallResponse } from '@app/shared/api/define-call';
import { type FormEvent, useId, useState } from 'react';
import { safeParse } from 'zod/mini';
import { errorMessage } from '../../../api/api-error';
import { BusyButton } from '../../../components/form/busy-button';
import { ProblemMessage, problemProps } from '../../../components/form/form-message';
import { TextField } from '../../../components/form/text-field';
import { useFormSubmit } from '../../../components/form/use-form-submit';
import { useCreateApiKey } from '../api/api-keys-queries';

type CreateKeyFormProps = {
  onCreated: (answer: CallResponse<typeof createApiKeyCall>) => void;
  /** The person holds as many keys as they may: the form says so, and Create waits for a revoke. */
  full: boolean;
};

/** What is wrong with the form before it is sent, in the words of the shared contract, and whether it is the name. */
function formProblem(name: string, scopes: readonly ApiKeyScope[]): { text: string; inName: boolean } | null {
  const parsed = safeParse(createApiKeyRequest, { name, scopes });
  if (parsed.success) return null;
  const issue = parsed.error.issues[0];
  return { text: issue?.message ?? 'Check the name and the scopes.', inName: issue?.path[0] === 'name' };
}

/** A new key: its name and scopes (each with what it allows), then Create. The server's refusal is shown as it says it. */
export function CreateKeyForm({ onCreated, full }: CreateKeyFormProps) {
  const id = useId();
  const [name, setName] = useState('');
  const [scopes, setScopes] = useState<readonly ApiKeyScope[]>(API_KEY_SCOPES);
  const { busy, problem, setProblem, submit } = useFormSubmit();
  const create = useCreateApiKey();

  const toggle = (scope: ApiKeyScope, on: boolean) => {
    setScopes((current) => API_KEY_SCOPES.filter((each) => (each === scope ? on : current.includes(each))));
    setProblem(null);
  };

  const [nameInvalid, setNameInvalid] = useState(false);

  const onSubmit = (event: FormEvent) => {
    const found = formProblem(name, scopes);
    setNameInvalid(found?.inName ?? false);
    return submit(event, found?.text ?? null, async () => {
      try {
        const answer = await create.mutateAsync({ name: name.trim(), scopes: [...scopes] });
        setName('');
        onCreated(answer);
      } catch (error) {
        setProblem(errorMessage(error, 'Could not create the key. Please try again.'));
      }
    });
  };

  const problemId = `${id}-problem`;
  return (
    <form className="key-form stack" onSubmit={(event) => void onSubmit(event)} noValidate aria-label="New API key">
      <div className="field">
        <TextField
          id={`${id}-name`}
          label="Name"
          placeholder="What the key is for, e.g. Render script"
          maxLength={API_KEY_NAME_MAX_LENGTH}
          autoComplete="off"
          value={name}
          onValueChange={(value) => {
            setName(value);
            setProblem(null);
            setNameInvalid(false);
          }}
          {...problemProps(problemId, nameInvalid ? problem : null)}
        />
      </div>
      <fieldset className="key-form__scopes stack">
        <legend className="field__label">Scopes</legend>
        {API_KEY_SCOPES.map((scope) => (
          <div key={scope} className="scope-option">
            <input
              id={`${id}-${scope}`}
              className="scope-option__box"
              type="checkbox"
              checked={scopes.includes(scope)}
              onChange={(event) => toggle(scope, event.target.checked)}
              aria-describedby={`${id}-${scope}-text`}
            />
            <label htmlFor={`${id}-${scope}`} className="scope-option__name">
              {scope}
            </label>
            <p id={`${id}-${scope}-text`} className="scope-option__text">
              {API_KEY_SCOPE_LABELS[scope]}
            </p>
          </div>
        ))}
      </fieldset>
      <ProblemMessage id={problemId} problem={problem} />
      <div className="key-form__actions cluster">
        {full && <p className="key-form__note">You hold as many keys as an account may: revoke one to make another.</p>}
        <BusyButton type="submit" className="button button--primary" busy={busy} disabled={full}>
          Create Key
        </BusyButton>
      </div>
    </form>
  );
}
