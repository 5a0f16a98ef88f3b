import { Redis, type RedisOptions } from 'ioredis';

/**
 * Producers (the api) fail fast when Redis is down instead of queueing commands in memory;
 * BullMQ workers need blocking commands that never give up (`maxRetriesPerRequest: null`).
 */
export type RedisRole = 'producer' | 'worker';

export function createRedis(url: string, role: RedisRole, extra: RedisOptions = {}): Redis {
  const options: RedisOptions =
    role === 'producer'
      ? { enableOfflineQueue: false, maxRetriesPerRequest: 1, connectTimeout: 5_000 }
      : { maxRetriesPerRequest: null, enableReadyCheck: false };
  return new Redis(url, { ...options, ...extra, lazyConnect: false });
}

/** Fails fast with a readable reason when Redis cannot be reached. */
export async function assertRedisReachable(url: string, timeoutMs = 5_000): Promise<void> {
  const probe = new Redis(url, {
    lazyConnect: true,
    connectTimeout: timeoutMs,
    maxRetriesPerRequest: 0,
    retryStrategy: () => null,
    enableOfflineQueue: false,
  });
  probe.on('error', () => {});
  try {
    await probe.connect();
    await probe.ping();
  } finally {
    probe.disconnect();
  }
}

/** Resolves once the connection is ready, so the first command is not refused by a fail-fast client. */
export function whenReady(redis: Redis, timeoutMs = 5_000): Promise<void> {
  if (redis.status === 'ready') return Promise.resolve();
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      cleanup();
      reject(new Error(`Redis not ready within ${timeoutMs} ms`));
    }, timeoutMs);
    const onReady = () => {
      cleanup();
      resolve();
    };
    const cleanup = () => {
      clearTimeout(timer);
      redis.off('ready', onReady);
    };
    redis.on('ready', onReady);
  });
}
