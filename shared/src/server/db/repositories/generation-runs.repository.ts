import { sql } from 'kysely';
import type { Db } from '../database';
import type { GenerationRun, RunStage } from '../schema';

export interface NewRun {
  runId: string;
  userId: string;
  mode: string;
  request: Record<string, unknown>;
  creditsReserved: number;
}

/** Generation runs, keyed by the run id that is also the BullMQ job id. */
export class GenerationRunsRepository {
  constructor(private readonly db: Db) {}

  /** Inserts the run unless one with this id exists; true when this call created it. */
  async createIfAbsent(run: NewRun): Promise<boolean> {
    const inserted = await this.db
      .insertInto('generation_runs')
      .values({
        run_id: run.runId,
        user_id: run.userId,
        mode: run.mode,
        request: JSON.stringify(run.request),
        credits_reserved: run.creditsReserved,
      })
      .onConflict((oc) => oc.column('run_id').doNothing())
      .returning('run_id')
      .executeTakeFirst();
    return inserted !== undefined;
  }

  find(runId: string): Promise<GenerationRun | undefined> {
    return this.db.selectFrom('generation_runs').selectAll().where('run_id', '=', runId).executeTakeFirst();
  }

  /** A worker took the run: one more attempt, served by `provider`. */
  async recordAttempt(runId: string, provider?: string): Promise<number> {
    const row = await this.db
      .updateTable('generation_runs')
      .set({ attempts: sql`attempts + 1`, updated_at: new Date(), ...(provider ? { provider } : {}) })
      .where('run_id', '=', runId)
      .returning('attempts')
      .executeTakeFirst();
    return row?.attempts ?? 0;
  }

  /** Moves a run still processing to another stage (and the provider's queue position, when it gave one). */
  async setStage(runId: string, stage: RunStage, queuePosition: number | null = null): Promise<void> {
    await this.db
      .updateTable('generation_runs')
      .set({ stage, queue_position: queuePosition, updated_at: new Date() })
      .where('run_id', '=', runId)
      .where('status', '=', 'processing')
      .execute();
  }

  /** Finishes a run still processing; false when it was already finished (a duplicate job). */
  async finish(
    runId: string,
    outcome: { status: 'done' | 'failed'; error?: string | null; creditsRefunded?: number; stage?: RunStage },
  ): Promise<boolean> {
    const result = await this.db
      .updateTable('generation_runs')
      .set({
        status: outcome.status,
        stage: outcome.stage ?? (outcome.status === 'done' ? 'succeeded' : 'failed'),
        queue_position: null,
        error: outcome.error ?? null,
        credits_refunded: outcome.creditsRefunded ?? 0,
        finished_at: new Date(),
        updated_at: new Date(),
      })
      .where('run_id', '=', runId)
      .where('status', '=', 'processing')
      .executeTakeFirst();
    return result.numUpdatedRows > 0n;
  }

  /** Runs of a person still processing, newest first (for the gallery's spinners). */
  listProcessing(userId: string, limit = 20): Promise<GenerationRun[]> {
    return this.db
      .selectFrom('generation_runs')
      .selectAll()
      .where('user_id', '=', userId)
      .where('status', '=', 'processing')
      .orderBy('created_at', 'desc')
      .limit(limit)
      .execute();
  }

  /**
   * Locks the person's row until the transaction ends, so parallel submits of one person count one
   * at a time, then counts their runs processing (this transaction's own insert included) and names
   * the newest of them other than `runId` (whose job holds the person's latest priority).
   * FOR NO KEY UPDATE: the run's foreign key already holds a key-share lock on the row, which a
   * plain FOR UPDATE would wait on, deadlocking two parallel submits.
   */
  async lockInFlight(userId: string, runId: string): Promise<{ count: number; previousRunId: string | undefined }> {
    await this.db.selectFrom('users').select('id').where('id', '=', userId).forNoKeyUpdate().execute();
    const row = await this.db
      .selectFrom('generation_runs')
      .select((eb) => [
        eb.fn.countAll<string>().as('count'),
        eb
          .selectFrom('generation_runs as previous')
          .select('previous.run_id')
          .where('previous.user_id', '=', userId)
          .where('previous.status', '=', 'processing')
          .where('previous.run_id', '<>', runId)
          .orderBy('previous.created_at', 'desc')
          .orderBy('previous.run_id', 'desc')
          .limit(1)
          .as('previous_run_id'),
      ])
      .where('user_id', '=', userId)
      .where('status', '=', 'processing')
      .executeTakeFirstOrThrow();
    return { count: Number(row.count), previousRunId: row.previous_run_id ?? undefined };
  }

  /** Runs processing that were created before `createdBefore`, oldest first (the reconciler's candidates). */
  listProcessingCreatedBefore(createdBefore: Date, limit = 500): Promise<GenerationRun[]> {
    return this.db
      .selectFrom('generation_runs')
      .selectAll()
      .where('status', '=', 'processing')
      .where('created_at', '<', createdBefore)
      .orderBy('created_at', 'asc')
      .limit(limit)
      .execute();
  }
}
