import { randomBytes } from 'node:crypto';
import type { Redis } from 'ioredis';
import { createRedis, whenReady } from '@app/shared/server/redis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { SecretGuessThrottle } from '../../api/src/http/shared-secret';

/**
 * How wrong operator secrets are paced (api/src/http/shared-secret.ts), on the run's Redis with
 * a clock that moves only when a guesser waits: the waits each try is given, not wall time.
 */
describe('pacing of operator secret guesses', () => {
  let redis: Redis;
  beforeAll(async () => {
    redis = createRedis(inject('redisUrl'), 'producer');
    await whenReady(redis);
  });
  afterAll(() => redis?.quit());

  /** `advance`: each wait moves the clock on (one guesser after another); off, every try arrives at one moment. */
  function throttle(advance = true, baseMs = 100) {
    const prefix = `test-${randomBytes(4).toString('hex')}`;
    let now = 1_000_000;
    const paced = (sleep: (ms: number) => Promise<void>) => new SecretGuessThrottle(redis, prefix, baseMs, sleep, () => now);
    /** One try: the wait it was given (0 when checked at once), or 'refused' for a 429. */
    const attempt = async (client: string): Promise<number | 'refused'> => {
      let waited = 0;
      try {
        await paced(async (ms) => {
          waited = ms;
          if (advance) now += ms;
        }).turn('admin', client);
      } catch (error) {
        if ((error as { code?: string }).code === 'RATE_LIMITED') return 'refused';
        throw error;
      }
      return waited;
    };
    return { pacing: paced(async () => {}), attempt };
  }

  it('checks an address’s first 3 tries at once, then makes each one wait longer, up to 2 s', async () => {
    const { attempt } = throttle();
    const seen: Array<number | 'refused'> = [];
    for (let i = 0; i < 12; i++) seen.push(await attempt('203.0.113.1'));
    expect(seen.slice(0, 3)).toEqual([0, 0, 0]);
    const slowed = seen.slice(4) as number[];
    for (let i = 1; i < slowed.length; i++) expect(slowed[i]).toBeGreaterThanOrEqual(slowed[i - 1]!);
    expect(slowed[0]).toBeGreaterThan(0);
    expect(slowed.at(-1)).toBe(2_000);
    // Someone else's address, meanwhile: checked at once.
    expect(await attempt('198.51.100.9')).toBe(0);
  });

  it('paces a parallel burst from one address like a sequence, and refuses what would wait more than 30 s', async () => {
    const { attempt } = throttle(false);
    const seen = await Promise.all(Array.from({ length: 40 }, () => attempt('203.0.113.2')));
    const waits = seen.filter((w): w is number => w !== 'refused').sort((a, b) => a - b);
    // Only the free tries and the first slowed one go at once; every other one has its own later turn.
    expect(waits.filter((w) => w === 0).length).toBeLessThanOrEqual(4);
    expect(new Set(waits.filter((w) => w > 0)).size).toBe(waits.filter((w) => w > 0).length);
    expect(seen).toContain('refused');
    expect(Math.max(...waits)).toBeLessThanOrEqual(30_000);
  });

  it('spaces slowed tries from many addresses together', async () => {
    const { attempt } = throttle(false);
    const clients = Array.from({ length: 20 }, (_, i) => `203.0.113.${100 + i}`);
    for (const client of clients) for (let i = 0; i < 3; i++) expect(await attempt(client)).toBe(0);
    // The 4th try of 20 addresses at once: one turn every 200 ms across all of them.
    const fourth = (await Promise.all(clients.map((c) => attempt(c)))) as number[];
    expect([...fourth].sort((a, b) => a - b)).toEqual(clients.map((_, i) => i * 200));
  });

  it('starts an address afresh once it sent the right secret', async () => {
    const { pacing, attempt } = throttle();
    for (let i = 0; i < 6; i++) await attempt('203.0.113.3');
    await pacing.succeeded('admin', '203.0.113.3');
    expect(await attempt('203.0.113.3')).toBe(0);
  });

  it('lets the right secret through while Redis is away, pacing every try of the process one after another (200 ms apart)', async () => {
    // A Redis nobody listens on: every command fails at once, as during an outage.
    const away = createRedis('redis://127.0.0.1:1', 'producer', { lazyConnect: true, retryStrategy: () => null });
    away.on('error', () => {});
    let now = 1_000_000;
    const waits: number[] = [];
    const pacing = new SecretGuessThrottle(away, 'away', 100, async (ms) => void waits.push(ms), () => now);
    try {
      await Promise.all(Array.from({ length: 5 }, () => pacing.turn('admin', '203.0.113.4')));
      await pacing.succeeded('admin', '203.0.113.4');
      expect(waits).toEqual([200, 400, 600, 800]);
      // Far more at once than the 30 s cap allows: the rest are refused without a check.
      now += 10_000;
      const burst = await Promise.allSettled(Array.from({ length: 200 }, () => pacing.turn('admin', '203.0.113.5')));
      const refused = burst.filter((r) => r.status === 'rejected');
      expect(refused.length).toBeGreaterThan(0);
      expect(refused.every((r) => (r.reason as { code?: string }).code === 'RATE_LIMITED')).toBe(true);
    } finally {
      away.disconnect();
    }
  });
});
