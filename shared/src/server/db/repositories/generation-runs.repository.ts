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
}
