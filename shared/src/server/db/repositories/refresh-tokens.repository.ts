import type { Db } from '../db';
import type { RefreshToken } from '../schema';

/** Refresh tokens by hash. A token is spent once (`used_at`); families are revoked together. */
export class RefreshTokensRepository {
  constructor(private readonly db: Db) {}

  /** Stores a token; one already stored under the same hash (a successor raced into being) is kept. */
  async create(token: { userId: string; familyId: string; tokenHash: string; expiresAt: Date; userAgent?: string | null; ip?: string | null }): Promise<void> {
    await this.db
      .insertInto('refresh_tokens')
      .values({
        user_id: token.userId,
        family_id: token.familyId,
        token_hash: token.tokenHash,
        expires_at: token.expiresAt,
        user_agent: token.userAgent?.slice(0, 300) ?? null,
        ip: token.ip ?? null,
      })
      .onConflict((oc) => oc.column('token_hash').doNothing())
      .execute();
  }

  /** Whether the account started or renewed a session from `ip` since `since`: a client it has used. */
  async usedFrom(userId: string, ip: string, since: Date): Promise<boolean> {
    const row = await this.db
      .selectFrom('refresh_tokens')
      .select('id')
      .where('user_id', '=', userId)
      .where('ip', '=', ip)
      .where('created_at', '>=', since)
      .limit(1)
      .executeTakeFirst();
    return row !== undefined;
  }

  findByHash(tokenHash: string): Promise<RefreshToken | undefined> {
    return this.db.selectFrom('refresh_tokens').selectAll().where('token_hash', '=', tokenHash).executeTakeFirst();
  }

  /** Spends a live token; false when it was already spent (a reuse) or revoked. */
  async markUsed(id: string): Promise<boolean> {
    const result = await this.db
      .updateTable('refresh_tokens')
      .set({ used_at: new Date() })
      .where('id', '=', id)
      .where('used_at', 'is', null)
      .where('revoked_at', 'is', null)
      .executeTakeFirst();
    return result.numUpdatedRows > 0n;
  }

  async revokeFamily(familyId: string): Promise<void> {
    await this.revokeLive('family_id', familyId);
  }

  /** Ends every live session of the user; returns the families (session ids) it ended. */
  revokeAllForUser(userId: string): Promise<string[]> {
    return this.revokeLive('user_id', userId);
  }

  /** Revokes the live tokens of one family or one user; returns the families it ended. */
  private async revokeLive(column: 'family_id' | 'user_id', value: string): Promise<string[]> {
    const rows = await this.db
      .updateTable('refresh_tokens')
      .set({ revoked_at: new Date() })
      .where(column, '=', value)
      .where('revoked_at', 'is', null)
      .returning('family_id')
      .execute();
    return [...new Set(rows.map((row) => row.family_id))];
  }
}
