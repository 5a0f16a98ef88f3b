import type { Db } from '../db';

export class WaitlistRepository {
  constructor(private readonly db: Db) {}

  /** Idempotent per e-mail: true when the address is new to the list. */
  async add(entry: { email: string; referrerEmail?: string | null; source?: string }): Promise<boolean> {
    const inserted = await this.db
      .insertInto('waitlist')
      .values({ email: entry.email, referrer_email: entry.referrerEmail ?? null, source: entry.source ?? 'waitlist' })
      .onConflict((oc) => oc.column('email').doNothing())
      .returning('id')
      .executeTakeFirst();
    return inserted !== undefined;
  }

  async has(email: string): Promise<boolean> {
    return (await this.db.selectFrom('waitlist').select('id').where('email', '=', email).executeTakeFirst()) !== undefined;
  }
}
