import { INSUFFICIENT_CREDITS, INSUFFICIENT_CREDITS_MESSAGE, type RunId } from '@app/shared';
import { PaymentRequiredError, TooManyRequestsError, UnavailableError } from '@app/shared/server/domain-errors';
import { type RunEndedListener, type SettleRepositories, settleRun } from '@app/shared/server/generation/settle-run';
import type { Logger } from '@app/shared/server/logger';
import type { RunQueue } from '@app/shared/server/queue';

export const QUEUE_UNAVAILABLE = 'Server error: the queue is unavailable';
/** Spec 1 §8's words for a 429; the code says which limit it was. */
export const TOO_MANY_RUNS_MESSAGE = 'Too many requests. Please wait a moment.';
export const TOO_MANY_RUNS = 'TOO_MANY_RUNS';
/** A run takes seconds to a minute: about when one of the person's runs has likely finished. */
const TOO_MANY_RUNS_RETRY_SECONDS = 10;

/** The person already has `MAX_RUNS_IN_FLIGHT` runs processing (a submit or a retry). */
export const tooManyRuns = () => new TooManyRequestsError(TOO_MANY_RUNS_MESSAGE, TOO_MANY_RUNS, TOO_MANY_RUNS_RETRY_SECONDS);
/** The 402: the spec's text and code, with what the run costs (`required`) and what the person has (`available`). */
export const insufficientCredits = (required: number, available: number) =>
  new PaymentRequiredError(INSUFFICIENT_CREDITS_MESSAGE, INSUFFICIENT_CREDITS, { required, available });

/** The queue as a run's enqueue uses it. */
export type RunQueues = Pick<RunQueue, 'enqueue'>;

/**
 * Enqueues a recorded, debited run (job id = run id; BullMQ ignores a second add under a taken id)
 * at the fair priority its reservation recorded (`reserveRun`, `reserveRetry`). A queue that
 * refuses it fails the run and refunds it: a 503.
 */
export async function enqueueRun(
  deps: { queues: RunQueues; repos: SettleRepositories; logger: Logger; ended?: RunEndedListener },
  runId: RunId,
  priority: number,
): Promise<void> {
  await deps.queues.enqueue(runId, priority).catch(async (error: unknown) => {
    deps.logger.error({ err: error, runId }, 'could not enqueue a generation');
    await settleRun(deps.repos, runId, { kind: 'failed', error: QUEUE_UNAVAILABLE }, deps.logger, deps.ended);
    throw new UnavailableError('Server error. Please try again.', 'QUEUE_UNAVAILABLE');
  });
}
