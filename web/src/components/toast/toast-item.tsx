import { type CSSProperties, type JSX, useEffect, useRef } from 'react';
import { CheckIcon, ClockIcon, CloseIcon, SparkleIcon, WarningIcon } from '../icons/line-icons';
import { dismissToast, TOAST_DURATION_MS, type Toast, type ToastKind } from './toast-store';
import '../../styles/close-button.css';
import '../../styles/stack.css';

const ICONS: Record<ToastKind, () => JSX.Element> = {
  success: CheckIcon,
  error: WarningIcon,
  queue: ClockIcon,
  ready: SparkleIcon,
};

/**
 * One toast. It closes itself after 4200 ms; the clock stops while the pointer or the
 * keyboard focus is on it, so it can be read and clicked. A touch screen has no hover: the hover
 * a tap leaves behind would hold a toast (over the page's own buttons) until the next tap elsewhere.
 */
const canHover = () => window.matchMedia('(hover: hover)').matches;

export function ToastItem({ toast }: { toast: Toast }) {
  const remaining = useRef(TOAST_DURATION_MS);
  const startedAt = useRef(0);
  const timer = useRef<number | undefined>(undefined);

  const paused = useRef(false);

  const resume = () => {
    paused.current = false;
    window.clearTimeout(timer.current);
    startedAt.current = Date.now();
    timer.current = window.setTimeout(() => dismissToast(toast.id), remaining.current);
  };
  const pause = () => {
    if (paused.current) return;
    paused.current = true;
    window.clearTimeout(timer.current);
    remaining.current = Math.max(0, remaining.current - (Date.now() - startedAt.current));
  };

  useEffect(() => {
    resume();
    return () => window.clearTimeout(timer.current);
    // The timer belongs to this toast for its whole life: started once, on mount.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const Icon = ICONS[toast.kind];
  const body = (
    <>
      <span className="toast__icon place-center" aria-hidden="true">
        <Icon />
      </span>
      <span className="toast__text stack">
        <span className="toast__title">{toast.title}</span>
        {toast.message && <span className="toast__message">{toast.message}</span>}
      </span>
    </>
  );

  return (
    <div
      className={`toast toast--${toast.kind}`}
      role={toast.kind === 'error' ? 'alert' : 'status'}
      onMouseEnter={() => {
        if (canHover()) pause();
      }}
      onMouseLeave={() => {
        if (paused.current) resume();
      }}
      onFocus={pause}
      onBlur={resume}
      style={{ '--toast-duration': `${TOAST_DURATION_MS}ms` } as CSSProperties}
    >
      {toast.onClick ? (
        <button
          type="button"
          className="toast__body"
          onClick={() => {
            toast.onClick?.();
            dismissToast(toast.id);
          }}
        >
          {body}
        </button>
      ) : (
        <div className="toast__body">{body}</div>
      )}
      <button type="button" className="toast__close close-button" aria-label="Dismiss notification" onClick={() => dismissToast(toast.id)}>
        <CloseIcon />
      </button>
      <span className="toast__progress" aria-hidden="true" />
    </div>
  );
}
