import { sql } from 'kysely';
import type { Db } from '../db';
import type { SignInCode, SignInCodePurpose } from '../schema';

/** One live code per (purpose, e-mail, client), stored as a hash; a new one replaces that client's old one. */
export class SignInCodesRepository {
  constructor(private readonly db: Db) {}

  /** `createdAt` and `expiresAt` come from one reading of the caller's clock: a code lives exactly its TTL. */
  async replace(code: { purpose: SignInCodePurpose; email: string; client?: string; userId?: string | null; codeHash: string; createdAt: Date; expiresAt: Date }): Promise<void> {
    const values = {
      purpose: code.purpose,
      email: code.email,
      client: code.client ?? '',
      user_id: code.userId ?? null,
      code_hash: code.codeHash,
      expires_at: code.expiresAt,
      attempts: 0,
      consumed_at: null,
      created_at: code.createdAt,
    };
    await this.db
      .insertInto('sign_in_codes')
      .values(values)
      .onConflict((oc) => oc.columns(['purpose', 'email', 'client']).doUpdateSet(values))
      .execute();
  }

  find(purpose: SignInCodePurpose, email: string, client = ''): Promise<SignInCode | undefined> {
    return this.db.selectFrom('sign_in_codes').selectAll().where('purpose', '=', purpose).where('email', '=', email).where('client', '=', client).executeTakeFirst();
  }

  /** Counts a wrong guess; returns the attempts made so far. */
  async recordFailedAttempt(id: string): Promise<number> {
    const row = await this.db
      .updateTable('sign_in_codes')
      .set({ attempts: sql`attempts + 1` })
      .where('id', '=', id)
      .returning('attempts')
      .executeTakeFirst();
    return row?.attempts ?? 0;
  }

  /** Marks the code used; false when another request consumed it first. */
  async consume(id: string, codeHash: string): Promise<boolean> {
    const result = await this.db
      .updateTable('sign_in_codes')
      .set({ consumed_at: new Date() })
      .where('id', '=', id)
      .where('code_hash', '=', codeHash)
      .where('consumed_at', 'is', null)
      .executeTakeFirst();
    return result.numUpdatedRows > 0n;
  }

  async deleteForEmail(email: string): Promise<void> {
    await this.db.deleteFrom('sign_in_codes').where('email', '=', email).execute();
  }

  async deleteExpired(now = new Date()): Promise<number> {
    const result = await this.db.deleteFrom('sign_in_codes').where('expires_at', '<', now).executeTakeFirst();
    return Number(result.numDeletedRows);
  }
}
