import { randomInt } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { PREFLIGHT_MIN_CREDITS, type RunId } from '@app/shared';
import type { CreditLedgerAnswer } from '@app/shared/api/credits';
import { RUN_NOT_RETRYABLE } from '@app/shared/api/runs';
import type { User } from '@app/shared/server/db';
import { ConflictError, NotFoundError } from '@app/shared/server/domain-errors';
import { type CancelRequests, RUN_CANCELED } from '@app/shared/server/generation/cancel-requests';
import { type RunEndedListener, type SettleRepositories, settleRun } from '@app/shared/server/generation/settle-run';
import type { Logger } from '@app/shared/server/logger';
import type { RunQueue } from '@app/shared/server/queue';
import { InsufficientCreditsError, type Repositories } from '@app/shared/server/repositories';
import { enqueueRun, insufficientCredits, tooManyRuns } from './enqueue-run';

/** A failed job's lock is released a moment after its run is settled: how long a retry waits for it. */
const OLD_JOB_REMOVE_TRIES = 10;
const OLD_JOB_REMOVE_PAUSE_MS = 100;

/** The repositories cancel, retry and the ledger read and write (`createRepositories(db)` provides them). */
export interface RunControlRepositories extends Omit<SettleRepositories, 'transaction'> {
  runs: SettleRepositories['runs'] & Pick<Repositories['runs'], 'reserveRetry'>;
  runControl: Pick<Repositories['runControl'], 'lock' | 'chargeCount' | 'archiveRefund' | 'resetForRetry'>;
  credits: Pick<Repositories['credits'], 'apply'>;
  creditLedger: Pick<Repositories['creditLedger'], 'page'>;
  users: Pick<Repositories['users'], 'findById'>;
  transaction<T>(fn: (repos: RunControlRepositories) => Promise<T>): Promise<T>;
}

/** The queue as cancel and retry use it. */
export type RunControlQueues = Pick<RunQueue, 'enqueue' | 'withdraw' | 'removeJob'>;

const noSuchRun = () => new NotFoundError('No such run', 'NOT_FOUND');

/**
 * cancel-run, retry-run and get-credit-ledger. Every credit change goes through the ledger with
 * a key, and every settlement through settleRun, so a run that finishes while it is canceled is
 * either done (nothing refunded) or canceled (refunded), never both.
 */
export class RunControlService {
  constructor(
    private readonly repos: RunControlRepositories,
    private readonly queues: RunControlQueues,
    private readonly cancels: Pick<CancelRequests, 'request' | 'clear'>,
    private readonly logger: Logger,
    private readonly limits: { maxRunsInFlight: number },
    /** Told of each run a cancel ends (its webhook, issue 45 §2). */
    private readonly ended?: RunEndedListener,
  ) {}

  /**
   * A run not yet started is removed from the queue and refunded in full; a running one is asked
   * to stop (its worker cancels at the provider and settles it); a finished one is said to be.
   */
  async cancel(user: User, runId: RunId) {
    const run = await this.repos.runs.find(runId);
    if (!run || run.user_id !== user.id) throw noSuchRun();
    const finished = async () => ({ success: true as const, runId, status: 'finished' as const, refunded: 0, balance: await this.balanceOf(user) });
    if (run.status !== 'processing') return finished();

    const withdrawn = await this.queues.withdraw(runId);
    if (withdrawn === 'taken') {
      await this.cancels.request(runId);
      this.logger.info({ runId }, 'cancel asked of a running run');
      return { success: true as const, runId, status: 'canceling' as const, refunded: 0, balance: user.credits };
    }

    // No worker has it and none will: a job not yet enqueued (its submit between commit and
    // enqueue) finds the run settled and skips it, or, taken at that very moment, the cancel.
    if (withdrawn === 'absent') await this.cancels.request(runId);
    const settled = await settleRun(this.repos, runId, { kind: 'failed', error: RUN_CANCELED, stage: 'canceled' }, this.logger, this.ended);
    if (!settled) {
      const now = await this.repos.runs.find(runId);
      if (now?.stage === 'canceled') {
        return { success: true as const, runId, status: 'canceled' as const, refunded: now.credits_refunded, balance: await this.balanceOf(user) };
      }
      return finished();
    }
    this.logger.info({ runId, refunded: settled.refunded }, 'queued run canceled');
    return { success: true as const, runId, status: 'canceled' as const, refunded: settled.refunded, balance: settled.balance ?? (await this.balanceOf(user)) };
  }

