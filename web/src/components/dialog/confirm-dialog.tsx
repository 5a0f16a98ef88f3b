import type { ReactNode } from 'react';
import { TrashIcon, WarningIcon } from '../icons/line-icons';
import { Modal } from './modal';
import { BusyButton } from '../form/busy-button';

type ConfirmDialogProps = {
  open: boolean;
  title: string;
  message: ReactNode;
  /** Defaults to Confirm (spec 1 §2). */
  confirmLabel?: string;
  /** Defaults to Cancel. */
  cancelLabel?: string;
  tone?: 'default' | 'danger';
  busy?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
};

/**
 * The confirm dialog of spec 1 §2 and spec 2 §2: a title, a message, and Confirm / Cancel buttons.
 * A destructive one (tone danger) starts on Cancel, so Enter never deletes by accident.
 */
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
      icon={tone === 'danger' ? <TrashIcon /> : <WarningIcon />}
      title={title}
      description={message}
      footer={
        <>
          <button type="button" className="button" onClick={onCancel} disabled={busy} data-autofocus={tone === 'danger' ? true : undefined}>
            {cancelLabel}
          </button>
          <BusyButton
            type="button"
            className={tone === 'danger' ? 'button button--danger' : 'button button--primary'}
            onClick={onConfirm}
            busy={busy}
            data-autofocus={tone === 'danger' ? undefined : true}
          >
            {confirmLabel}
          </BusyButton>
        </>
      }
    />
  );
}
