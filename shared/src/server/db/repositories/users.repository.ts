import { sql } from 'kysely';
import type { Db } from '../db';
import type { NewUser, User, UserUpdate } from '../schema';
import { countRows } from './count-rows';

/** Accounts. Balances change only through CreditsRepository, never here. */
export class UsersRepository {
  constructor(private readonly db: Db) {}

  findById(id: string): Promise<User | undefined> {
    return this.db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
  }

  /** Whether `key` is the person's avatar (shown to everyone), which makes that upload public. */
  async hasAvatar(id: string, key: string): Promise<boolean> {
    const row = await this.db.selectFrom('users').select('id').where('id', '=', id).where('avatar_url', '=', key).executeTakeFirst();
    return row !== undefined;
  }

  findByEmail(email: string): Promise<User | undefined> {
    return this.db.selectFrom('users').selectAll().where('email', '=', email.trim().toLowerCase()).executeTakeFirst();
  }

  /** By username, whatever its case (usernames are stored lowercased; the unique index is on lower()). */
  findByUsername(username: string): Promise<User | undefined> {
    return this.db
      .selectFrom('users')
      .selectAll()
      .where(sql`lower(username)`, '=', username.trim().toLowerCase())
      .executeTakeFirst();
  }

  /** Which of these usernames (lowercase) accounts already hold. */
  async takenUsernames(candidates: readonly string[]): Promise<Set<string>> {
    if (candidates.length === 0) return new Set();
    const rows = await this.db
      .selectFrom('users')
      .select(sql<string>`lower(username)`.as('name'))
      .where(sql`lower(username)`, 'in', candidates)
      .execute();
    return new Set(rows.map((row) => row.name));
  }

  async create(user: Omit<NewUser, 'credits'>): Promise<User> {
    return this.db
      .insertInto('users')
      .values({ ...user, email: user.email.trim().toLowerCase() })
      .returningAll()
      .executeTakeFirstOrThrow();
  }

  async update(id: string, changes: Omit<UserUpdate, 'id' | 'credits'>): Promise<User | undefined> {
    return this.db
      .updateTable('users')
      .set({ ...changes, updated_at: new Date() })
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirst();
  }

  count(): Promise<number> {
    return countRows(this.db.selectFrom('users'));
  }

  /** The admin's Users tab: newest first, optionally matching a text in the e-mail, name or username. */
  async listForAdmin(query: { search?: string; limit: number; offset: number }): Promise<{ rows: User[]; total: number }> {
    let base = this.db.selectFrom('users');
    if (query.search) {
      const pattern = `%${query.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
      base = base.where((eb) => eb.or([eb('email', 'ilike', pattern), eb('name', 'ilike', pattern), eb('username', 'ilike', pattern), eb(sql`id::text`, '=', query.search)]));
    }
    const [rows, total] = await Promise.all([
      base.selectAll().orderBy('created_at', 'desc').orderBy('id').limit(query.limit).offset(query.offset).execute(),
      countRows(base),
    ]);
    return { rows, total };
  }

  async setBanned(id: string, banned: boolean): Promise<User | undefined> {
    return this.db
      .updateTable('users')
      .set({ banned, banned_at: banned ? new Date() : null, updated_at: new Date() })
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirst();
  }

  async delete(id: string): Promise<boolean> {
    const result = await this.db.deleteFrom('users').where('id', '=', id).executeTakeFirst();
    return result.numDeletedRows > 0n;
  }

  /** Accounts created from one address since a moment (the invite abuse limit). */
  /** Accounts created through an invitation (they have a referrer) from one address since a time. */
  countInvitedSignupsFromIp(ip: string, since: Date): Promise<number> {
    return countRows(
      this.db.selectFrom('users').where('signup_ip', '=', ip).where('referrer_id', 'is not', null).where('created_at', '>=', since),
    );
  }

  /** Accounts below a balance, for the daily top-up, in pages by id. */
  listBelowCredits(floor: number, afterId: string | null, limit: number): Promise<Array<{ id: string; credits: number }>> {
    let query = this.db.selectFrom('users').select(['id', 'credits']).where('credits', '<', floor).where('banned', '=', false);
    if (afterId) query = query.where('id', '>', afterId);
    return query.orderBy('id').limit(limit).execute();
  }
}
