import { migrateToLatest } from '@app/migrations';
import type { Telemetry } from 'bullmq';
import { JobQueues } from './queue/job-queue';
import type { Config } from './config';
import { assertDatabaseReachable, createDatabase, type DatabaseHandle } from './db/database';
import type { Db } from './db/db';
import type { Logger } from './logger';
import { type EmbeddedRedis, startEmbeddedRedis } from './redis/embedded-redis';
import { assertRedisReachable, createRedis, type RedisClient, whenReady } from './redis/redis';
import { describeRedisEndpoint, type RedisEndpoint } from './redis/redis-endpoint';
import { type Secrets, resolveSecrets } from './secrets';
import { StartupError, describeError } from './startup-error';
import { createStorage } from './storage/create-storage';
import type { Storage } from './storage/storage';

/** The outside systems a process talks to, opened once by its composition root. */
export interface Infrastructure {
  db: Db;
  dialect: DatabaseHandle['dialect'];
  /** Where Redis is: every further client (BullMQ workers, event readers) connects there too. */
  redisEndpoint: RedisEndpoint;
  /** Commands of the api and other producers: fail fast while Redis is down. */
  redis: RedisClient;
  /** The producer side of every queue. */
  queues: JobQueues;
  storage: Storage;
  secrets: Secrets;
  /** BullMQ's telemetry when tracing is on (every Queue and Worker takes it), else undefined. */
  telemetry: Telemetry | undefined;
  close(): Promise<void>;
}

export interface OpenOptions {
  /** Separate api/worker processes must share one Postgres and one Redis. */
  requireServers?: boolean;
  migrate?: boolean;
  /** From startTracing: the process's queues and workers carry trace context through jobs. */
  telemetry?: Telemetry;
}

export async function openInfrastructure(config: Config, logger: Logger, options: OpenOptions = {}): Promise<Infrastructure> {
  if (options.requireServers) {
    const missing = [
      'pgliteDir' in config.database ? 'DATABASE_URL (the embedded PGlite database belongs to one process)' : null,
      'embedded' in config.redis ? 'REDIS_URL (an embedded redis-server belongs to one process)' : null,
    ].filter(Boolean);
    if (missing.length > 0) {
      throw new StartupError(
        `Separate api and worker processes need shared servers. Set ${missing.join(' and ')}, ` +
          'or run everything in one process with `npm start`.',
      );
    }
    if (config.storage.driver === 'local') {
      logger.warn('Local disk storage is only shared by processes on this machine; set S3_BUCKET to scale out.');
    }
  }

  const closers: Array<() => Promise<void>> = [];
  const close = async () => {
    for (const closer of closers.reverse()) {
      await closer().catch((error: unknown) => logger.error({ err: error }, 'error while closing'));
    }
  };

  try {
    const handle = await openDatabase(config, logger);
    closers.push(handle.destroy);
    if (options.migrate ?? true) {
      const applied = await migrateToLatest(handle.db);
      if (applied.length > 0) logger.info({ applied }, 'database migrated');
    }

    const { endpoint: redisEndpoint, embedded } = await openRedisServer(config, logger);
    if (embedded) closers.push(embedded.stop);
    const redis = createRedis(redisEndpoint, 'producer');
    redis.on('error', (error) => logger.warn({ err: error }, 'redis connection error'));
    closers.push(async () => {
      await redis.quit().catch(() => redis.disconnect());
    });
    await whenReady(redis);
    const queues = new JobQueues(redis, config.queuePrefix, options.telemetry);
    closers.push(() => queues.close());

    const storage = createStorage(config.storage);
    await storage.ping().catch((error: unknown) => {
      const variable = config.storage.driver === 's3' ? 'S3_BUCKET / S3_ENDPOINT' : 'DATA_DIR';
      throw new StartupError(`${variable}: storage is not usable — ${describeError(error)}`);
    });

    return { db: handle.db, dialect: handle.dialect, redisEndpoint, redis, queues, storage, secrets: resolveSecrets(config), telemetry: options.telemetry, close };
  } catch (error) {
    await close();
    throw error;
  }
}

async function openDatabase(config: Config, logger: Logger): Promise<DatabaseHandle> {
  if ('url' in config.database) {
    const handle = await createDatabase({
      url: config.database.url,
      poolSize: config.database.poolSize,
      preparedStatements: config.database.preparedStatements,
      onConnectionError: (error) => logger.warn({ err: error }, 'a database connection was lost; the pool reconnects'),
    });
    try {
      await assertDatabaseReachable(handle.db);
    } catch (error) {
      await handle.destroy().catch(() => {});
      throw new StartupError(`DATABASE_URL: cannot reach Postgres at ${redact(config.database.url)} — ${describeError(error)}`);
    }
    return handle;
  }
  logger.info({ dir: config.database.pgliteDir }, 'using the embedded PGlite database');
  try {
    return await createDatabase({ pgliteDir: config.database.pgliteDir });
  } catch (error) {
    throw new StartupError(
      `DATA_DIR: cannot open the embedded database in ${config.database.pgliteDir} — ${describeError(error)}. ` +
        'Is another process using it?',
    );
  }
}

async function openRedisServer(config: Config, logger: Logger): Promise<{ endpoint: RedisEndpoint; embedded?: EmbeddedRedis }> {
  if ('endpoint' in config.redis) {
    const { endpoint } = config.redis;
    try {
      await assertRedisReachable(endpoint);
    } catch (error) {
      const variable = { standalone: 'REDIS_URL', sentinel: 'REDIS_SENTINELS', cluster: 'REDIS_CLUSTER_NODES' }[endpoint.kind];
      throw new StartupError(`${variable}: cannot reach Redis at ${describeRedisEndpoint(endpoint)} — ${describeError(error)}`);
    }
    return { endpoint };
  }
  try {
    const embedded = await startEmbeddedRedis(config.redis.embedded);
    logger.info({ url: embedded.url, dir: config.redis.embedded.dir }, 'started the embedded redis-server');
    return { endpoint: { kind: 'standalone', url: embedded.url }, embedded };
  } catch (error) {
    throw new StartupError(describeError(error), { cause: error });
  }
}

function redact(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = '***';
    return parsed.toString();
  } catch {
    return '(unparseable URL)';
  }
}
