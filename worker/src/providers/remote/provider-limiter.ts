import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import type { RedisClient } from '@app/shared/server/redis';
import type { ProviderLimit } from './remote-api';

/**
 * A provider's limits, shared by every worker process through Redis, so ten workers never
 * flood a provider into 429s: a concurrency cap (a sorted set of leases that expire, so a
 * killed worker's lease frees itself) and a sliding-window rate (a sorted set of call times).
 * Each check is one Lua script: atomic across processes.
 */

// KEYS[1] lease set; ARGV: now, lease expiry, max, holder. 1 = acquired, 0 = full.
const ACQUIRE = `
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', ARGV[1])
if redis.call('ZCARD', KEYS[1]) < tonumber(ARGV[3]) then
  redis.call('ZADD', KEYS[1], ARGV[2], ARGV[4])
  redis.call('PEXPIRE', KEYS[1], math.max(1, tonumber(ARGV[2]) - tonumber(ARGV[1])))
  return 1
end
return 0`;

// KEYS[1] call-time set; ARGV: now, window, max, member. 0 = allowed now, else ms to wait.
const RATE = `
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', tonumber(ARGV[1]) - tonumber(ARGV[2]))
if redis.call('ZCARD', KEYS[1]) < tonumber(ARGV[3]) then
  redis.call('ZADD', KEYS[1], ARGV[1], ARGV[4])
  redis.call('PEXPIRE', KEYS[1], ARGV[2])
  return 0
end
local oldest = redis.call('ZRANGE', KEYS[1], 0, 0, 'WITHSCORES')
return math.max(1, tonumber(oldest[2]) + tonumber(ARGV[2]) - tonumber(ARGV[1]))`;

export interface Lease {
  release(): Promise<void>;
}

export interface ProviderLimiter {
  /** Waits for a slot of the provider's concurrency cap (a no-op lease when it has none). */
  acquire(provider: string, limit: ProviderLimit, signal: AbortSignal): Promise<Lease>;
  /** Waits until one more call of `kind` fits the provider's rate. */
  throttle(provider: string, limit: ProviderLimit, kind: 'submit' | 'other', signal: AbortSignal): Promise<void>;
}

const NO_LEASE: Lease = { release: async () => {} };

export class RedisProviderLimiter implements ProviderLimiter {
  constructor(
    private readonly redis: RedisClient,
    private readonly prefix: string,
    /** How long a lease lasts without release (the provider deadline, plus a margin). */
    private readonly leaseMs: number,
    private readonly waitMs = 200,
  ) {}

  async acquire(provider: string, limit: ProviderLimit, signal: AbortSignal): Promise<Lease> {
    if (!limit.concurrent) return NO_LEASE;
    const key = `${this.prefix}:provider-limit:${provider}:leases`;
    const holder = randomUUID();
    for (;;) {
      signal.throwIfAborted();
      const now = Date.now();
      const got = await this.redis.eval(ACQUIRE, 1, key, now, now + this.leaseMs, limit.concurrent, holder);
      if (got === 1) return { release: async () => void (await this.redis.zrem(key, holder).catch(() => 0)) };
      // Jitter, so waiting workers do not retry in lockstep.
      await sleep(this.waitMs * (0.5 + Math.random()), undefined, { signal });
    }
  }

  async throttle(provider: string, limit: ProviderLimit, kind: 'submit' | 'other', signal: AbortSignal): Promise<void> {
    const rate = limit.rate;
    if (!rate || (rate.calls === 'submit' && kind !== 'submit')) return;
    const key = `${this.prefix}:provider-limit:${provider}:calls`;
    for (;;) {
      signal.throwIfAborted();
      const wait = Number(await this.redis.eval(RATE, 1, key, Date.now(), rate.windowMs, rate.max, randomUUID()));
      if (wait === 0) return;
      await sleep(Math.min(wait, 1_000) * (0.75 + Math.random() / 2), undefined, { signal });
    }
  }
}

/** No limits (unit tests of the driver, and providers that run on our own CPU). */
export const unlimited: ProviderLimiter = { acquire: async () => NO_LEASE, throttle: async () => {} };
