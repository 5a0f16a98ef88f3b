import { SIGNED_IN_COOKIE } from '@app/shared/api/first-screen';

const YEAR_SECONDS = 365 * 24 * 60 * 60;

/** Sets or clears the cookie that tells the server this device is signed in (no token, no id: just "1"). */
export function markSignedIn(signedIn: boolean): void {
  if (typeof document === 'undefined') return;
  document.cookie = `${SIGNED_IN_COOKIE}=${signedIn ? '1' : ''}; Path=/; Max-Age=${signedIn ? YEAR_SECONDS : 0}; SameSite=Lax`;
}
