import '../../styles/stack.css';
import './forms.css';
import type { ReactNode } from 'react';
import { CheckIcon, WarningIcon } from '../icons/line-icons';

/** A line of feedback under a form: an error (announced at once) or a success. */
export function FormMessage({ id, tone, children }: { id?: string; tone: 'error' | 'success' | 'info'; children: ReactNode }) {
  return (
    <div id={id} className={`form-message form-message--${tone}`} role={tone === 'error' ? 'alert' : 'status'}>
      <span className="form-message__icon" aria-hidden="true">
        {tone === 'success' ? <CheckIcon /> : <WarningIcon />}
      </span>
      <div className="form-message__text stack">{children}</div>
    </div>
  );
}

/** The error line under a form's field, when there is a problem to tell. */
export function ProblemMessage({ id, problem }: { id: string; problem: string | null }) {
  return problem ? (
    <FormMessage id={id} tone="error">
      {problem}
    </FormMessage>
  ) : null;
}

/** How a field points at that line: invalid, and described by it, while there is a problem. */
export function problemProps(messageId: string, problem: string | null): { invalid: boolean; describedBy: string | undefined } {
  return { invalid: Boolean(problem), describedBy: problem ? messageId : undefined };
}
