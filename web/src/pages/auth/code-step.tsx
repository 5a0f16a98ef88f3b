import { OTP_LENGTH } from '@app/shared';
import { type FormEvent, useEffect, useId, useRef } from 'react';
import { CodeInput } from '../../components/form/code-input';
import { FormMessage } from '../../components/form/form-message';
import { ArrowLeftIcon, ClockIcon } from '../../components/icons/line-icons';
import { formatCountdown } from '../../features/email-sign-in';
import { BusyButton } from '../../components/form/busy-button';
import '../../styles/stack.css';

/** A full code is sent on its own this long after its last digit, so a typo can still be fixed. */
export const AUTO_SUBMIT_DELAY_MS = 300;

type CodeStepProps = {
  code: string;
  onCodeChange: (value: string) => void;
  onSubmit: (code: string) => void;
  onResend: () => void;
  onBack: () => void;
  verifying: boolean;
  resending: boolean;
  secondsLeft: number;
  error: string | null;
};

/** Step 2: the 6-digit code, its countdown, Resend and Back to Email. */
export function CodeStep({
  code,
  onCodeChange,
  onSubmit,
  onResend,
  onBack,
  verifying,
  resending,
  secondsLeft,
  error,
}: CodeStepProps) {
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const submitRef = useRef(onSubmit);
  submitRef.current = onSubmit;

  useEffect(() => {
    if (code.length !== OTP_LENGTH) return;
    const timer = window.setTimeout(() => submitRef.current(code), AUTO_SUBMIT_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [code]);

  // A refused code is cleared; put the cursor back for the next try.
  useEffect(() => {
    if (error && !verifying) input.current?.focus();
  }, [error, verifying]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit(code);
  };

  return (
    <form className="auth-form stack" onSubmit={submit} noValidate aria-busy={verifying}>
      <CodeInput
        inputRef={input}
        label="6-digit code"
        hideLabel
        value={code}
        onChange={onCodeChange}
        invalid={Boolean(error)}
        describedBy={error ? `${id}-error` : `${id}-timer`}
        disabled={verifying}
        autoFocus
      />

      <div className="auth-timer row" id={`${id}-timer`}>
        <ClockIcon />
        {secondsLeft > 0 ? (
          <span>
            Code expires in <span className="auth-timer__value">{formatCountdown(secondsLeft)}</span>
          </span>
        ) : (
          <span>Code expired. Send a new one.</span>
        )}
      </div>

      {error && (
        <FormMessage id={`${id}-error`} tone="error">
          {error}
        </FormMessage>
      )}

      <BusyButton type="submit" className="button button--primary button--block button--large" busy={verifying}>
        {verifying ? 'Signing in…' : 'Sign in'}
      </BusyButton>

      <div className="auth-form__secondary row">
        <button type="button" className="text-button" onClick={onBack}>
          <ArrowLeftIcon />
          Back to Email
        </button>
        <button
          type="button"
          className="text-button"
          onClick={onResend}
          disabled={secondsLeft > 0 || resending}
          title={secondsLeft > 0 ? `You can ask for a new code in ${formatCountdown(secondsLeft)}` : undefined}
        >
          {resending ? 'Sending…' : 'Resend code'}
        </button>
      </div>
      <p className="auth-form__hint">Nothing yet? It can take a minute; check your spam folder too.</p>
    </form>
  );
}
