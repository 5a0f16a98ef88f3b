import { changeEmailCall, deleteAccountCall, requestEmailChangeOtpCall } from '@app/shared/api/account';
import { callApiData } from './client';

/** Account settings calls of the profile's Account tab (spec 2 §7). */

/** POST request-email-change-otp: e-mails a code to the new address. */
export function requestEmailChangeCode(newEmail: string) {
  return callApiData(requestEmailChangeOtpCall, { body: { newEmail } });
}

/** POST change-email: switches the account to the new address once its code checks out. */
export function changeEmail(newEmail: string, otp: string) {
  return callApiData(changeEmailCall, { body: { newEmail, otp } });
}

/** POST delete-account: removes the account and everything in it. */
export function deleteAccount(email: string | null) {
  return callApiData(deleteAccountCall, { body: {}, headers: email ? { 'X-User-Email': email } : undefined });
}
