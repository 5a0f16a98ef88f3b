import { type Kysely, sql } from 'kysely';

/**
 * Personal API keys (issue 45 §1): a person's programs call the generation and read calls with
 * `Authorization: Bearer mv_…`. Only the SHA-256 of a key is kept (`key_hash`, hex, unique: the
 * lookup of every call), never the key; `prefix` (its first characters) tells keys apart in the
 * list. A revoked key keeps its row (`revoked_at`) so the list and the audit of its use stay
 * readable; deleting the account deletes its keys.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`create table api_keys (
    id uuid primary key default gen_random_uuid(),
    user_id uuid not null references users (id) on delete cascade,
    name text not null,
    scopes text[] not null check (cardinality(scopes) > 0 and scopes <@ array['generate', 'read']::text[]),
    prefix text not null,
    key_hash text not null unique,
    created_at timestamptz not null default now(),
    last_used_at timestamptz,
    revoked_at timestamptz
  )`.execute(db);
  await sql`create index api_keys_user_idx on api_keys (user_id, created_at desc)`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop table api_keys`.execute(db);
}
