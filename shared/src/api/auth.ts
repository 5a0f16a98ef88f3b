/**
 * The sign-in calls (spec 3 §7, spec 1 §7): check-quota by e-mail, request-otp, verify-otp,
 * refresh-token, logout. They run before there is a session (logout may carry one).
 */
import { z } from 'zod/mini';
import { checkQuotaRequest, logoutRequest, refreshTokenRequest, requestOtpRequest, verifyOtpRequest } from '../schemas/auth';
import { answer, defineCall } from './define-call';

/** `{ success: true, message }`: the calls that only say something was sent. */
export const messageResponse = answer({ message: z.string() });
export const successResponse = answer({});

/** The signed-in person as every auth answer returns it (and as `user_data` stores it). */
export const authUserSchema = z.object({
  id: z.string(),
  email: z.string(),
  name: z.nullable(z.string()),
  username: z.nullable(z.string()),
  /** The small square copy of their avatar (96 px): the header, the sidebar. */
  avatar: z.nullable(z.string()),
  /** The large copy (256 px) for the Account form; optional, as sessions stored before it lack it. */
  avatarLarge: z.optional(z.nullable(z.string())),
  tier: z.string(),
  credits: z.number(),
  shareToFeed: z.boolean(),
  onboarding_completed: z.boolean(),
  media_upload_agreed: z.boolean(),
  createdAt: z.string(),
});
export type AuthUser = z.infer<typeof authUserSchema>;

export const verifyOtpResponse = answer({
  accessToken: z.string(),
  /** The same access token, under the name spec 3 §3's "accessToken or token" lets older clients read. */
  token: z.string(),
  refreshToken: z.string(),
  user: authUserSchema,
  isNewUser: z.boolean(),
});
export type VerifyOtpResponse = z.infer<typeof verifyOtpResponse>;

export const refreshTokenResponse = answer({
  accessToken: z.string(),
  /** Refresh tokens rotate: the one sent is spent, keep this one. */
  refreshToken: z.string(),
});
export type RefreshTokenResponse = z.infer<typeof refreshTokenResponse>;

/** POST check-quota { email }: whether this address may still sign up while the beta is capped. */
export const checkSignUpQuotaCall = defineCall({
  name: 'check-quota',
  method: 'POST',
  request: checkQuotaRequest,
  response: answer({ canSignUp: z.boolean() }),
});
export const requestOtpCall = defineCall({ name: 'request-otp', method: 'POST', request: requestOtpRequest, response: messageResponse });
export const verifyOtpCall = defineCall({ name: 'verify-otp', method: 'POST', request: verifyOtpRequest, response: verifyOtpResponse });
export const refreshTokenCall = defineCall({ name: 'refresh-token', method: 'POST', request: refreshTokenRequest, response: refreshTokenResponse });
export const logoutCall = defineCall({ name: 'logout', method: 'POST', request: logoutRequest, response: successResponse });
