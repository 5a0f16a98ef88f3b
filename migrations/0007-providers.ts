import { type Kysely, sql } from 'kysely';

/**
 * Remote providers: each run's stage in the one state machine every provider maps onto (and
 * the provider's queue position while it waits there), and every request submitted to a
 * provider, so a worker that takes over a crashed one resumes the same provider request
 * instead of paying for a second, and a webhook delivered twice settles it once.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('generation_runs')
    .addColumn('stage', 'text', (c) => c.notNull().defaultTo('queued'))
    .addColumn('queue_position', 'integer')
    .execute();
  // Runs finished before this migration get the stage their status implies.
  await sql`update generation_runs set stage = case status when 'done' then 'succeeded' when 'failed' then 'failed' else 'queued' end`.execute(db);
  await db.schema
    .createTable('provider_requests')
    .addColumn('run_id', 'text', (c) => c.notNull().references('generation_runs.run_id').onDelete('cascade'))
    /** Which request of the run: `image-1` (identity attempt 1), `story-2`, `video-0`... */
    .addColumn('slot', 'text', (c) => c.notNull())
    .addColumn('provider', 'text', (c) => c.notNull())
    .addColumn('request_id', 'text', (c) => c.notNull())
    /** What the provider client needs to find the request again (its polling URLs...). */
    .addColumn('ref', 'jsonb', (c) => c.notNull())
    /** The verified webhook body, once delivered (the first delivery wins). */
    .addColumn('webhook', 'jsonb')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('webhook_at', 'timestamptz')
    .addPrimaryKeyConstraint('provider_requests_pk', ['run_id', 'slot'])
    .execute();
  await db.schema.createIndex('provider_requests_request_idx').on('provider_requests').columns(['provider', 'request_id']).unique().execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('provider_requests').execute();
  await db.schema.alterTable('generation_runs').dropColumn('queue_position').dropColumn('stage').execute();
}
