/**
 * The receipt of a run, in its own file because both the run calls (runs.ts, which imports the
 * media schemas) and the media item (media.ts) carry it: one place, no import cycle.
 */
import { z } from 'zod';

/** One pass of the likeness check. */
export const receiptAttemptSchema = z.object({
  attempt: z.number().int().positive(),
  identityScore: z.number().nullable(),
  passed: z.boolean().nullable(),
});

/** What a run cost and how it went, in numbers a person can check. */
export const runReceiptSchema = z.object({
  creditsReserved: z.number(),
  creditsCharged: z.number(),
  creditsRefunded: z.number(),
  attempts: z.array(receiptAttemptSchema),
  threshold: z.number().nullable(),
  provider: z.string().nullable(),
  model: z.string().nullable(),
  queuedSeconds: z.number().nullable(),
  runningSeconds: z.number().nullable(),
  /** The failure or moderation reason in plain words; null for a run that went well. */
  reason: z.string().nullable(),
});
export type RunReceipt = z.output<typeof runReceiptSchema>;
