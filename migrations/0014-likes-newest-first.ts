import { type Kysely, sql } from 'kysely';

/**
 * A person's liked collection lists what they liked, newest like first, a page at a time by
 * (liked at, media id): this index lets each page seek instead of sorting all of their likes.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`create index likes_user_newest_idx on likes (user_id, created_at desc, media_id desc)`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop index likes_user_newest_idx`.execute(db);
}
