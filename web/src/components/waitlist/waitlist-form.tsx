import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { ApiError, errorMessage } from '../../api/api-error';
import { joinWaitlist } from '../../api/waitlist';
import { emailProblem, validEmailOrNull } from '../../lib/email';
import { FormMessage, ProblemMessage, problemProps } from '../form/form-message';
import { EmailField } from '../form/text-field';
import { useFormSubmit } from '../form/use-form-submit';
import '../../styles/stack.css';
import '../form/forms.css';

/** The success callback runs this long after the success message shows (spec 1 §9). */
export const WAITLIST_SUCCESS_DELAY_MS = 1500;

const FALLBACK_ERROR = 'Something went wrong. Please try again.';
const NETWORK_ERROR = 'Network error. Please check your connection and try again.';
const DEFAULT_SUCCESS = "You're on the list! We'll email you when your spot opens.";

type WaitlistFormProps = {
  /** Who sent the visitor (`?referrer=` or `?ref=`); ignored unless it is a valid address. */
  referrerEmail?: string | null;
  source?: 'waitlist' | 'coming-soon';
  initialEmail?: string;
  /** Runs 1.5 s after a successful sign-up (the modal closes then). */
  onSuccess?: () => void;
  submitLabel?: string;
  autoFocus?: boolean;
};

/** The waitlist form of spec 1 §2 and §5: one e-mail field and a submit button. */
export function WaitlistForm({
  referrerEmail = null,
  source = 'waitlist',
  initialEmail = '',
  onSuccess,
  submitLabel = 'Join Waitlist',
  autoFocus = false,
}: WaitlistFormProps) {
  const id = useId();
  const [email, setEmail] = useState(initialEmail);
  const form = useFormSubmit();
  const [success, setSuccess] = useState<string | null>(null);
  const onSuccessRef = useRef(onSuccess);
  onSuccessRef.current = onSuccess;

  useEffect(() => {
    if (!success) return;
    const timer = window.setTimeout(() => onSuccessRef.current?.(), WAITLIST_SUCCESS_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [success]);

  const submit = (event: FormEvent) =>
    form.submit(event, emailProblem(email), async () => {
      try {
        const answer = await joinWaitlist(email.trim(), validEmailOrNull(referrerEmail), source);
        setSuccess(answer.message || DEFAULT_SUCCESS);
      } catch (caught) {
        form.setProblem(caught instanceof ApiError ? errorMessage(caught, FALLBACK_ERROR, NETWORK_ERROR) : FALLBACK_ERROR);
      }
    });

  if (success) {
    return (
      <FormMessage tone="success">
        <strong>{success}</strong>
      </FormMessage>
    );
  }

  const errorId = `${id}-error`;
  return (
    <form className="waitlist-form stack" onSubmit={(event) => void submit(event)} noValidate>
      <EmailField
        id={`${id}-email`}
        label="Email address"
        value={email}
        onValueChange={(value) => {
          setEmail(value);
          form.setProblem(null);
        }}
        {...problemProps(errorId, form.problem)}
        autoFocus={autoFocus}
        data-autofocus={autoFocus || undefined}
        rowClassName="waitlist-form__row"
        action={
          <button type="submit" className="button button--primary" disabled={form.busy || email.trim() === ''}>
            {form.busy ? <span className="button__spinner" aria-hidden="true" /> : null}
            {form.busy ? 'Joining…' : submitLabel}
          </button>
        }
      />
      <ProblemMessage id={errorId} problem={form.problem} />
    </form>
  );
}
