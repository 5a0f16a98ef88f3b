import { randomBytes } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { createRedis, whenReady } from '@app/shared/server/redis';
import type { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it, inject, vi } from 'vitest';
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
    // The times the limiter let a call go, as it told Redis (the script's `now` when it answered
    // 0), rather than when this busy process got round to noting them.
    const granted: number[] = [];
    const spies = [redisA, redisB].map((redis) => {
      const evaluate = redis.eval.bind(redis) as (...args: unknown[]) => Promise<unknown>;
      return vi.spyOn(redis, 'eval').mockImplementation(async (...args: unknown[]) => {
        const answer = await evaluate(...args);
        if (Number(answer) === 0) granted.push(Number(args[3]));
        return answer;
      });
    });
    try {
      await Promise.all(Array.from({ length: 12 }, (_, i) => limiters[i % 2]!.throttle('stability', limit, 'other', AbortSignal.timeout(20_000))));
    } finally {
      for (const spy of spies) spy.mockRestore();
    }
    expect(granted).toHaveLength(12);
    granted.sort((a, b) => a - b);
    // Two connections' scripts may run a few ms out of the order their clocks were read in.
    for (let i = 5; i < granted.length; i++) expect(granted[i]! - granted[i - 5]!).toBeGreaterThanOrEqual(490);
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
