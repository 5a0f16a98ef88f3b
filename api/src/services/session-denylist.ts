import type { RedisClient } from '@app/shared/server/redis';
import { ACCESS_TOKEN_TTL_SECONDS } from './tokens';

/**
 * Sessions that ended (logout, a reused refresh token, a ban at refresh) while access tokens of
 * them may still be unexpired. Kept in Redis, so every api process agrees, for as long as such a
 * token can live (plus a minute of clock skew); after that `exp` refuses the token anyway.
 */
export class SessionDenylist {
  constructor(
    private readonly redis: RedisClient,
    private readonly prefix: string,
    private readonly ttlSeconds = ACCESS_TOKEN_TTL_SECONDS + 60,
  ) {}

  async deny(sessionIds: string[]): Promise<void> {
    if (sessionIds.length === 0) return;
    const batch = this.redis.multi();
    for (const id of sessionIds) batch.set(this.keyOf(id), '1', 'EX', this.ttlSeconds);
    const results = (await batch.exec()) ?? [];
    const failed = results.find(([error]) => error);
    if (failed?.[0]) throw failed[0];
  }

  async isDenied(sessionId: string): Promise<boolean> {
    return (await this.redis.exists(this.keyOf(sessionId))) === 1;
  }

  private keyOf(sessionId: string): string {
    return `${this.prefix}:session-denied:${sessionId}`;
  }
}
