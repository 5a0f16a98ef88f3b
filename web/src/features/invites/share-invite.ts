import { toast } from '../../components/toast/toast-store';
import { INVITE_TEXT, inviteLink } from './invite-rules';

function isAbort(error: unknown): boolean {
  return error instanceof DOMException && error.name === 'AbortError';
}

async function copy(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    return false;
  }
}

/**
 * Shares the invite link with the system share sheet, or copies it where there is none
 * (spec 2 §2 mobile gallery): 'Link Copied / Invite link copied to clipboard!'.
 */
export async function shareInviteLink(email: string | null | undefined): Promise<void> {
  if (!email) {
    toast.error(INVITE_TEXT.noEmail);
    return;
  }
  const url = inviteLink(email);
  if (typeof navigator.share === 'function') {
    try {
      await navigator.share({
        title: 'Join me on Mirrorverse',
        text: 'Turn your photos into new worlds. Sign up with my link and get 10 bonus credits.',
        url,
      });
      return;
    } catch (error) {
      if (isAbort(error)) return;
    }
  }
  if (await copy(url)) toast.success(...INVITE_TEXT.linkCopied);
  else toast.error(INVITE_TEXT.shareFailed);
}

/** Copies the invite link (the desktop Invite Friends tab). */
export async function copyInviteLink(email: string): Promise<void> {
  if (await copy(inviteLink(email))) toast.success(...INVITE_TEXT.linkCopied);
  else toast.error(INVITE_TEXT.shareFailed);
}
