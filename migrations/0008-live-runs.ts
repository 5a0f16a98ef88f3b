import type { Kysely } from 'kysely';

/**
 * Live runs (issue 16): when a worker started each run (queued and running times of its
 * receipt) and the likeness score of each identity attempt with the threshold it was held to.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('generation_runs')
    .addColumn('started_at', 'timestamptz')
    /** `{ threshold, scores: (number | null)[] }`, one score per attempt (null: no score). */
    .addColumn('identity_scores', 'jsonb')
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('generation_runs').dropColumn('identity_scores').dropColumn('started_at').execute();
}
