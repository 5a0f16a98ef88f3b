import { INSUFFICIENT_CREDITS, INSUFFICIENT_CREDITS_MESSAGE, type RunId } from '@app/shared';
import { PaymentRequiredError, TooManyRequestsError, UnavailableError } from '@app/shared/server/domain-errors';
import { type SettleRepositories, settleRun } from '@app/shared/server/generation/settle-run';
import type { Logger } from '@app/shared/server/logger';
import type { JobQueues } from '@app/shared/server/queue';

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

/** The queue as a run's enqueue uses it: add a job, and read a queued job's priority. */
export type RunQueues = Pick<JobQueues, 'add'> & {
  queue(name: 'generation'): { getJob(id: string): Promise<{ opts: { priority?: number } } | undefined> };
};

/** The person's runs in flight with this one, and their newest other run still processing. */
export interface InFlight {
  count: number;
  previousRunId: string | undefined;
  /** The fair priority when the submit already worked it out from the runs' rows (no queue read). */
  priority?: number | undefined;
}

/**
 * Enqueues a recorded, debited run (job id = run id; BullMQ ignores a second add under a taken id)
 * at its fair priority. A queue that refuses it fails the run and refunds it: a 503.
 */
export async function enqueueRun(
  deps: { queues: RunQueues; repos: SettleRepositories; logger: Logger },
  runId: RunId,
  inFlight: InFlight,
): Promise<number> {
  const priority = await priorityOf(deps.queues, inFlight);
  await deps.queues.add('generation', 'generate', { runId }, { jobId: runId, priority }).catch(async (error: unknown) => {
    deps.logger.error({ err: error, runId }, 'could not enqueue a generation');
    await settleRun(deps.repos, runId, { kind: 'failed', error: QUEUE_UNAVAILABLE }, deps.logger);
    throw new UnavailableError('Server error. Please try again.', 'QUEUE_UNAVAILABLE');
  });
  return priority;
}

/**
 * Fairness on the open-source queue (no groups): a job's priority is its person's runs in flight,
 * so someone with one run goes ahead of another person's backlog. It never drops below the
 * person's previous job's, so their own runs stay first in, first out while earlier ones finish.
 */
async function priorityOf(queues: RunQueues, { count, previousRunId, priority }: InFlight): Promise<number> {
  if (priority !== undefined) return priority;
  if (!previousRunId) return count;
  const previous = await queues
    .queue('generation')
    .getJob(previousRunId)
    .catch(() => undefined);
  return Math.max(count, previous?.opts.priority ?? 0);
}
