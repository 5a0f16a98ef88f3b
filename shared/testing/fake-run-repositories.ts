import type { GenerationRun } from '../src/server/db/schema';
import type { CreditChange } from '../src/server/db/repositories/credits.repository';
import type { GenerationRunsRepository } from '../src/server/db/repositories/generation-runs.repository';
import type { SettleRepositories } from '../src/server/generation/settle-run';

/** A run just submitted, still queued: a custom prompt of 2 credits unless `overrides` say otherwise. */
export function aProcessingRun(overrides: Partial<GenerationRun> = {}): GenerationRun {
  const now = new Date();
  return {
    run_id: 'run_0000000000000001',
    user_id: '3f1c2a9e-6d4b-4f7a-9c1e-2b8d5e7f9a10',
    mode: 'custom-prompt',
    request: {},
    status: 'processing',
    error: null,
    credits_reserved: 2,
    credits_refunded: 0,
    provider: null,
    stage: 'queued',
    attempts: 0,
    created_at: now,
    updated_at: now,
    finished_at: null,
    started_at: null,
    identity_scores: null,
    priority: null,
    timeline: null,
    webhook_url: null,
    ...overrides,
  };
}

/**
 * In-memory runs, balances and ledger keys with the rules of the real repositories that
 * settlement relies on (a ledger key applies once; `finish` only moves a run still processing;
 * a transaction commits all or nothing). For unit tests of the api and the worker.
 */
export class FakeRunRepositories implements SettleRepositories {
  readonly runsById = new Map<string, GenerationRun>();
  readonly balances = new Map<string, number>();
  readonly ledger: CreditChange[] = [];
  readonly rewarded = new Set<string>();
  /** Set to make the next credit change throw (a deleted account, a lost connection). */
  failCreditsFor = new Set<string>();

  addRun(run: { runId: string; userId: string; creditsReserved: number; mode?: string; request?: Record<string, unknown>; webhookUrl?: string | null }): void {
    this.runsById.set(
      run.runId,
      aProcessingRun({
        run_id: run.runId,
        user_id: run.userId,
        credits_reserved: run.creditsReserved,
        ...(run.mode ? { mode: run.mode } : {}),
        ...(run.request ? { request: run.request } : {}),
        webhook_url: run.webhookUrl ?? null,
      }),
    );
  }

  runs: SettleRepositories['runs'] & Pick<GenerationRunsRepository, 'createIfAbsent'> = {
    find: async (runId) => this.runsById.get(runId),
    createIfAbsent: async (run) => {
      if (this.runsById.has(run.runId)) return false;
      this.addRun(run);
      return true;
    },
    finish: async (runId, outcome) => {
      const run = this.runsById.get(runId);
      if (!run || run.status !== 'processing') return false;
      const stage = outcome.stage ?? (outcome.status === 'done' ? 'succeeded' : 'failed');
      this.runsById.set(runId, { ...run, status: outcome.status, stage, error: outcome.error ?? null, credits_refunded: outcome.creditsRefunded ?? 0 });
      return true;
    },
  };

  credits: SettleRepositories['credits'] = {
    apply: async (change) => {
      if (this.failCreditsFor.has(change.userId)) throw new Error(`No user ${change.userId}`);
      const balance = this.balances.get(change.userId) ?? 0;
      if (change.idempotencyKey && this.ledger.some((c) => c.idempotencyKey === change.idempotencyKey)) return { applied: false, balance };
      this.ledger.push(change);
      this.balances.set(change.userId, balance + change.delta);
      return { applied: true, balance: balance + change.delta };
    },
  };

  referrals: SettleRepositories['referrals'] = {
    markRewarded: async (friendId) => {
      this.rewarded.add(friendId);
    },
  };

  async transaction<T>(fn: (repos: SettleRepositories) => Promise<T>): Promise<T> {
    const runs = new Map(this.runsById);
    const balances = new Map(this.balances);
    const ledgerLength = this.ledger.length;
    try {
      return await fn(this);
    } catch (error) {
      // Roll back what the failed transaction changed.
      this.runsById.clear();
      for (const [k, v] of runs) this.runsById.set(k, v);
      this.balances.clear();
      for (const [k, v] of balances) this.balances.set(k, v);
      this.ledger.length = ledgerLength;
      throw error;
    }
  }
}
