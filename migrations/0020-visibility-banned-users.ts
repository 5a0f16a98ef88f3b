import { type Kysely, sql } from 'kysely';

/**
 * The banned accounts on their own (issue 42): every public read of media asks whether the
 * item's owner is banned (publiclyListed), and an aggregate over many items (a tag's count, a
 * creator's stats, the sitemap's tags) reads the banned as one set. This partial index holds only
 * them, so that set costs a few index pages instead of a scan of every account.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`create index users_banned_idx on users (id) where banned`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop index users_banned_idx`.execute(db);
}
