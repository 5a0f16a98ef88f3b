/**
 * Live runs: the event stream of a person's runs, its ticket, cancel and retry, and the receipt
 * of a run. The spec's polling of getMediaByRunId stays the fallback; these calls add the live path.
 *
 * The stream: `GET /api/run-events` (Server-Sent Events), authenticated by the Authorization
 * header or, for EventSource, by `?ticket=` from run-events/ticket. Each event's SSE `event:` is
 * its `type`, its `data:` the JSON of the event (type included) and its `id:` the position in the
 * queue's event stream, so a reconnecting browser resumes from Last-Event-ID.
 */
import { z } from 'zod/mini';
import { runIdSchema } from '../generation/request-schema';
import { answer, defineCall } from './define-call';
import { runMediaSchema } from './media';

/** Where the stream is served, under both function bases (`/api/run-events`). */
export const RUN_EVENTS_PATH = 'run-events';
/** A ticket opens one stream, once, within this time. */
export const RUN_EVENTS_TICKET_SECONDS = 30;
/** A comment line is written this often so proxies keep the stream open. */
export const RUN_EVENTS_KEEPALIVE_SECONDS = 15;

export const RUN_NOT_RETRYABLE = 'Only a failed or canceled run can be tried again.';

const runId = z.string();

/**
 * A waiting run's place. Sent when its position or estimate changes (the queue is read again after
 * every move, and every 2 s). `etaSeconds`: the estimated seconds from this event until the run is
 * done, re-estimated on each event from measured throughput (docs/decisions.md); null when nothing
 * has been measured yet. A client counts it down between events.
 */
export const runQueuedEventSchema = z.object({
  type: z.literal('run.queued'),
  runId,
  /** Jobs ahead of this one (0 = next). */
  position: z.number().check(z.int(), z.nonnegative()),
  etaSeconds: z.nullable(z.number().check(z.nonnegative())),
});
export const runStartedEventSchema = z.object({ type: z.literal('run.started'), runId, provider: z.string() });
export const runAttemptEventSchema = z.object({
  type: z.literal('run.attempt'),
  runId,
  attempt: z.number().check(z.int(), z.positive()),
  of: z.number().check(z.int(), z.positive()),
  identityScore: z.optional(z.number()),
  threshold: z.optional(z.number()),
});
export const runVideoEventSchema = z.object({ type: z.literal('run.video'), runId, done: z.number().check(z.int(), z.nonnegative()), total: z.number().check(z.int(), z.positive()) });
/**
 * `balance` on the events that settle a run (done, failed, canceled): the person's credits right
 * after this run's refund (the ledger's `balanceAfter` of that refund), or, when nothing was
 * refunded, their credits when the event was read. It equals get-credits at that moment.
 */
const balance = z.number().check(z.int());
/** `charged`: the credits the run finally cost (reserved − refunded). */
export const runDoneEventSchema = z.object({ type: z.literal('run.done'), runId, media: runMediaSchema, charged: z.number().check(z.nonnegative()), balance });
export const runFailedEventSchema = z.object({ type: z.literal('run.failed'), runId, error: z.string(), refunded: z.number().check(z.nonnegative()), balance });
export const runCanceledEventSchema = z.object({ type: z.literal('run.canceled'), runId, refunded: z.number().check(z.nonnegative()), balance });

export const runEventSchema = z.discriminatedUnion('type', [
  runQueuedEventSchema,
  runStartedEventSchema,
  runAttemptEventSchema,
  runVideoEventSchema,
  runDoneEventSchema,
  runFailedEventSchema,
  runCanceledEventSchema,
]);
export type RunEvent = z.output<typeof runEventSchema>;
export type RunEventType = RunEvent['type'];

/** POST run-events/ticket: a short-lived, single-use ticket for `GET run-events?ticket=`. */
export const runEventsTicketAnswerSchema = answer({ ticket: z.string(), expiresInSeconds: z.number() });
export const runEventsTicketCall = defineCall({ name: 'run-events/ticket', method: 'POST', request: undefined, response: runEventsTicketAnswerSchema });

export const runIdRequest = z.object({ runId: runIdSchema });

/**
 * POST cancel-run: a queued run is removed and refunded in full (`canceled`); a running one is
 * asked to stop (`canceling`, its run.canceled event follows); one that had already finished says
 * so (`finished`, nothing refunded: its own event or poll tells how it ended). A late cancel is
 * part of normal use: it is a 200, not an error a browser logs. Owner only: another person's run is a 404.
 */
export const cancelRunAnswerSchema = answer({
  runId,
  status: z.enum(['canceled', 'canceling', 'finished']),
  refunded: z.number().check(z.nonnegative()),
  /** The person's credits after this answer (after the refund when `canceled`). */
  balance: z.number().check(z.int()),
});
export const cancelRunCall = defineCall({ name: 'cancel-run', method: 'POST', request: runIdRequest, response: cancelRunAnswerSchema });

/**
 * POST retry-run: a failed or canceled run starts again under the same run id (the same card),
 * charged again after the preflight; 202 like unified-generate (with its `cost` and `balance` after
 * the debit; its 402 like unified-generate's). Otherwise 409 RUN_NOT_RETRYABLE.
 */
export const retryRunAnswerSchema = answer({ runId, jobId: z.string(), status: z.literal('processing'), cost: z.number().check(z.int(), z.nonnegative()), balance: z.number().check(z.int()) });
export const retryRunCall = defineCall({ name: 'retry-run', method: 'POST', request: runIdRequest, response: retryRunAnswerSchema });

// The receipt lives in run-receipt.ts (media.ts carries it too; importing it from here would cycle).
export { receiptAttemptSchema, runReceiptSchema, type RunReceipt } from './run-receipt';
