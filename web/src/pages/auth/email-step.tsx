import { type FormEvent, useId } from 'react';
import { FormMessage, problemProps } from '../../components/form/form-message';
import { EmailField } from '../../components/form/text-field';
import { BusyButton } from '../../components/form/busy-button';
import '../../styles/stack.css';

type EmailStepProps = {
  email: string;
  onEmailChange: (value: string) => void;
  onSubmit: () => void;
  sending: boolean;
  error: string | null;
  betaFull: boolean;
  onJoinWaitlist: () => void;
};

/** Step 1: the e-mail address the code goes to. */
export function EmailStep({ email, onEmailChange, onSubmit, sending, error, betaFull, onJoinWaitlist }: EmailStepProps) {
  const id = useId();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit();
  };
  return (
    <form className="auth-form stack" onSubmit={submit} noValidate aria-busy={sending}>
      <div className="field">
        <EmailField
          id={`${id}-email`}
          label="Email address"
          className="field__input field__input--large"
          value={email}
          onValueChange={onEmailChange}
          {...problemProps(`${id}-error`, error)}
          // "Beta full" is news, not a fault of the address.
          invalid={Boolean(error) && !betaFull}
          autoFocus
        />
      </div>

      {error && (
        <FormMessage id={`${id}-error`} tone={betaFull ? 'info' : 'error'}>
          <p>{error}</p>
          {betaFull && (
            <button type="button" className="button button--primary button--small form-message__action" onClick={onJoinWaitlist}>
              Join Waitlist
            </button>
          )}
        </FormMessage>
      )}

      <BusyButton type="submit" className="button button--primary button--block button--large" busy={sending}>
        {sending ? 'Sending code…' : 'Send login code'}
      </BusyButton>
    </form>
  );
}
