import { type Notice, UPLOAD_FAILED_NOTICE, UPLOADING_NOTICE } from '@app/shared';
import { dismissToast, showToast, type ToastKind } from './toast-store';

/** How the features show a toast; the default is the app's toast stack. */
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

/** Spec 1 §4: 'Uploading... / Please wait...' while uploading, 'Upload failed / Please try again.' on failure. */
export const UPLOAD_TOASTS = {
  uploading: { kind: 'queue', notice: UPLOADING_NOTICE },
  failed: { kind: 'error', notice: UPLOAD_FAILED_NOTICE },
} as const satisfies Record<string, { kind: ToastKind; notice: Notice }>;
