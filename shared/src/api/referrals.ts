/** The invite programme (spec 2 §7): stats and invitation e-mails. Signed in. */
import { z } from 'zod/mini';
import { emailSchema } from '../schemas/auth';
import { safeText } from '../schemas/input';
import { answer, defineCall } from './define-call';


export const referralStatsSchema = z.object({ totalReferrals: z.number(), totalCreditsEarned: z.number(), referralCode: z.string() });

export const sendReferralInviteRequest = z.object({
  referrerEmail: emailSchema,
  referrerName: z.optional(safeText().check(z.maxLength(80))),
  friendEmail: z.pipe(z.string().check(z.trim(), z.minLength(1, { error: 'Please enter an email address' })), emailSchema),
  referralCode: z.optional(safeText().check(z.maxLength(40))),
});

export const getReferralStatsCall = defineCall({
  name: 'get-referral-stats',
  method: 'GET',
  request: undefined,
  response: answer({ stats: referralStatsSchema }),
});
export const sendReferralInviteCall = defineCall({
  name: 'send-referral-invite',
  method: 'POST',
  request: sendReferralInviteRequest,
  response: answer({ message: z.string() }),
});
