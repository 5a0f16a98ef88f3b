import { type Kysely, sql } from 'kysely';

/**
 * Notifications (issue 46 §3): what happened to a person's runs, creations and account, newest
 * first. A like is one row per creation while unread (the partial unique index lets the like's
 * one INSERT fold into it): the row says "likes of this creation since `since`", and its likers are
 * read from `likes` when the list is read, so an unlike, a deleted or a banned liker never shows.
 * A follow is one row per follower while unread, for the same reason (follow, unfollow, follow).
 * `actor_id` is set null when that account goes: a like row lives on for its other likers, and a
 * follow or a referral without its person is no longer shown.
 * `users.notification_digest`: the daily e-mail digest, off until the person turns it on;
 * `notification_digest_at`: when the last one covered up to. `mail_outbox.headers`: a message's
 * extra headers (the digest's List-Unsubscribe and List-Unsubscribe-Post).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`create table notifications (
    id uuid primary key default gen_random_uuid(),
    user_id uuid not null references users (id) on delete cascade,
    kind text not null check (kind in ('run_done', 'run_failed', 'like', 'follow', 'media_hidden', 'referral')),
    actor_id uuid references users (id) on delete set null,
    media_id uuid references media (id) on delete cascade,
    run_id text,
    since timestamptz not null default now(),
    created_at timestamptz not null default now(),
    read_at timestamptz
  )`.execute(db);
  // The bell's list, newest first, paged by (created_at, id); and its unread count.
  await sql`create index notifications_user_idx on notifications (user_id, created_at desc, id desc)`.execute(db);
  await sql`create index notifications_unread_idx on notifications (user_id) where read_at is null`.execute(db);
  await sql`create unique index notifications_like_group_idx on notifications (user_id, media_id) where kind = 'like' and read_at is null`.execute(db);
  await sql`create unique index notifications_follow_once_idx on notifications (user_id, actor_id) where kind = 'follow' and read_at is null`.execute(db);
  await sql`create index notifications_run_idx on notifications (run_id) where run_id is not null`.execute(db);
  await db.schema.alterTable('users').addColumn('notification_digest', 'boolean', (c) => c.notNull().defaultTo(false)).execute();
  await db.schema.alterTable('users').addColumn('notification_digest_at', 'timestamptz').execute();
  // Extra headers of a message (the digest's List-Unsubscribe); null for most.
  await db.schema.alterTable('mail_outbox').addColumn('headers', 'jsonb').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('mail_outbox').dropColumn('headers').execute();
  await db.schema.alterTable('users').dropColumn('notification_digest_at').execute();
  await db.schema.alterTable('users').dropColumn('notification_digest').execute();
  await sql`drop table notifications`.execute(db);
}
