import type { RunId } from '@app/shared';
import { RUN_NOT_RETRYABLE } from '@app/shared/api/runs';
import { ConflictError, NotFoundError, PaymentRequiredError } from '@app/shared/server/domain-errors';
import { RUN_CANCELED } from '@app/shared/server/generation/cancel-requests';
import { FakeRunRepositories } from '@app/shared/testing/fake-run-repositories';
import { createLogger } from '@app/shared/server/logger';
import { InsufficientCreditsError, type ReserveRetryOutcome } from '@app/shared/server/repositories';
import { describe, expect, it } from 'vitest';
import { type RunControlQueues, type RunControlRepositories, RunControlService } from './run-control.service';
import { aUser } from '../../testing/rows';

const runId = 'run_0000000000000001' as RunId;
const owner = aUser({ credits: 20 });
const stranger = aUser({ id: '99999999-9999-4999-8999-999999999999', email: 'eve@example.com' });

/** The settlement fake, with the run locks, ledger page and retry reservation cancel and retry use. */
class FakeControlRepositories implements RunControlRepositories {
  readonly settlement = new FakeRunRepositories();
  /** What the retry's reservation answers (its rules are tested against both databases in tests/integration/reserve-run.test.ts). */
  reservation: ReserveRetryOutcome = { kind: 'reserved', inFlight: 1, priority: 1 };
  get runs(): RunControlRepositories['runs'] {
    return { ...this.settlement.runs, reserveRetry: async () => this.reservation };
  }
  readonly runControl: RunControlRepositories['runControl'] = {
    lock: async (id) => this.settlement.runsById.get(id),
    chargeCount: async (_userId, id) => this.settlement.ledger.filter((c) => c.runId === id && c.reason === 'generation').length,
    archiveRefund: async (id, attempt) => {
      for (const change of this.settlement.ledger) if (change.idempotencyKey === `refund:${id}`) change.idempotencyKey = `refund:${id}:attempt:${attempt}`;
    },
    resetForRetry: async (id) => {
      const run = this.settlement.runsById.get(id);
      if (run?.status !== 'failed') return false;
      this.settlement.runsById.set(id, { ...run, status: 'processing', stage: 'queued', error: null, credits_refunded: 0, finished_at: null });
      return true;
    },
  };
  readonly creditLedger: RunControlRepositories['creditLedger'] = { page: async () => ({ entries: [], nextCursor: null }) };
  readonly users: RunControlRepositories['users'] = {
    findById: async (id) => ({ ...aUser({ id }), credits: this.settlement.balances.get(id) ?? 0 }),
  };
  /** As the real ledger: a debit below zero is refused. */
  get credits(): RunControlRepositories['credits'] {
    return {
      apply: async (change) => {
        const balance = this.settlement.balances.get(change.userId) ?? 0;
        if (balance + change.delta < 0) throw new InsufficientCreditsError(balance, -change.delta);
        return this.settlement.credits.apply(change);
      },
    };
  }
  get referrals() {
    return this.settlement.referrals;
  }
  transaction<T>(fn: (repos: RunControlRepositories) => Promise<T>): Promise<T> {
    return this.settlement.transaction(() => fn(this));
  }
}

/** The run queue as cancel and retry see it (its BullMQ behaviour is tested in tests/integration/run-queue.test.ts). */
class FakeQueue implements RunControlQueues {
  readonly jobs = new Map<string, { state: string }>();
  readonly added: Array<{ jobId: string; priority: number }> = [];
  async enqueue(jobId: string, priority: number) {
    if (!this.jobs.has(jobId)) {
      this.jobs.set(jobId, { state: 'waiting' });
      this.added.push({ jobId, priority });
    }
  }
  async withdraw(id: string) {
    const state = this.jobs.get(id)?.state;
    if (state === 'active') return 'taken' as const;
    if (state !== 'waiting' && state !== 'prioritized') return 'absent' as const;
    this.jobs.delete(id);
    return 'withdrawn' as const;
  }
  async removeJob(id: string) {
    if (this.jobs.get(id)?.state === 'active') return false;
    this.jobs.delete(id);
    return true;
  }
}

function setUp(jobState: string | undefined, status: 'processing' | 'failed' | 'done' = 'processing') {
  const repos = new FakeControlRepositories();
  repos.settlement.balances.set(owner.id, 15);
  repos.settlement.addRun({ runId, userId: owner.id, creditsReserved: 5 });
  repos.settlement.ledger.push({ userId: owner.id, delta: -5, reason: 'generation', runId, idempotencyKey: `generation:${runId}` });
  const run = repos.settlement.runsById.get(runId)!;
  repos.settlement.runsById.set(runId, { ...run, status });
  const queue = new FakeQueue();
  if (jobState) queue.jobs.set(runId, { state: jobState });
  const asked = new Set<string>();
  const cancels = { request: async (id: string) => void asked.add(id), clear: async (id: string) => void asked.delete(id) };
  const service = new RunControlService(repos, queue, cancels, createLogger({ log: { level: 'silent', pretty: false } }, 'run-control-test'), { maxRunsInFlight: 10 });
  return { repos, queue, asked, service };
}

