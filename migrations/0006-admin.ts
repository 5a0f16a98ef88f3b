import { type Kysely, sql } from 'kysely';

/**
 * The admin's audit log (every admin action: what, on whom, when, from where), and the provider
 * that served each run, so the diagnosis can count runs by mode and provider.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('admin_audit')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('action', 'text', (c) => c.notNull())
    .addColumn('target', 'text')
    .addColumn('details', 'jsonb', (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
    .addColumn('ip', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('admin_audit_created_idx').on('admin_audit').column('created_at desc').execute();
  await db.schema.alterTable('generation_runs').addColumn('provider', 'text').execute();
  // The diagnosis reads the last hour of finished runs.
  await db.schema.createIndex('generation_runs_finished_idx').on('generation_runs').column('finished_at').where('finished_at', 'is not', null).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('generation_runs_finished_idx').execute();
  await db.schema.alterTable('generation_runs').dropColumn('provider').execute();
  await db.schema.dropTable('admin_audit').execute();
}
