import { runIdSchema } from '@app/shared';
import type { Logger } from '@app/shared/server/logger';
import type { JobQueues } from '@app/shared/server/queue';
import type { Repositories } from '@app/shared/server/repositories';
import { type RunEndedListener, type SettleRepositories, settleRun } from '@app/shared/server/generation/settle-run';

/** What a person reads on a run the reconciler gave up on. */
export const LOST_RUN = 'Generation failed: it never started on our side. Your credits were refunded.';

/** Job states in which BullMQ will still run the job: the run is in hand, nothing to reconcile. */
const LIVE_STATES = new Set(['waiting', 'prioritized', 'active', 'delayed', 'waiting-children']);

/** What the reconciler reads of a queued job. */
export interface QueuedJob {
  getState(): Promise<string>;
  remove(): Promise<void>;
}

export interface ReconcileDeps {
  repos: SettleRepositories & { runs: Pick<Repositories['runs'], 'listProcessingCreatedBefore'> };
  queues: Pick<JobQueues, 'add'> & { queue(name: 'generation'): { getJob(id: string): Promise<QueuedJob | undefined> } };
  /** A run younger than this may still be on its way to the queue (the api between commit and enqueue). */
  graceSeconds: number;
  /** A run older than this with no job is failed and refunded rather than started so late. */
  deadlineSeconds: number;
  logger: Logger;
  now?: () => Date;
  /** Told of each run the reconciler fails (its webhook, issue 45 §2). */
  ended?: RunEndedListener;
}

/**
 * reconcile-runs: every minute. A run is committed `processing` before its job is enqueued; an api
 * that dies between the two leaves a run no worker will ever take, its credits held. Such a run
 * (no job, or a job that ended while the run still processes) is queued again under its own id,
 * or failed and refunded once past the deadline. Running it twice changes nothing more: a queued
 * run has a live job, a settled one is no longer processing.
 */
export function reconcileRunsHandler(deps: ReconcileDeps) {
  return async () => {
    const now = (deps.now ?? (() => new Date()))();
    const candidates = await deps.repos.runs.listProcessingCreatedBefore(new Date(now.getTime() - deps.graceSeconds * 1000));
    let requeued = 0;
    let failed = 0;
    for (const run of candidates) {
      const job = await deps.queues.queue('generation').getJob(run.run_id);
      if (job && LIVE_STATES.has(await job.getState())) continue;
      if (now.getTime() - run.created_at.getTime() > deps.deadlineSeconds * 1000) {
        const settled = await settleRun(deps.repos, run.run_id, { kind: 'failed', error: LOST_RUN }, deps.logger, deps.ended);
        if (settled) failed += 1;
        continue;
      }
      // A finished job keeps its id until trimmed, and BullMQ ignores an add under a taken id.
      await job?.remove();
      // Priority 1: of everyone's runs waiting, this one has waited longest.
      await deps.queues.add('generation', 'generate', { runId: runIdSchema.parse(run.run_id) }, { jobId: run.run_id, priority: 1 });
      requeued += 1;
    }
    if (requeued + failed > 0) deps.logger.warn({ requeued, failed }, 'runs without a job reconciled');
    return { requeued, failed };
  };
}
