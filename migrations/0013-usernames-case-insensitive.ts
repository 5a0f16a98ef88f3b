import { type Kysely, sql } from 'kysely';

/**
 * Usernames are case-insensitive (`Ana` and `ana` are one name): the unique constraint on the
 * column becomes a unique index on lower(username), which also serves the lookup of /u/<name>.
 * Names already stored are lowercased first; should two differ only in case, the later
 * account's name is cleared rather than failing the migration.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    update users set username = null
    where username is not null and exists (
      select 1 from users older
      where lower(older.username) = lower(users.username) and (older.created_at, older.id) < (users.created_at, users.id)
    )`.execute(db);
  await sql`update users set username = lower(username) where username <> lower(username)`.execute(db);
  await db.schema.alterTable('users').dropConstraint('users_username_key').execute();
  await sql`create unique index users_username_lower_key on users (lower(username))`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop index users_username_lower_key`.execute(db);
  await db.schema.alterTable('users').addUniqueConstraint('users_username_key', ['username']).execute();
}
