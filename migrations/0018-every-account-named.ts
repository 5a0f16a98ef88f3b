import { type Kysely, sql } from 'kysely';

/**
 * Every account gets a display name and a username, as sign-up gives them since
 * (shared/src/server/account-names.ts): accounts made before keep whichever they chose, and get
 * the other from their e-mail address. The rules are copied here, frozen, so this migration
 * writes the same names whatever the app's rules become.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const rows = await sql<{ id: string; email: string; name: string | null; username: string | null }>`
    select id, email, name, username from users
    where username is null or name is null or btrim(name) = ''
    order by created_at, id`.execute(db);
  if (rows.rows.length === 0) return;
  const taken = new Set((await sql<{ name: string }>`select lower(username) as name from users where username is not null`.execute(db)).rows.map((r) => r.name));
  for (const row of rows.rows) {
    const username = row.username ?? freeUsername(usernameBase(row.email), taken);
    taken.add(username);
    const name = row.name?.trim() ? row.name : displayName(row.email, username);
    await sql`update users set name = ${name}, username = ${username} where id = ${row.id}`.execute(db);
  }
}

export async function down(): Promise<void> {
  // The names given stay: nothing tells them from names people chose.
}

/** The usernames no account may hold, as they were when this migration was written. */
const RESERVED = new Set([
  'admin', 'administrator', 'api', 'app', 'auth', 'dashboard', 'help', 'm', 'me', 'media', 'mirrorverse',
  'moderator', 'privacy', 'profile', 'root', 'settings', 'share', 'staff', 'stories', 'story', 'support',
  'system', 'tag', 'terms', 'u', 'user', 'users',
]);

function localPart(email: string): string {
  const local = email.trim().split('@')[0] ?? '';
  return (local.split('+')[0] ?? '').normalize('NFKD').replace(/\p{M}+/gu, '');
}

function usernameBase(email: string): string {
  const base = localPart(email)
    .toLowerCase()
    .replace(/[^a-z0-9_.]+/g, '.')
    .replace(/\.{2,}/g, '.')
    .slice(0, 24)
    .replace(/^\.+|\.+$/g, '');
  return base || 'creator';
}

function freeUsername(base: string, taken: ReadonlySet<string>): string {
  const joiner = /\d$/.test(base) ? '_' : '';
  for (let n = 1; ; n++) {
    const name = n === 1 ? base : `${base}${joiner}${n}`;
    if (name.length >= 3 && !RESERVED.has(name) && !taken.has(name)) return name;
  }
}

function displayName(email: string, username: string): string {
  const local = localPart(email);
  const words = local.split(/[^\p{L}\p{N}]+/u).filter((word) => /^\p{L}{2,}$/u.test(word));
  const chosen = words.length > 0 ? words.slice(0, 3) : (local.match(/\p{L}+/u) ?? []);
  const name = chosen.map((word) => word.charAt(0).toUpperCase() + word.slice(1).toLowerCase()).join(' ');
  return name.slice(0, 80) || username;
}
