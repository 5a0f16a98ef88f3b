import { ApiError } from '../../api/api-error';

/** Validation, texts and links of the invite programme (spec 2 §5, §8). */

export const INVITE_TEXT = {
  inviterReward: "You Get +10 credits after friend's first media",
  friendReward: 'Friend Gets +10 credits on signup',
  guest: 'Sign up to unlock the invite system!',
  emptyEmail: 'Please enter an email address',
  invalidEmail: 'Please enter a valid email address',
  sent: 'Invitation sent successfully!',
  failed: 'Failed to send invitation',
  failedRetry: 'Failed to send invitation. Please try again.',
  linkCopied: ['Link Copied', 'Invite link copied to clipboard!'],
  noEmail: 'Unable to get your email for referral',
  shareFailed: 'Could not share invite link',
} as const;

export const INVITE_ERRORS: Record<string, string> = {
  REFERRAL_VALIDATION_FAILED: 'Referral validation failed',
  ACCOUNT_LIMIT_EXCEEDED: 'Too many accounts created from this IP address. Please try again later.',
  REFERRER_NOT_FOUND: 'Referrer account not found. Please try again.',
};

/** A simple address pattern: something@something.tld, no spaces. */
const SIMPLE_EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** The problem with the friend's address, or null when it may be sent. */
export function inviteEmailProblem(value: string): string | null {
  const email = value.trim();
  if (!email) return INVITE_TEXT.emptyEmail;
  if (!SIMPLE_EMAIL.test(email)) return INVITE_TEXT.invalidEmail;
  return null;
}

/** What to say when sending failed: the text of the server's code, else a generic line. */
export function inviteErrorText(error: unknown): string {
  if (error instanceof ApiError) {
    if (error.code && INVITE_ERRORS[error.code]) return INVITE_ERRORS[error.code] as string;
    if (!error.isNetworkError) return INVITE_TEXT.failed;
  }
  return INVITE_TEXT.failedRetry;
}

/** Guests: no user, or a placeholder id starting with 'guest-'. */
export function isGuestUser(user: { id: string } | null | undefined): boolean {
  return !user || user.id.startsWith('guest-') || user.id === 'guest';
}

/** `${origin}/auth?referrer=<email>`: signing up through it gives the friend +10 credits. */
export function inviteLink(email: string, origin: string = window.location.origin): string {
  return `${origin}/auth?referrer=${encodeURIComponent(email)}`;
}
