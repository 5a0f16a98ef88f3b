import { type Kysely, sql } from 'kysely';

/**
 * Follows (issue 46 §1): who follows whom. Counts are not stored: a ban (or its lift) changes
 * what every count of the banned person's follows must say, and a count read from the two
 * indexes below (an index-only range, the banned set from users_banned_idx) stays exact without
 * having to be kept in step (docs/decisions.md, "Follows").
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`create table follows (
    follower_id uuid not null references users (id) on delete cascade,
    followee_id uuid not null references users (id) on delete cascade,
    created_at timestamptz not null default now(),
    primary key (follower_id, followee_id),
    check (follower_id <> followee_id)
  )`.execute(db);
  // get-following and the follower's count, newest first, paged by (created_at, followee_id).
  await sql`create index follows_follower_newest_idx on follows (follower_id, created_at desc, followee_id desc)`.execute(db);
  // get-followers and the followee's count, paged by (created_at, follower_id).
  await sql`create index follows_followee_newest_idx on follows (followee_id, created_at desc, follower_id desc)`.execute(db);
  // The Following feed takes each followed creator's newest listed items from here, a short
  // seek per creator, instead of walking the whole feed for the few that are theirs.
  await sql`create index media_creator_listed_idx on media (user_id, created_at desc, id desc)
    where is_public and status = 'completed' and moderation = 'clear'`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop index media_creator_listed_idx`.execute(db);
  await sql`drop table follows`.execute(db);
}
