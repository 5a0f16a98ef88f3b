/**
 * The signed-in person's own account (spec 1 §7, spec 2 §7, spec 3 §7): profile, settings,
 * upload agreement, quota, e-mail change and deletion. Every call needs a session.
 */
import { z } from 'zod/mini';
import { changeEmailRequest, emailChangeOtpRequest, updateProfileRequest, userSettingsRequest } from '../schemas/auth';
import { authUserSchema, messageResponse, successResponse } from './auth';
import { answer, defineCall } from './define-call';


export const profileViewSchema = z.extend(authUserSchema, { totalLikesReceived: z.number() });

export const userProfileResponse = answer({
  id: z.string(),
  email: z.string(),
  name: z.nullable(z.string()),
  avatar: z.nullable(z.string()),
  onboarding_completed: z.boolean(),
  createdAt: z.string(),
  user: profileViewSchema,
  /** The same person under the name spec 3 §7 reads (specs 1 and 2 read the fields above). */
  profile: profileViewSchema,
});
export type UserProfileResponse = z.infer<typeof userProfileResponse>;

export const userSettingsSchema = z.object({
  share_to_feed: z.boolean(),
  media_upload_agreed: z.boolean(),
  /** The daily e-mail digest of unread notifications (issue 46 §3); off until turned on. */
  notification_digest: z.boolean(),
});
export type UserSettings = z.infer<typeof userSettingsSchema>;
export const userSettingsResponse = answer({ settings: userSettingsSchema });

export const getUserProfileCall = defineCall({ name: 'get-user-profile', method: 'GET', request: undefined, response: userProfileResponse });
export const updateProfileCall = defineCall({
  name: 'update-profile',
  method: 'POST',
  request: updateProfileRequest,
  response: answer({ profile: authUserSchema }),
});
export const getUserSettingsCall = defineCall({ name: 'user-settings', method: 'GET', request: undefined, response: userSettingsResponse });
export const updateUserSettingsCall = defineCall({ name: 'user-settings', method: 'POST', request: userSettingsRequest, response: userSettingsResponse });
export const uploadAgreementCall = defineCall({ name: 'upload-agreement', method: 'POST', request: undefined, response: userSettingsResponse });

/** GET check-quota: spec 1 §7's preflight (not the sign-up check, which is POST check-quota). */
export const checkQuotaCall = defineCall({
  name: 'check-quota',
  method: 'GET',
  request: undefined,
  response: answer({ quota: z.object({ quota_reached: z.boolean(), remaining: z.number() }) }),
});
/**
 * The daily top-up: once a day (at `nextAt`, midnight UTC) a balance below `level` is raised to
 * `level`; a balance at or above it is left as it is.
 */
export const dailyTopUpSchema = z.object({ level: z.number(), nextAt: z.string() });
export type DailyTopUp = z.output<typeof dailyTopUpSchema>;

/** GET getQuota: the balance under both names the specs read, and the daily top-up it is measured against. */
export const getQuotaCall = defineCall({
  name: 'getQuota',
  method: 'GET',
  request: undefined,
  response: answer({ remaining: z.number(), currentBalance: z.number(), dailyTopUp: dailyTopUpSchema }),
});
export const requestEmailChangeOtpCall = defineCall({
  name: 'request-email-change-otp',
  method: 'POST',
  request: emailChangeOtpRequest,
  response: messageResponse,
});
export const changeEmailCall = defineCall({
  name: 'change-email',
  method: 'POST',
  request: changeEmailRequest,
  response: answer({ newEmail: z.string() }),
});
/** POST delete-account; the client also names the account in an X-User-Email header. */
export const deleteAccountCall = defineCall({ name: 'delete-account', method: 'POST', request: z.object({}), response: successResponse });
