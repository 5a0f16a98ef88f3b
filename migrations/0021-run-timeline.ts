import type { Kysely } from 'kysely';

/**
 * The run timeline (issue 44): each worker pass over a run, step by step with its durations and
 * facts (the provider's queue wait, the identity score…), and the trace it belongs to, so an admin
 * reads where a run's time went, with or without a tracing backend.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('generation_runs').addColumn('timeline', 'jsonb').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('generation_runs').dropColumn('timeline').execute();
}
