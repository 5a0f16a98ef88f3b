import { type Kysely, sql } from 'kysely';

/**
 * The feed's search and its orders (issue 28 item 2).
 *
 * Search is Postgres full-text search, which PGlite has too (no extension): each item's words
 * (prompt, tags, preset kind) in a stored `search_vector` with a GIN index. The 'simple'
 * configuration keeps words as written, lowercased (no stemming: prompts come in any language).
 * The column is generated from a function declared immutable because `array_to_string` is
 * only stable in general, though it is immutable for text[].
 *
 * Orders: newest (media_feed_idx) and trending (media_trending_idx) have their indexes;
 * most liked gets media_top_idx.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    create function media_search_vector(prompt text, tags text[], preset_type text) returns tsvector
    language sql immutable parallel safe
    as $$ select to_tsvector('simple'::regconfig,
      coalesce(prompt, '') || ' ' || array_to_string(coalesce(tags, '{}'::text[]), ' ') || ' ' || replace(coalesce(preset_type, ''), '_', ' ')) $$`.execute(db);
  await sql`alter table media add column search_vector tsvector generated always as (media_search_vector(prompt, tags, preset_type)) stored`.execute(db);
  // A long list of the most common words, so a rare word is estimated rare and found through
  // the GIN index instead of by walking the newest-first index until enough items match.
  await sql`alter table media alter column search_vector set statistics 1000`.execute(db);
  await sql`create index media_search_idx on media using gin (search_vector) where is_public and status = 'completed'`.execute(db);
  await sql`create index media_top_idx on media (likes_count desc, created_at desc, id desc) where is_public and status = 'completed'`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop index media_top_idx`.execute(db);
  await sql`drop index media_search_idx`.execute(db);
  await sql`alter table media drop column search_vector`.execute(db);
  await sql`drop function media_search_vector(text, text[], text)`.execute(db);
}
