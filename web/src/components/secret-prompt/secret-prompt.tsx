import { type FormEvent, type ReactNode, useId, useState } from 'react';
import { FormMessage } from '../form/form-message';
import { TextField } from '../form/text-field';
import { BusyButton } from '../form/busy-button';
import '../form/forms.css';
import '../../styles/icon-tile.css';
import '../../styles/stack.css';
import './secret-prompt.css';

type SecretPromptProps = {
  /** The place's own class on the wrapper: it places the card and sets the custom properties. */
  className: string;
  icon: ReactNode;
  title: string;
  hint: string;
  fieldId: string;
  label: string;
  submitLabel: string;
  /** Checks the secret and keeps it; a throw is shown with `errorText`. */
  check: (secret: string) => Promise<void>;
  errorText: (failure: unknown) => string;
  /** Shown until the next try (why a kept secret was dropped). */
  notice?: string | null;
  /** Trim the typed secret before checking it. */
  trim?: boolean;
};

/** A card that asks for a shared secret (the admin login, the story editor's token gate). */
export function SecretPrompt({ className, icon, title, hint, fieldId, label, submitLabel, check, errorText, notice = null, trim = false }: SecretPromptProps) {
  const [secret, setSecret] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [checking, setChecking] = useState(false);
  const messageId = useId();
  const typed = trim ? secret.trim() : secret;
  const shown = problem ?? notice;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!typed || checking) return;
    setChecking(true);
    setProblem(null);
    try {
      await check(typed);
    } catch (failure) {
      setProblem(errorText(failure));
      setChecking(false);
    }
  };

  return (
    <div className={`secret-prompt ${className}`}>
      <form className="secret-prompt__card stack" onSubmit={(event) => void submit(event)} noValidate>
        <span className="secret-prompt__icon icon-tile" aria-hidden="true">
          {icon}
        </span>
        <h1 className="secret-prompt__title">{title}</h1>
        <p className="secret-prompt__hint">{hint}</p>
        <div className="field">
          <TextField
            id={fieldId}
            label={label}
            type="password"
            autoComplete="current-password"
            value={secret}
            onValueChange={setSecret}
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
        <BusyButton type="submit" className="button button--primary button--block" disabled={!typed} busy={checking}>
          {submitLabel}
        </BusyButton>
      </form>
    </div>
  );
}
