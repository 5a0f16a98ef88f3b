import type { RefreshTokenResponse, VerifyOtpResponse } from '@app/shared';
import { ApiError } from './api-error';
import { apiRequest } from './client';

/** The sign-in calls of spec 3 §7. They run before there is a session, so they send no token. */

export interface SignUpQuotaAnswer {
  success: boolean;
  canSignUp: boolean;
}

/** POST check-quota: whether this address may still sign up while the beta is capped. */
export function checkSignUpQuota(email: string): Promise<SignUpQuotaAnswer> {
  return apiRequest<SignUpQuotaAnswer>('check-quota', { body: { email }, auth: 'none' });
}

/** POST request-otp: e-mails a 6-digit login code. */
export function requestLoginCode(email: string): Promise<{ success: true; message?: string }> {
  return apiRequest('request-otp', { body: { email }, auth: 'none' });
}

export interface VerifyLoginCodeInput {
  email: string;
  code: string;
  referrerEmail?: string;
}

/** POST verify-otp: trades the code for a session. */
export function verifyLoginCode(input: VerifyLoginCodeInput): Promise<VerifyOtpResponse> {
  const body = input.referrerEmail ? input : { email: input.email, code: input.code };
  return apiRequest<VerifyOtpResponse>('verify-otp', { body, auth: 'none' });
}

/**
 * POST logout: ends the session on the server. It is sent with the tokens of a session already
 * cleared in this tab, so it goes around the shared refresh. Access tokens are short-lived:
 * when the one kept has expired, the refresh token buys one more, only to end the session with
 * (otherwise the refresh token would stay valid on the server after Logout).
 */
export async function endSession(accessToken: string | null, refreshToken: string | null): Promise<{ success: boolean }> {
  try {
    return await apiRequest('logout', { body: refreshToken ? { refreshToken } : {}, bearer: accessToken });
  } catch (error) {
    if (!(error instanceof ApiError && error.status === 401 && refreshToken)) throw error;
    const fresh = await apiRequest<RefreshTokenResponse>('refresh-token', { body: { refreshToken }, auth: 'none' });
    return apiRequest('logout', { body: { refreshToken: fresh.refreshToken }, bearer: fresh.accessToken });
  }
}
