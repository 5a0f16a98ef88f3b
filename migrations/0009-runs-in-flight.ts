import { type Kysely, sql } from 'kysely';

/**
 * A submit counts the person's runs in flight and finds their newest (issue 15's hot path): a
 * partial index holds only runs processing, so both read that handful instead of every run the
 * person ever made. Each run keeps the queue priority its job was given, so the next submit
 * reads the previous job's from the row it already visits instead of asking Redis.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createIndex('generation_runs_in_flight_idx')
    .on('generation_runs')
    .columns(['user_id', 'created_at desc', 'run_id desc'])
    .where(sql.ref('status'), '=', 'processing')
    .execute();
  /** The job's BullMQ priority; null when unknown (runs before this, retries): then the queue is asked. */
  await db.schema.alterTable('generation_runs').addColumn('priority', 'integer').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('generation_runs').dropColumn('priority').execute();
  await db.schema.dropIndex('generation_runs_in_flight_idx').execute();
}
