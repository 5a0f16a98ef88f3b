import { useEffect, useRef, useState } from 'react';
import { toast } from '../toast/toast-store';
import { outlineIcon } from '../icons/icon';
import { CheckIcon } from '../icons/line-icons';
import './copy-button.css';

/** Two sheets, one over the other. */
const CopyIcon = outlineIcon(<><rect x="8.5" y="8.5" width="11" height="12" rx="2" /><path d="M15.5 8.5V5.5a2 2 0 0 0-2-2h-7a2 2 0 0 0-2 2v9a2 2 0 0 0 2 2h2" /></>);

/** How long the button says "Copied" after a copy. */
export const COPIED_FOR_MS = 2000;

type CopyButtonProps = {
  /** What goes on the clipboard: the text, or what reads it when the button is pressed. */
  text: string | (() => string | Promise<string>);
  /** Names what is copied for a screen reader, after the visible "Copy": "the key", "the submit example". */
  what: string;
  className?: string;
  disabled?: boolean;
};

/**
 * Copy: puts `text` on the clipboard, then reads "Copied" for a moment (and says so to a screen
 * reader). Where the clipboard is refused (no secure context, permission denied) a toast says to
 * copy by hand.
 */
export function CopyButton({ text, what, className = 'button button--small', disabled = false }: CopyButtonProps) {
  const [copied, setCopied] = useState(false);
  const timer = useRef<number | undefined>(undefined);
  useEffect(() => () => window.clearTimeout(timer.current), []);

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(typeof text === 'string' ? text : await text());
    } catch {
      toast.error('Could not copy', 'Your browser refused the clipboard: select the text and copy it yourself.');
      return;
    }
    setCopied(true);
    window.clearTimeout(timer.current);
    timer.current = window.setTimeout(() => setCopied(false), COPIED_FOR_MS);
  };

  return (
    <>
      <button type="button" className={`copy-button ${className}`} data-copied={copied || undefined} disabled={disabled} onClick={() => void copy()}>
        {copied ? <CheckIcon /> : <CopyIcon />}
        {copied ? 'Copied' : 'Copy'}
        <span className="visually-hidden"> {what}</span>
      </button>
      <span className="visually-hidden" role="status">
        {copied ? `Copied ${what} to the clipboard` : ''}
      </span>
    </>
  );
}
