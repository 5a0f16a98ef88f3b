import type { RedisClient } from '../redis/redis';

/** What a person reads on a canceled run (the worker's failureText of a cancel says the same). */
export const RUN_CANCELED = 'Generation canceled. Your credits were refunded.';

/**
 * Cancels asked of running runs: a Redis key per run, so the worker holding the run notices it
 * whatever api process was asked. It outlives any run (the provider deadline and its retries),
 * and a retry of the run clears it.
 */
export class CancelRequests {
  constructor(
    private readonly redis: Pick<RedisClient, 'set' | 'exists' | 'del'>,
    private readonly prefix: string,
    private readonly ttlSeconds = 3600,
  ) {}

  async request(runId: string): Promise<void> {
    await this.redis.set(this.keyOf(runId), '1', 'EX', this.ttlSeconds);
  }

  async isRequested(runId: string): Promise<boolean> {
    return (await this.redis.exists(this.keyOf(runId))) === 1;
  }

  async clear(runId: string): Promise<void> {
    await this.redis.del(this.keyOf(runId));
  }

  private keyOf(runId: string): string {
    return `${this.prefix}:cancel:${runId}`;
  }
}
