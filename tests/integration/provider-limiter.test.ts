import { randomBytes } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { createRedis, whenReady } from '@app/shared/server/redis';
import type { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it, inject } from 'vitest';
import { RedisProviderLimiter } from '../../worker/src/providers/remote/provider-limiter';

/** Two limiters on one Redis stand for two worker processes (or machines). */
describe('provider limits shared through Redis', () => {
  let redisA: Redis;
  let redisB: Redis;
  const prefix = `limit-${randomBytes(4).toString('hex')}`;

  beforeAll(async () => {
    redisA = createRedis(inject('redisUrl'), 'producer');
    redisB = createRedis(inject('redisUrl'), 'producer');
    await Promise.all([whenReady(redisA), whenReady(redisB)]);
  });
  afterAll(async () => {
    await redisA.quit();
    await redisB.quit();
  });

  it('never lets more requests run at once than the cap, across processes', async () => {
    const limiters = [new RedisProviderLimiter(redisA, prefix, 60_000, 10), new RedisProviderLimiter(redisB, prefix, 60_000, 10)];
    let running = 0;
    let most = 0;
    await Promise.all(
      Array.from({ length: 10 }, async (_, i) => {
        const lease = await limiters[i % 2]!.acquire('fal', { concurrent: 2 }, AbortSignal.timeout(20_000));
        running += 1;
        most = Math.max(most, running);
        await sleep(30);
        running -= 1;
        await lease.release();
      }),
    );
    expect(most).toBe(2);
  });

  it('frees the slot of a worker that died holding it once its lease expires', async () => {
    const dead = new RedisProviderLimiter(redisA, `${prefix}-dead`, 200, 10);
    await dead.acquire('bfl', { concurrent: 1 }, AbortSignal.timeout(1_000)); // never released
    const alive = new RedisProviderLimiter(redisB, `${prefix}-dead`, 60_000, 10);
    const lease = await alive.acquire('bfl', { concurrent: 1 }, AbortSignal.timeout(5_000));
    await lease.release();
  });

  it('spreads calls so no window holds more than the rate allows', async () => {
    const limiters = [new RedisProviderLimiter(redisA, prefix, 60_000), new RedisProviderLimiter(redisB, prefix, 60_000)];
    const limit = { rate: { max: 5, windowMs: 500, calls: 'all' as const } };
    const times: number[] = [];
    await Promise.all(
      Array.from({ length: 12 }, async (_, i) => {
        await limiters[i % 2]!.throttle('stability', limit, 'other', AbortSignal.timeout(20_000));
        times.push(Date.now());
      }),
    );
    times.sort((a, b) => a - b);
    for (let i = 5; i < times.length; i++) expect(times[i]! - times[i - 5]!).toBeGreaterThanOrEqual(490);
  });

  it('counts only submissions when the rate is on creates (Replicate)', async () => {
    const limiter = new RedisProviderLimiter(redisA, `${prefix}-creates`, 60_000);
    const limit = { rate: { max: 1, windowMs: 60_000, calls: 'submit' as const } };
    await limiter.throttle('replicate', limit, 'submit', AbortSignal.timeout(1_000));
    // Polls are not creates: they pass although the window is full.
    await limiter.throttle('replicate', limit, 'other', AbortSignal.timeout(1_000));
    await expect(limiter.throttle('replicate', limit, 'submit', AbortSignal.timeout(300))).rejects.toThrow();
  });
});
