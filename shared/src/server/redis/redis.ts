import { Cluster, Redis, type ClusterOptions, type RedisOptions } from 'ioredis';
import type { RedisEndpoint } from './redis-endpoint';

/** Every client the product makes: a plain connection, or a Cluster's. BullMQ takes either. */
export type RedisClient = Redis | Cluster;

/**
 * Producers (the api) fail fast when Redis is down instead of queueing commands in memory, and
 * give up on a command a frozen server never answers (its connection still open) after
 * PRODUCER_COMMAND_TIMEOUT_MS, so a request is answered 503 instead of hanging; BullMQ workers
 * need blocking commands that never give up (`maxRetriesPerRequest: null`).
 */
export type RedisRole = 'producer' | 'worker';

/** Far above any command this product sends (milliseconds each), well under an HTTP client's patience. */
export const PRODUCER_COMMAND_TIMEOUT_MS = 3_000;

const ROLE_OPTIONS: Record<RedisRole, RedisOptions> = {
  producer: { enableOfflineQueue: false, maxRetriesPerRequest: 1, connectTimeout: 5_000, commandTimeout: PRODUCER_COMMAND_TIMEOUT_MS },
  worker: { maxRetriesPerRequest: null, enableReadyCheck: false },
};

/**
 * A client for `role` at `endpoint`. Sentinel: ioredis asks the sentinels for the master and
 * asks again on every reconnect, so a failover is followed; Cluster: ioredis follows MOVED/ASK
 * and refreshes the slot map when a master fails over.
 */
export function createRedis(url: string, role: RedisRole, extra?: RedisOptions): Redis;
export function createRedis(at: RedisEndpoint | string, role: RedisRole, extra?: RedisOptions): RedisClient;
export function createRedis(at: RedisEndpoint | string, role: RedisRole, extra: RedisOptions = {}): RedisClient {
  const endpoint: RedisEndpoint = typeof at === 'string' ? { kind: 'standalone', url: at } : at;
  const options: RedisOptions = { ...ROLE_OPTIONS[role], ...extra, lazyConnect: extra.lazyConnect ?? false };
  switch (endpoint.kind) {
    case 'standalone':
      return new Redis(endpoint.url, options);
    case 'sentinel':
      return new Redis({
        ...options,
        sentinels: endpoint.sentinels,
        name: endpoint.name,
        sentinelPassword: endpoint.sentinelPassword,
        password: endpoint.password,
        ...(endpoint.tls ? { tls: {}, enableTLSForSentinelMode: true } : {}),
        // A sentinel that is down or not yet told of the new master is skipped, not fatal.
        sentinelRetryStrategy: (times: number) => Math.min(times * 200, 2_000),
        // After a failover the old master answers READONLY as a replica: reconnect (the sentinels
        // name the new master) and send that command again there (2), rather than fail it.
        reconnectOnError: (error: Error) => (error.message.startsWith('READONLY') ? 2 : false),
      });
    case 'cluster': {
      const { enableOfflineQueue, maxRetriesPerRequest, lazyConnect, ...perNode } = options;
      const clusterOptions: ClusterOptions = {
        lazyConnect,
        enableOfflineQueue,
        // BullMQ's workers block; the api fails fast: the same rule, as the Cluster reads it.
        maxRedirections: 16,
        retryDelayOnFailover: 200,
        redisOptions: { ...perNode, maxRetriesPerRequest, password: endpoint.password, ...(endpoint.tls ? { tls: {} } : {}) },
        ...(maxRetriesPerRequest === null ? { enableReadyCheck: false } : {}),
      };
      return new Cluster(endpoint.nodes, clusterOptions);
    }
  }
}

/**
 * Every key matching `pattern`, by SCAN. A Cluster keeps its keys on its masters and a SCAN sent
 * to it reaches one node, so each master is scanned (with a hash-tagged prefix they are all on one).
 */
export async function scanKeys(redis: RedisClient, pattern: string): Promise<string[]> {
  const keys: string[] = [];
  for (const node of redis instanceof Cluster ? redis.nodes('master') : [redis]) {
    let cursor = '0';
    do {
      const [next, batch] = await node.scan(cursor, 'MATCH', pattern, 'COUNT', 500);
      cursor = next;
      keys.push(...batch);
    } while (cursor !== '0');
  }
  return keys;
}

/**
 * Asks the node that holds the keys under `prefix`: on a Cluster the master of the prefix's slot
 * (a PING reaches whichever node the client picks, alive while that master is dead).
 */
export async function pingKeys(redis: RedisClient, prefix: string): Promise<void> {
  await redis.exists(`${prefix}:ping`);
}

/** Fails fast with a readable reason when Redis cannot be reached. */
export async function assertRedisReachable(endpoint: RedisEndpoint | string, timeoutMs = 5_000): Promise<void> {
  const probe = createRedis(endpoint, 'producer', {
    lazyConnect: true,
    connectTimeout: timeoutMs,
    maxRetriesPerRequest: 0,
    retryStrategy: () => null,
  });
  probe.on('error', () => {});
  try {
    await withTimeout(probe.connect().then(() => probe.ping()), timeoutMs);
  } finally {
    probe.disconnect();
  }
}

/** Resolves once the connection is ready, so the first command is not refused by a fail-fast client. */
export function whenReady(redis: RedisClient, timeoutMs = 5_000): Promise<void> {
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

function withTimeout<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  return Promise.race([work, late]).finally(() => clearTimeout(timer));
}