  /**
   * A failed or canceled run starts again under its id (the same card and media item): the
   * preflight of a submit, then a new charge with a key of its own, then the job again.
   */
  async retry(user: User, runId: RunId) {
    const run = await this.repos.runs.find(runId);
    if (!run || run.user_id !== user.id) throw noSuchRun();
    if (run.status !== 'failed') throw new ConflictError(RUN_NOT_RETRYABLE, 'RUN_NOT_RETRYABLE');
    if (user.credits < PREFLIGHT_MIN_CREDITS) throw insufficientCredits(run.credits_reserved, user.credits);

    // The row lock makes two retries of one run one: the second finds it processing.
    const { priority, balance } = await this.repos
      .transaction(async (trx) => {
        const locked = await trx.runControl.lock(runId);
        if (!locked || locked.status !== 'failed') throw new ConflictError(RUN_NOT_RETRYABLE, 'RUN_NOT_RETRYABLE');
        const attempt = await trx.runControl.chargeCount(user.id, runId);
        await trx.runControl.archiveRefund(runId, attempt);
        await trx.runControl.resetForRetry(runId, { seed: randomInt(0, 2 ** 31 - 1), attempt });
        const reserved = await trx.runs.reserveRetry(user.id, runId, this.limits.maxRunsInFlight);
        if (reserved.kind === 'too-many') throw tooManyRuns();
        const debit = await trx.credits.apply({ userId: user.id, delta: -locked.credits_reserved, reason: 'generation', runId, idempotencyKey: `generation:${runId}:retry:${attempt}` });
        return { priority: reserved.priority, balance: debit.balance };
      })
      .catch((error: unknown) => {
        if (error instanceof InsufficientCreditsError) throw insufficientCredits(error.required, error.balance);
        throw error;
      });

    await this.cancels.clear(runId);
    await this.removeFinishedJob(runId);
    await enqueueRun({ queues: this.queues, repos: this.repos, logger: this.logger, ...(this.ended ? { ended: this.ended } : {}) }, runId, priority);
    this.logger.info({ runId, priority }, 'generation retried');
    return { success: true as const, runId, jobId: runId, status: 'processing' as const, cost: run.credits_reserved, balance };
  }

  /** The person's credits now (the ledger's balance). */
  private async balanceOf(user: User): Promise<number> {
    return (await this.repos.users.findById(user.id))?.credits ?? user.credits;
  }

  /** The person's ledger, newest first, a page at a time. */
  async ledger(user: User, query: { cursor?: number; limit: number }): Promise<CreditLedgerAnswer> {
    const page = await this.repos.creditLedger.page(user.id, { limit: query.limit, ...(query.cursor !== undefined ? { before: query.cursor } : {}) });
    return {
      success: true,
      entries: page.entries.map((e) => ({
        id: e.id,
        delta: e.delta,
        balanceAfter: e.balance_after,
        reason: e.reason as CreditLedgerAnswer['entries'][number]['reason'],
        runId: e.run_id,
        createdAt: e.created_at.toISOString(),
      })),
      nextCursor: page.nextCursor,
    };
  }

  /**
   * The old attempt's job keeps the run's id until removed, and BullMQ ignores an add under a
   * taken id. A worker lets go of a failed job a moment after settling its run; should it still
   * hold it after the wait, the reconciler queues the run again once the job has ended.
   */
  private async removeFinishedJob(runId: string): Promise<void> {
    for (let i = 0; i < OLD_JOB_REMOVE_TRIES; i++) {
      if (await this.queues.removeJob(runId)) return;
      await sleep(OLD_JOB_REMOVE_PAUSE_MS);
    }
    this.logger.warn({ runId }, 'the old job of a retried run is still held: the reconciler will queue it');
  }
}
