import type { ReactNode } from 'react';
import { Modal } from '../../../components/dialog/modal';
import { TrashIcon } from '../../../components/icons/line-icons';

type ConfirmDialogProps = {
  open: boolean;
  title: string;
  message: ReactNode;
  /** Defaults to Confirm. */
  confirmLabel?: string;
  /** Defaults to Cancel. */
  cancelLabel?: string;
  tone?: 'default' | 'danger';
  busy?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
};

/** The confirm dialog of spec 2 §2: a title, a message, confirm and cancel (Confirm / Cancel by default). */
export function ConfirmDialog({
  open,
  title,
  message,
  confirmLabel = 'Confirm',
  cancelLabel = 'Cancel',
  tone = 'default',
  busy = false,
  onConfirm,
  onCancel,
}: ConfirmDialogProps) {
  return (
    <Modal
      open={open}
      onClose={onCancel}
      dismissible={!busy}
      tone={tone}
      role="alertdialog"
      icon={tone === 'danger' ? <TrashIcon /> : undefined}
      title={title}
      description={message}
      footer={
        <>
          <button type="button" className="button" onClick={onCancel} disabled={busy} data-autofocus>
            {cancelLabel}
          </button>
          <button
            type="button"
            className={tone === 'danger' ? 'button button--danger' : 'button button--primary'}
            onClick={onConfirm}
            disabled={busy}
          >
            {busy && <span className="button__spinner" aria-hidden="true" />}
            {confirmLabel}
          </button>
        </>
      }
    />
  );
}
