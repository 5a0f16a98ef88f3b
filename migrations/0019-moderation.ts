import { type Kysely, sql } from 'kysely';

/**
 * A feed that is safe to run (issue 42). An item's moderation state sits beside the owner's
 * public/private choice, so "keep" after a review gives back what the owner chose:
 * - `clear`: nothing holds it (public where the owner made it public);
 * - `review`: screening scored it between "review" and "block": public only once kept;
 * - `held`: screening scored it above "block": stored private and waiting for review;
 * - `hidden`: an admin hid it; public nowhere, its owner still sees it with the reason.
 * `screening` keeps the classifier's scores (and a provider's own flag) for the admin.
 * Reports: one open report per person per item; the review queue reads the open ones.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table media add column moderation text not null default 'clear'
    check (moderation in ('clear', 'review', 'held', 'hidden'))`.execute(db);
  await sql`alter table media add column moderation_reason text`.execute(db);
  await sql`alter table media add column screening jsonb`.execute(db);
  // The review queue: the few items something holds.
  await sql`create index media_moderation_idx on media (created_at desc) where moderation <> 'clear'`.execute(db);
  await sql`alter table uploads add column screening jsonb`.execute(db);

  await sql`create table media_reports (
    id uuid primary key default gen_random_uuid(),
    media_id uuid not null references media (id) on delete cascade,
    reporter_id uuid not null references users (id) on delete cascade,
    reason text not null check (reason in ('sexual', 'violence', 'minor', 'harassment', 'copyright', 'other')),
    note text,
    created_at timestamptz not null default now(),
    resolved_at timestamptz,
    resolution text check (resolution in ('keep', 'hide', 'delete'))
  )`.execute(db);
  await sql`create unique index media_reports_open_idx on media_reports (media_id, reporter_id) where resolved_at is null`.execute(db);
  await sql`create index media_reports_queue_idx on media_reports (media_id, created_at) where resolved_at is null`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop table media_reports`.execute(db);
  await sql`alter table uploads drop column screening`.execute(db);
  await sql`drop index media_moderation_idx`.execute(db);
  await sql`alter table media drop column screening`.execute(db);
  await sql`alter table media drop column moderation_reason`.execute(db);
  await sql`alter table media drop column moderation`.execute(db);
}
