/**
 * The credit ledger as the Tokens tab lists it: every change of the person's balance, newest
 * first, paged by cursor. An entry of a run names its run id, so the web links it to the run's
 * receipt (getMediaByRunId's `receipt`).
 */
import { z } from 'zod/mini';
import { answer, defineCall } from './define-call';

export const CREDIT_LEDGER_PAGE_SIZE = 50;

export const creditReasonSchema = z.enum(['signup', 'invited_bonus', 'referral_reward', 'generation', 'refund', 'daily_topup', 'admin_adjustment']);

export const creditLedgerEntrySchema = z.object({
  id: z.number().check(z.int()),
  /** Negative for a charge, positive for a refund or a grant. */
  delta: z.number(),
  balanceAfter: z.number(),
  reason: creditReasonSchema,
  runId: z.nullable(z.string()),
  createdAt: z.string(),
});
export type CreditLedgerEntry = z.output<typeof creditLedgerEntrySchema>;

/** `cursor`: the `nextCursor` of the page before (entries older than it); none for the newest page. */
export const creditLedgerQuery = z.object({
  cursor: z.optional(z.coerce.number().check(z.int(), z.positive())),
  limit: z._default(z.coerce.number().check(z.int(), z.minimum(1), z.maximum(100)), CREDIT_LEDGER_PAGE_SIZE),
});

export const creditLedgerAnswerSchema = answer({
  entries: z.array(creditLedgerEntrySchema),
  /** Pass it as `cursor` for the next (older) page; null on the last page. */
  nextCursor: z.nullable(z.number().check(z.int())),
});
export type CreditLedgerAnswer = z.output<typeof creditLedgerAnswerSchema>;

export const getCreditLedgerCall = defineCall({ name: 'get-credit-ledger', method: 'GET', request: creditLedgerQuery, response: creditLedgerAnswerSchema });
