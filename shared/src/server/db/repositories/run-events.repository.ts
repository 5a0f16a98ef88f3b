import { sql } from 'kysely';
import type { Db } from '../db';
import type { IdentityScores, RunStatus } from '../schema';

/** What the live stream needs of one run: whose it is and how it ended. */
export interface RunEventFacts {
  runId: string;
  userId: string;
  mode: string;
  provider: string | null;
  status: RunStatus;
  stage: string;
  error: string | null;
  creditsReserved: number;
  creditsRefunded: number;
  /**
   * The person's credits right after this run's latest refund (its ledger row's balance_after);
   * their credits now when the run was refunded nothing.
   */
  balance: number;
}

/** The median running time of recent done runs of one mode and provider. */
export interface RunDurationMedian {
  mode: string;
  provider: string;
  seconds: number;
}

/** Live runs (issue 16): the run's start time, identity scores and the facts its events carry. */
export class RunEventsRepository {
  constructor(private readonly db: Db) {}

  /** Every identity attempt's score and the threshold, once the identity loop has finished. */
  async saveIdentityScores(runId: string, scores: IdentityScores): Promise<void> {
    await this.db
      .updateTable('generation_runs')
      .set({ identity_scores: JSON.stringify(scores) })
      .where('run_id', '=', runId)
      .execute();
  }

  async findFacts(runId: string): Promise<RunEventFacts | undefined> {
    const row = await this.db
      .selectFrom('generation_runs as r')
      .innerJoin('users as u', 'u.id', 'r.user_id')
      .select((eb) => [
        'r.run_id',
        'r.user_id',
        'r.mode',
        'r.provider',
        'r.status',
        'r.stage',
        'r.error',
        'r.credits_reserved',
        'r.credits_refunded',
        'u.credits',
        eb
          .selectFrom('credit_ledger as l')
          .select('l.balance_after')
          .whereRef('l.run_id', '=', 'r.run_id')
          .where('l.reason', '=', 'refund')
          .orderBy('l.id', 'desc')
          .limit(1)
          .as('refund_balance'),
      ])
      .where('r.run_id', '=', runId)
      .executeTakeFirst();
    return row && {
      runId: row.run_id,
      userId: row.user_id,
      mode: row.mode,
      provider: row.provider,
      status: row.status,
      stage: row.stage,
      error: row.error,
      creditsReserved: row.credits_reserved,
      creditsRefunded: row.credits_refunded,
      balance: row.credits_refunded > 0 && row.refund_balance !== null ? row.refund_balance : row.credits,
    };
  }

  /** Whose runs these are and of which mode (the queue's waiting jobs carry only run ids). */
  async ownersOf(runIds: readonly string[]): Promise<Array<{ runId: string; userId: string; mode: string }>> {
    if (runIds.length === 0) return [];
    const rows = await this.db.selectFrom('generation_runs').select(['run_id', 'user_id', 'mode']).where('run_id', 'in', runIds).execute();
    return rows.map((r) => ({ runId: r.run_id, userId: r.user_id, mode: r.mode }));
  }

  /** A person's runs still processing that a worker has started, with their provider (a new stream's current state). */
  async listStarted(userId: string, limit = 20): Promise<Array<{ runId: string; provider: string }>> {
    const rows = await this.db
      .selectFrom('generation_runs')
      .select(['run_id', 'provider'])
      .where('user_id', '=', userId)
      .where('status', '=', 'processing')
      .where('started_at', 'is not', null)
      .where('provider', 'is not', null)
      .orderBy('created_at', 'desc')
      .limit(limit)
      .execute();
    return rows.map((r) => ({ runId: r.run_id, provider: r.provider ?? '' }));
  }

  /**
   * The median running time (start to finish, creation when the start is unknown) of each mode
   * and provider over their last `perGroup` done runs finished since `since`.
   */
  async medianDurations(since: Date, perGroup = 50): Promise<RunDurationMedian[]> {
    const recent = this.db
      .selectFrom('generation_runs')
      .select([
        'mode',
        'provider',
        sql<number>`extract(epoch from finished_at - coalesce(started_at, created_at))`.as('seconds'),
        sql<number>`row_number() over (partition by mode, provider order by finished_at desc)`.as('rank'),
      ])
      .where('status', '=', 'done')
      .where('provider', 'is not', null)
      .where('finished_at', '>=', since);
    const rows = await this.db
      .selectFrom(recent.as('recent'))
      .select(['mode', 'provider', sql<number>`percentile_cont(0.5) within group (order by seconds)`.as('seconds')])
      .where('rank', '<=', perGroup)
      .groupBy(['mode', 'provider'])
      .execute();
    return rows.map((r) => ({ mode: r.mode, provider: r.provider ?? '', seconds: Number(r.seconds) }));
  }
}
