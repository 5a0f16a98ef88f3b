import { TOAST_DURATION_MS, TOAST_MAX_VISIBLE } from '@app/shared';
import { createStore } from '../../lib/create-store';

/**
 * The toast stack of spec 1 §9: at most 3 visible (a new one pushes the oldest out), each
 * shown for 4200 ms. Any code may call `showToast`; `<ToastStack />` in the layout shows them.
 */
export type ToastKind = 'queue' | 'ready' | 'error' | 'success';

export interface Toast {
  id: number;
  kind: ToastKind;
  title: string;
  message: string | null;
  /** Tapping the toast runs this, then closes it ("Tap to open"). */
  onClick?: () => void;
}

export const TOAST_DEFAULTS: Record<ToastKind, { title: string; message: string }> = {
  queue: { title: 'Added to queue', message: "We'll start processing shortly." },
  ready: { title: 'Your media is ready', message: 'Tap to open' },
  error: { title: 'Something went wrong', message: 'Please try again.' },
  success: { title: 'Success!', message: 'Operation completed successfully.' },
};

export { TOAST_DURATION_MS };

export interface ToastInput {
  title?: string;
  /** Left out with a title: the toast has only the title. Left out with no title: the kind's default text. */
  message?: string;
  onClick?: () => void;
}

const toastStore = createStore<readonly Toast[]>([]);
let nextId = 1;
const setToasts = (next: readonly Toast[]) => toastStore.set(next);

export function getToasts(): readonly Toast[] {
  return toastStore.get();
}

export function subscribeToasts(listener: () => void): () => void {
  return toastStore.subscribe(listener);
}

export function showToast(kind: ToastKind, input: ToastInput = {}): number {
  const defaults = TOAST_DEFAULTS[kind];
  const toast: Toast = {
    id: nextId++,
    kind,
    title: input.title ?? defaults.title,
    message: input.message ?? (input.title === undefined ? defaults.message : null),
    onClick: input.onClick,
  };
  setToasts([...toastStore.get(), toast].slice(-TOAST_MAX_VISIBLE));
  return toast.id;
}

export function dismissToast(id: number): void {
  const toasts = toastStore.get();
  if (toasts.some((toast) => toast.id === id)) setToasts(toasts.filter((toast) => toast.id !== id));
}

/** Shorthands: `toast.success('Login successful!')`, `toast.error('Error', 'Failed to update email. Try again.')`. */
export const toast = {
  success: (title?: string, message?: string) => showToast('success', { title, message }),
  error: (title?: string, message?: string) => showToast('error', { title, message }),
  queue: (title?: string, message?: string) => showToast('queue', { title, message }),
  ready: (title?: string, message?: string, onClick?: () => void) => showToast('ready', { title, message, onClick }),
};
