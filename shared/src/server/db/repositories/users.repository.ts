import type { Db } from '../database';
import type { NewUser, User, UserUpdate } from '../schema';

/** Accounts. Balances change only through CreditsRepository, never here. */
export class UsersRepository {
  constructor(private readonly db: Db) {}

  findById(id: string): Promise<User | undefined> {
    return this.db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
  }

  findByEmail(email: string): Promise<User | undefined> {
    return this.db.selectFrom('users').selectAll().where('email', '=', email.trim().toLowerCase()).executeTakeFirst();
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

  async count(): Promise<number> {
    const row = await this.db
      .selectFrom('users')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .executeTakeFirstOrThrow();
    return row.count;
  }

  async delete(id: string): Promise<boolean> {
    const result = await this.db.deleteFrom('users').where('id', '=', id).executeTakeFirst();
    return result.numDeletedRows > 0n;
  }
}
