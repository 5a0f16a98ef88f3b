import { apiRequest } from './client';

/** Account settings calls of the profile's Account tab (spec 2 §7). */

/** POST request-email-change-otp: e-mails a code to the new address. */
export function requestEmailChangeCode(newEmail: string): Promise<{ success: true; message?: string }> {
  return apiRequest('request-email-change-otp', { body: { newEmail } });
}

/** POST change-email: switches the account to the new address once its code checks out. */
export function changeEmail(newEmail: string, otp: string): Promise<{ success: true; newEmail: string }> {
  return apiRequest('change-email', { body: { newEmail, otp } });
}

/** POST delete-account: removes the account and everything in it. */
export function deleteAccount(email: string | null): Promise<{ success: true }> {
  return apiRequest('delete-account', {
    method: 'POST',
    body: {},
    headers: email ? { 'X-User-Email': email } : undefined,
  });
}
