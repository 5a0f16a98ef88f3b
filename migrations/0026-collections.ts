import { type Kysely, sql } from 'kysely';

/**
 * Collections (issue 46): a person's named sets of creations, private or public (`/c/<id>`).
 * The limits (name length, collections per person, items per collection) are in
 * shared/src/api/collections.ts; the name's length is checked here too. An item belongs to a
 * collection once (the pair is the key); deleting the media, the collection or the account
 * removes its rows. Who may see an item is decided when a collection is read (the feed's
 * `publiclyListed` rule), so an item made private or hidden leaves at once without a write.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`create table collections (
    id uuid primary key default gen_random_uuid(),
    user_id uuid not null references users (id) on delete cascade,
    name text not null check (char_length(name) between 1 and 60),
    is_public boolean not null default false,
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now()
  )`.execute(db);
  // A person's collections, newest first (get-collections), and their count at create.
  await sql`create index collections_user_idx on collections (user_id, created_at desc, id desc)`.execute(db);
  await sql`create table collection_items (
    collection_id uuid not null references collections (id) on delete cascade,
    media_id uuid not null references media (id) on delete cascade,
    added_at timestamptz not null default now(),
    primary key (collection_id, media_id)
  )`.execute(db);
  // A collection's page, newest addition first, by keyset (added_at, media_id); also its cover.
  await sql`create index collection_items_page_idx on collection_items (collection_id, added_at desc, media_id desc)`.execute(db);
  // The cascade of a deleted creation, and which collections hold an item (the viewer's ticks).
  await sql`create index collection_items_media_idx on collection_items (media_id)`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop table collection_items`.execute(db);
  await sql`drop table collections`.execute(db);
}
