import { type Kysely, sql } from 'kysely';

/**
 * A signed webhook per run (issue 45 §2). `generation_runs.webhook_url`: where the run's end is
 * POSTed (null: nowhere). `webhook_secrets`: each person's Standard Webhooks signing secret
 * (`whsec_…`), made on first ask and replaced by a rotation. `webhook_deliveries`: one row per run
 * end told (its id is the `webhook-id` header, the same on every attempt), updated by each attempt
 * so its owner reads what their endpoint answered.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('generation_runs').addColumn('webhook_url', 'text').execute();
  await sql`create table webhook_secrets (
    user_id uuid primary key references users (id) on delete cascade,
    secret text not null,
    created_at timestamptz not null default now()
  )`.execute(db);
  await sql`create table webhook_deliveries (
    id uuid primary key,
    user_id uuid not null references users (id) on delete cascade,
    run_id text not null references generation_runs (run_id) on delete cascade,
    url text not null,
    event text not null check (event in ('run.done', 'run.failed', 'run.canceled')),
    attempts integer not null default 0,
    last_status integer,
    last_error text,
    delivered_at timestamptz,
    next_attempt_at timestamptz,
    created_at timestamptz not null default now()
  )`.execute(db);
  // The owner's list, newest first, paged by (created_at, id).
  await sql`create index webhook_deliveries_user_idx on webhook_deliveries (user_id, created_at desc, id desc)`.execute(db);
  await sql`create index webhook_deliveries_run_idx on webhook_deliveries (run_id)`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop table webhook_deliveries`.execute(db);
  await sql`drop table webhook_secrets`.execute(db);
  await db.schema.alterTable('generation_runs').dropColumn('webhook_url').execute();
}