describe('RunControlService.cancel', () => {
  it('removes a run still in the queue and gives every credit back at once', async () => {
    const { repos, queue, asked, service } = setUp('prioritized');
    expect(await service.cancel(owner, runId)).toEqual({ success: true, runId, status: 'canceled', refunded: 5, balance: 20 });
    expect(queue.jobs.has(runId)).toBe(false);
    expect(repos.settlement.runsById.get(runId)).toMatchObject({ status: 'failed', stage: 'canceled', error: RUN_CANCELED });
    expect(repos.settlement.balances.get(owner.id)).toBe(20);
    expect(asked.size).toBe(0);
  });

  it('cancels a run whose job is not queued yet, and leaves word for a worker that takes it anyway', async () => {
    const { repos, asked, service } = setUp(undefined);
    expect(await service.cancel(owner, runId)).toEqual({ success: true, runId, status: 'canceled', refunded: 5, balance: 20 });
    expect(repos.settlement.runsById.get(runId)?.stage).toBe('canceled');
    expect([...asked]).toEqual([runId]);
  });

  it('asks a running run to stop and leaves its settlement to the worker', async () => {
    const { repos, asked, service } = setUp('active');
    expect(await service.cancel(owner, runId)).toEqual({ success: true, runId, status: 'canceling', refunded: 0, balance: 20 });
    expect([...asked]).toEqual([runId]);
    expect(repos.settlement.runsById.get(runId)?.status).toBe('processing');
  });

  it('answers that a finished run is finished (nothing refunded), and another person’s run as if it did not exist', async () => {
    const finished = setUp('completed', 'done');
    expect(await finished.service.cancel(owner, runId)).toEqual({ success: true, runId, status: 'finished', refunded: 0, balance: 15 });
    const theirs = setUp('waiting');
    await expect(theirs.service.cancel(stranger, runId)).rejects.toBeInstanceOf(NotFoundError);
    expect(theirs.queue.jobs.has(runId)).toBe(true);
  });

  it('refunds once however many times a queued run is canceled', async () => {
    const { repos, service } = setUp('waiting');
    const [first, second] = await Promise.all([service.cancel(owner, runId), service.cancel(owner, runId).catch((e: unknown) => e)]);
    expect(first).toMatchObject({ status: 'canceled', refunded: 5 });
    expect(second).toMatchObject({ status: 'canceled' });
    expect(repos.settlement.ledger.filter((c) => c.reason === 'refund')).toHaveLength(1);
    expect(repos.settlement.balances.get(owner.id)).toBe(20);
  });
});

describe('RunControlService.retry', () => {
  it('charges a failed run again under a key of its own and queues it under the same id', async () => {
    const { repos, queue, service } = setUp('failed', 'processing');
    // The first attempt failed and was refunded, as settleRun leaves it.
    await repos.settlement.transaction(async () => {
      await repos.settlement.credits.apply({ userId: owner.id, delta: 5, reason: 'refund', runId, idempotencyKey: `refund:${runId}` });
      await repos.settlement.runs.finish(runId, { status: 'failed', error: 'Generation failed', creditsRefunded: 5 });
    });
    // Charged the run's cost again: 15 + 5 refunded − 5.
    expect(await service.retry(owner, runId)).toEqual({ success: true, runId, jobId: runId, status: 'processing', cost: 5, balance: 15 });
    expect(repos.settlement.runsById.get(runId)?.status).toBe('processing');
    expect(repos.settlement.ledger.map((c) => c.idempotencyKey)).toEqual([`generation:${runId}`, `refund:${runId}:attempt:1`, `generation:${runId}:retry:1`]);
    expect(repos.settlement.balances.get(owner.id)).toBe(15);
    expect(queue.added).toEqual([{ jobId: runId, priority: 1 }]);
    // Its next failure refunds again.
    await repos.settlement.runs.finish(runId, { status: 'failed' });
    repos.settlement.runsById.set(runId, { ...repos.settlement.runsById.get(runId)!, status: 'processing' });
    expect((await repos.settlement.credits.apply({ userId: owner.id, delta: 5, reason: 'refund', runId, idempotencyKey: `refund:${runId}` })).applied).toBe(true);
  });

  it('refuses a run that is processing or done, and a person below the preflight minimum', async () => {
    await expect(setUp('active', 'processing').service.retry(owner, runId)).rejects.toThrow(new ConflictError(RUN_NOT_RETRYABLE, 'RUN_NOT_RETRYABLE'));
    await expect(setUp('completed', 'done').service.retry(owner, runId)).rejects.toThrow(new ConflictError(RUN_NOT_RETRYABLE, 'RUN_NOT_RETRYABLE'));
    await expect(setUp('failed', 'failed').service.retry({ ...owner, credits: 1 }, runId)).rejects.toBeInstanceOf(PaymentRequiredError);
    await expect(setUp('failed', 'failed').service.retry(stranger, runId)).rejects.toBeInstanceOf(NotFoundError);
  });

  it('queues the retry at the priority its reservation recorded, and answers 429 with nothing charged when the person is at the cap', async () => {
    const { repos, queue, service } = setUp('failed', 'failed');
    repos.reservation = { kind: 'reserved', inFlight: 4, priority: 6 };
    await service.retry(owner, runId);
    expect(queue.added).toEqual([{ jobId: runId, priority: 6 }]);

    const capped = setUp('failed', 'failed');
    capped.repos.reservation = { kind: 'too-many', inFlight: 11 };
    await expect(capped.service.retry(owner, runId)).rejects.toMatchObject({ code: 'TOO_MANY_RUNS' });
    expect(capped.repos.settlement.ledger).toHaveLength(1);
    expect(capped.queue.added).toEqual([]);
  });

  it('charges nothing when the balance no longer covers the run', async () => {
    const { repos, queue, service } = setUp('failed', 'failed');
    repos.settlement.balances.set(owner.id, 3);
    await expect(service.retry(owner, runId)).rejects.toMatchObject({ constructor: PaymentRequiredError, amounts: { required: 5, available: 3 } });
    expect(repos.settlement.runsById.get(runId)?.status).toBe('failed');
    expect(repos.settlement.ledger).toHaveLength(1);
    expect(queue.added).toEqual([]);
  });
});
