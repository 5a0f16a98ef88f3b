import type { ButtonHTMLAttributes } from 'react';

interface BusyButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  type: 'button' | 'submit';
  /** While its action runs: a spinner before the label, and the button disabled. */
  busy: boolean;
}

/** A button whose action takes a while (send, save, delete): it shows a spinner and waits. */
export function BusyButton({ busy, disabled, children, ...button }: BusyButtonProps) {
  return (
    <button {...button} disabled={disabled || busy}>
      {busy && <span className="button__spinner" aria-hidden="true" />}
      {children}
    </button>
  );
}
