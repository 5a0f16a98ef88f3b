import { useState } from 'react';
import { ApiError } from '../../../api/api-error';
import { deleteAccount } from '../../../api/account';
import { Modal } from '../../../components/dialog/modal';
import { TrashIcon } from '../../../components/icons/line-icons';
import { IconList } from '../../../components/page/icon-list';
import { toast } from '../../../components/toast/toast-store';
import { paths } from '../../../config/paths';
import { navigateAndSettle } from '../../../lib/navigation-bridge';
import { removeLocalKeys } from '../../../state/auth-storage';
import { getAuthState, signOut } from '../../../state/auth-store';
import { BusyButton } from '../../../components/form/busy-button';
import '../../../styles/stack.css';

/** Local keys the app keeps for a user, removed with the account (spec 2 §9). */
export const ACCOUNT_LOCAL_KEYS = ['token_usage', 'token_generations', 'referral_codes'] as const;

/** After the success message, the user is signed out and sent to / this much later (spec 2 §9). */
export const DELETE_REDIRECT_DELAY_MS = 1000;

const DELETED_ITEMS = ['All media and content', 'Your account and profile', 'All data and settings'];

function failureText(error: unknown): string {
  if (error instanceof ApiError && !error.isNetworkError) {
    return `Failed to delete account: ${error.serverError || 'Unknown error'}`;
  }
  return 'Failed to delete account. Please try again.';
}

type DeleteAccountModalProps = { open: boolean; email: string; onClose: () => void };

/** Delete Account (spec 2 §2 and §4): what goes, then Delete Account Permanently or Cancel. */
export function DeleteAccountModal({ open, email, onClose }: DeleteAccountModalProps) {
  const [busy, setBusy] = useState(false);

  const confirm = async () => {
    if (busy) return;
    if (!getAuthState().isAuthenticated) {
      toast.error('Login Required', 'You must be logged in to delete your account');
      return;
    }
    setBusy(true);
    try {
      await deleteAccount(email || null);
    } catch (caught) {
      setBusy(false);
      toast.error('Deletion Failed', failureText(caught));
      return;
    }
    toast.success('Account Deleted', 'Your account has been permanently deleted');
    removeLocalKeys(ACCOUNT_LOCAL_KEYS);
    // Neither rejects: navigateAndSettle waits for the route to change, signOut keeps a failed logout call to itself.
    window.setTimeout(() => void navigateAndSettle(paths.home.getHref()).then(() => signOut()), DELETE_REDIRECT_DELAY_MS);
  };

  return (
    <Modal
      open={open}
      onClose={onClose}
      dismissible={!busy}
      tone="danger"
      icon={<TrashIcon />}
      title="Delete Account"
      description="This permanently deletes your account. It cannot be undone."
      footer={
        <>
          <button type="button" className="button" onClick={onClose} disabled={busy} data-autofocus>
            Cancel
          </button>
          <BusyButton type="button" className="button button--danger" onClick={() => void confirm()} busy={busy}>
            Delete Account Permanently
          </BusyButton>
        </>
      }
    >
      <p className="delete-list__intro">What will be deleted:</p>
      <IconList className="delete-list stack" items={DELETED_ITEMS} icon={<TrashIcon />} />
    </Modal>
  );
}
