import { z } from 'zod';
import { OTP_LENGTH } from '../constants';
import { safeText } from './input';

/** Request bodies of the sign-in and account calls (spec 3 §7, spec 1 §7, spec 2 §7); their answers are typed in shared/src/api. */
export const emailSchema = z
  .string({ error: 'Email is required' })
  .trim()
  .toLowerCase()
  .pipe(z.email({ error: 'Please enter a valid email address' }).max(254));

export const otpCodeSchema = z
  .string({ error: 'Code is required' })
  .trim()
  .regex(new RegExp(`^\\d{${OTP_LENGTH}}$`), { error: 'Please enter a valid 6-digit code' });

export const checkQuotaRequest = z.object({ email: emailSchema });
export const requestOtpRequest = z.object({ email: emailSchema });
export const verifyOtpRequest = z.object({
  email: emailSchema,
  code: otpCodeSchema,
  referrerEmail: emailSchema.optional().or(z.literal('').transform(() => undefined)),
});
export const refreshTokenRequest = z.object({ refreshToken: safeText().min(16).max(512) });
export const logoutRequest = z.object({ refreshToken: safeText().max(512).optional() });
export const updateProfileRequest = z
  .object({
    name: safeText().trim().min(1).max(80).optional(),
    username: safeText()
      .trim()
      .regex(/^[a-z0-9_.]{3,30}$/i, { error: 'Username: 3–30 letters, digits, _ or .' })
      .optional(),
    avatar: safeText().pipe(z.url().max(2048)).optional(),
    onboarding_completed: z.boolean().optional(),
  })
  .strict();
export const userSettingsRequest = z
  .object({ share_to_feed: z.boolean().optional(), media_upload_agreed: z.boolean().optional() })
  .strict();
export const waitlistRequest = z.object({
  email: z.string().trim().min(1, { error: 'Please enter your email address' }).pipe(emailSchema),
  referrerEmail: emailSchema.optional().or(z.literal('').transform(() => undefined)).or(z.null().transform(() => undefined)),
  source: z.enum(['waitlist', 'coming-soon']).optional(),
});
export const emailChangeOtpRequest = z.object({
  newEmail: z.string().trim().min(1, { error: 'Enter a new email address' }).pipe(emailSchema),
});
export const changeEmailRequest = z.object({
  newEmail: z.string().trim().min(1, { error: 'Enter a new email address' }).pipe(emailSchema),
  otp: z.string().trim().min(1, { error: 'Enter the verification code' }).pipe(otpCodeSchema),
});
