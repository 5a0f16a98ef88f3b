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
      <div className="form-message__text">{children}</div>
    </div>
  );
}
