import type { Notice } from '@app/shared';
import { dismissToast, showToast, type ToastKind } from './toast-store';

/** How a feature shows a toast, injectable so that tests can record them; the default is the app's toast stack. */
export interface Notifier {
  /** Shows the toast; the returned function (if any) takes it down early. */
  show(kind: ToastKind, notice: Notice & { onClick?: () => void }): (() => void) | void;
}

export const toastNotifier: Notifier = {
  show: (kind, notice) => {
    const id = showToast(kind, { title: notice.title, message: notice.message, onClick: notice.onClick });
    return () => dismissToast(id);
  },
};
