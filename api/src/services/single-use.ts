import type { RedisClient } from '@app/shared/server/redis';

/**
 * Things that may be used once (upload signatures), remembered in Redis so every api process
 * agrees. A claim is atomic (SET NX): of two requests racing with the same key, one wins.
 */
export class SingleUse {
  constructor(
    private readonly redis: RedisClient,
    private readonly prefix: string,
  ) {}

  /** True for the first claim of `key` within `ttlSeconds`, false for every later one. */
  async claim(key: string, ttlSeconds: number): Promise<boolean> {
    return (await this.redis.set(this.keyOf(key), '1', 'EX', ttlSeconds, 'NX')) === 'OK';
  }

  /** Gives a claim back (the use it was for did not happen). */
  async release(key: string): Promise<void> {
    await this.redis.del(this.keyOf(key));
  }

  private keyOf(key: string): string {
    return `${this.prefix}:once:${key}`;
  }
}
