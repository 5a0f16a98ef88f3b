import { checkSignUpQuotaCall, logoutCall, refreshTokenCall, requestOtpCall, verifyOtpCall } from '@app/shared/api/auth';
import type { CallRequest, CallResponse } from '@app/shared/api/define-call';
import { ApiError } from './api-error';
import { callApiData } from './client';

/** The sign-in calls of spec 3 §7. They run before there is a session, so they send no token. */

export type SignUpQuotaAnswer = CallResponse<typeof checkSignUpQuotaCall>;

/** POST check-quota: whether this address may still sign up while the beta is capped. */
export function checkSignUpQuota(email: string): Promise<SignUpQuotaAnswer> {
  return callApiData(checkSignUpQuotaCall, { body: { email }, auth: 'none' });
}

/** POST request-otp: e-mails a 6-digit login code. */
export function requestLoginCode(email: string) {
  return callApiData(requestOtpCall, { body: { email }, auth: 'none' });
}

export type VerifyLoginCodeInput = Pick<CallRequest<typeof verifyOtpCall>, 'email' | 'code'> & { referrerEmail?: string };

/** POST verify-otp: trades the code for a session. */
export function verifyLoginCode(input: VerifyLoginCodeInput) {
  const body = input.referrerEmail ? input : { email: input.email, code: input.code };
  return callApiData(verifyOtpCall, { body, auth: 'none' });
}

/**
 * POST logout: ends the session on the server. It is sent with the tokens of a session already
 * cleared in this tab, so it goes around the shared refresh. Access tokens are short-lived:
 * when the one kept has expired, the refresh token buys one more, only to end the session with
 * (otherwise the refresh token would stay valid on the server after Logout).
 */
export async function endSession(accessToken: string | null, refreshToken: string | null) {
  try {
    return await callApiData(logoutCall, { body: refreshToken ? { refreshToken } : {}, bearer: accessToken });
  } catch (error) {
    if (!(error instanceof ApiError && error.status === 401 && refreshToken)) throw error;
    const fresh = await callApiData(refreshTokenCall, { body: { refreshToken }, auth: 'none' });
    return callApiData(logoutCall, { body: { refreshToken: fresh.refreshToken }, bearer: fresh.accessToken });
  }
}
