import { sql } from 'kysely';
import type { Db } from '../db';
import type { GenerationRun } from '../schema';
import { countRows } from './count-rows';

/** Cancel, retry and receipts: the run rows and ledger sums they read and write. */
export class RunControlRepository {
  constructor(private readonly db: Db) {}

  /** The run, its row locked until the transaction ends (a cancel or a retry serialises with any other). */
  lock(runId: string): Promise<GenerationRun | undefined> {
    return this.db.selectFrom('generation_runs').selectAll().where('run_id', '=', runId).forUpdate().executeTakeFirst();
  }

  /** How many times the run was charged (its first charge and one per retry). */
  chargeCount(userId: string, runId: string): Promise<number> {
    return countRows(
      this.db
        .selectFrom('credit_ledger')
        // By person first: the ledger is indexed by person, not by run.
        .where('user_id', '=', userId)
        .where('run_id', '=', runId)
        .where('reason', '=', 'generation'),
    );
  }

  /**
   * Moves the finished attempt's refund to a key of its own (`refund:<runId>:attempt:<n>`):
   * settling a run always refunds under `refund:<runId>`, so the next attempt can be refunded too.
   */
  async archiveRefund(runId: string, attempt: number): Promise<void> {
    await this.db
      .updateTable('credit_ledger')
      .set({ idempotency_key: `refund:${runId}:attempt:${attempt}` })
      .where('idempotency_key', '=', `refund:${runId}`)
      .execute();
  }

  /**
   * A failed run becomes a new attempt: processing again, queued from now (its queued time is
   * this attempt's), with a new seed and none of the old attempt's provider requests, so it makes
   * a new image rather than the same one again; `retry` in its request stores the output apart.
   * Only a failed run moves; false otherwise.
   */
  async resetForRetry(runId: string, retry: { seed: number; attempt: number }): Promise<boolean> {
    const now = new Date();
    const result = await this.db
      .updateTable('generation_runs')
      .set({
        status: 'processing',
        stage: 'queued',
        error: null,
        credits_refunded: 0,
        finished_at: null,
        started_at: null,
        identity_scores: null,
        // The retry's reservation records its new one (`reserveRetry`), in the same transaction.
        priority: null,
        request: sql`request || jsonb_build_object('seed', ${retry.seed}::int, 'retry', ${retry.attempt}::int)`,
        created_at: now,
        updated_at: now,
      })
      .where('run_id', '=', runId)
      .where('status', '=', 'failed')
      .executeTakeFirst();
    if (result.numUpdatedRows === 0n) return false;
    // The old attempt's provider requests would otherwise be resumed: the same output again.
    await this.db.deleteFrom('provider_requests').where('run_id', '=', runId).execute();
    return true;
  }

  /** A person's runs among `runIds`, in one query (the receipts of a library page). */
  findMany(userId: string, runIds: string[]): Promise<GenerationRun[]> {
    if (runIds.length === 0) return Promise.resolve([]);
    // One array parameter, however long the page (getUserMedia's `all`).
    return this.db
      .selectFrom('generation_runs')
      .selectAll()
      .where('user_id', '=', userId)
      .where('run_id', '=', sql<string>`any(${runIds}::text[])`)
      .execute();
  }
}
