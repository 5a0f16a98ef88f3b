import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useId, useState } from 'react';
import { queryKeys } from '../../../api/query-keys';
import { FormMessage } from '../../../components/form/form-message';
import { TextField } from '../../../components/form/text-field';
import { PenIcon } from '../../../components/icons/line-icons';
import { keepEditorToken } from '../editor-token';
import { editorErrorText, listEditorStories } from '../story-editor-api';

/** The gate (spec 3 §2): the editor token, kept once the server has listed the stories with it. */
export function TokenPrompt({ notice }: { notice: string | null }) {
  const client = useQueryClient();
  const [token, setToken] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [checking, setChecking] = useState(false);
  const messageId = useId();
  const shown = problem ?? notice;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const typed = token.trim();
    if (!typed || checking) return;
    setChecking(true);
    setProblem(null);
    try {
      // The check already fetched the list: the workspace starts from it.
      client.setQueryData(queryKeys.storyEditor(), await listEditorStories(typed));
      keepEditorToken(typed);
    } catch (error) {
      setProblem(editorErrorText(error));
      setChecking(false);
    }
  };

  return (
    <div className="story-gate">
      <form className="story-gate__card" onSubmit={submit} noValidate>
        <span className="story-gate__icon icon-tile" aria-hidden="true">
          <PenIcon />
        </span>
        <h1 className="story-gate__title">Story editor</h1>
        <p className="story-gate__hint">Enter the editor token to write, publish and retire stories.</p>
        <div className="field">
          <TextField
            id="story-editor-token"
            label="Editor token"
            type="password"
            autoComplete="current-password"
            value={token}
            onValueChange={setToken}
            invalid={shown !== null}
            describedBy={shown ? messageId : undefined}
            autoFocus
          />
        </div>
        {shown && (
          <FormMessage id={messageId} tone="error">
            {shown}
          </FormMessage>
        )}
        <button type="submit" className="button button--primary button--block" disabled={!token.trim() || checking}>
          {checking && <span className="button__spinner" aria-hidden="true" />}
          Open the editor
        </button>
      </form>
    </div>
  );
}
