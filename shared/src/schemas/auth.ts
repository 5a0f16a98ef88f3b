import { z } from 'zod/mini';
import { OTP_LENGTH } from '../constants';
import { safeText } from './input';
import { usernameSchema } from './username';

/** Request bodies of the sign-in and account calls (spec 3 §7, spec 1 §7, spec 2 §7); their answers are typed in shared/src/api. */
// The web shows this schema's messages (web/src/lib/email.ts) and loads no zod locale: every message is explicit
// (the length one is the English locale's own words, which the api sent before).
export const emailSchema = z.pipe(
  z.string({ error: 'Email is required' }).check(z.trim(), z.toLowerCase()),
  z.email({ error: 'Please enter a valid email address' }).check(z.maxLength(254, { error: 'Too big: expected string to have <=254 characters' })),
);

export const otpCodeSchema = z
  .string({ error: 'Code is required' })
  .check(z.trim(), z.regex(new RegExp(`^\\d{${OTP_LENGTH}}$`), { error: 'Please enter a valid 6-digit code' }));

/** An optional referrer's address; '' (an empty form field) is no referrer. */
const referrerEmail = z.union([z.optional(emailSchema), z.pipe(z.literal(''), z.transform(() => undefined))]);

export const checkQuotaRequest = z.object({ email: emailSchema });
export const requestOtpRequest = z.object({ email: emailSchema });
export const verifyOtpRequest = z.object({
  email: emailSchema,
  code: otpCodeSchema,
  referrerEmail,
});
export const refreshTokenRequest = z.object({ refreshToken: safeText().check(z.minLength(16), z.maxLength(512)) });
export const logoutRequest = z.object({ refreshToken: z.optional(safeText().check(z.maxLength(512))) });
export const updateProfileRequest = z.strictObject({
  name: z.optional(safeText().check(z.trim(), z.minLength(1), z.maxLength(80))),
  username: z.optional(usernameSchema),
  avatar: z.optional(z.pipe(safeText(), z.url().check(z.maxLength(2048)))),
  onboarding_completed: z.optional(z.boolean()),
});
export const userSettingsRequest = z.strictObject({ share_to_feed: z.optional(z.boolean()), media_upload_agreed: z.optional(z.boolean()), notification_digest: z.optional(z.boolean()) });
export const waitlistRequest = z.object({
  email: z.pipe(z.string().check(z.trim(), z.minLength(1, { error: 'Please enter your email address' })), emailSchema),
  referrerEmail: z.union([referrerEmail, z.pipe(z.null(), z.transform(() => undefined))]),
  source: z.optional(z.enum(['waitlist', 'coming-soon'])),
});
export const emailChangeOtpRequest = z.object({
  newEmail: z.pipe(z.string().check(z.trim(), z.minLength(1, { error: 'Enter a new email address' })), emailSchema),
});
export const changeEmailRequest = z.object({
  newEmail: z.pipe(z.string().check(z.trim(), z.minLength(1, { error: 'Enter a new email address' })), emailSchema),
  otp: z.pipe(z.string().check(z.trim(), z.minLength(1, { error: 'Enter the verification code' })), otpCodeSchema),
});
