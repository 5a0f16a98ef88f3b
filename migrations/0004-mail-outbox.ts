import { type Kysely, sql } from 'kysely';

/**
 * Outgoing mail: the api writes a message here and enqueues its id; the worker sends it.
 * In the development outbox the message stays readable; after a real SMTP send its body
 * (which may hold a sign-in code) is cleared.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('mail_outbox')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('to_address', 'text', (c) => c.notNull())
    .addColumn('subject', 'text', (c) => c.notNull())
    .addColumn('text_body', 'text')
    .addColumn('html_body', 'text')
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('queued').check(sql`status in ('queued', 'sent', 'failed')`))
    .addColumn('transport', 'text')
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('error', 'text')
    .addColumn('sent_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('mail_outbox_to_idx').on('mail_outbox').columns(['to_address', 'created_at desc']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('mail_outbox').execute();
}
