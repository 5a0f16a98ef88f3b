import { useSyncExternalStore } from 'react';
import { createPortal } from 'react-dom';
import { useHydrated } from '../../lib/use-hydrated';
import { getToasts, subscribeToasts } from './toast-store';
import { ToastItem } from './toast-item';
import '../../styles/stack.css';
import './toast.css';

/**
 * Where toasts appear (toast.css places them per screen, clear of its controls). It lives beside
 * the app root, so toasts stay readable and tappable while a modal makes the page inert.
 */
export function ToastStack() {
  const toasts = useSyncExternalStore(subscribeToasts, getToasts, getToasts);
  const hydrated = useHydrated();
  if (!hydrated) return null;
  return createPortal(
    <section className="toast-stack stack" aria-label="Notifications">
      {toasts.map((toast) => (
        <ToastItem key={toast.id} toast={toast} />
      ))}
    </section>,
    document.body,
  );
}
