/**
 * The receipt of a run, in its own file because both the run calls (runs.ts, which imports the
 * media schemas) and the media item (media.ts) carry it: one place, no import cycle.
 */
import { z } from 'zod/mini';

/** One pass of the likeness check. */
export const receiptAttemptSchema = z.object({
  attempt: z.number().check(z.int(), z.positive()),
  identityScore: z.nullable(z.number()),
  passed: z.nullable(z.boolean()),
});

/** The classifier's verdict on the run's output and sources, with each class's highest score (issue 42). */
export const receiptScreeningSchema = z.object({
  classifier: z.string(),
  verdict: z.enum(['public', 'review', 'block']),
  scores: z.record(z.string(), z.number()),
  providerFlagged: z.boolean(),
});

/** What a run cost and how it went, in numbers a person can check. */
export const runReceiptSchema = z.object({
  creditsReserved: z.number(),
  creditsCharged: z.number(),
  creditsRefunded: z.number(),
  attempts: z.array(receiptAttemptSchema),
  threshold: z.nullable(z.number()),
  provider: z.nullable(z.string()),
  model: z.nullable(z.string()),
  queuedSeconds: z.nullable(z.number()),
  runningSeconds: z.nullable(z.number()),
  /** The failure or moderation reason in plain words; null for a run that went well. */
  reason: z.nullable(z.string()),
  /** The seed the engine was given (a variation's differs from its original's); null when unknown. */
  seed: z.optional(z.nullable(z.number())),
  /** The screening before the output could be public; null when it was not screened (SCREENING=off, a classifier failure). */
  screening: z.optional(z.nullable(receiptScreeningSchema)),
});
export type RunReceipt = z.output<typeof runReceiptSchema>;
