import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { migrateToLatest } from '@app/migrations';
import { type Config, parseConfig } from '@app/shared/server/config';
import { createDatabase } from '@app/shared/server/db';
import type { Infrastructure } from '@app/shared/server/infrastructure';
import { createLogger } from '@app/shared/server/logger';
import { createMetrics } from '@app/shared/server/metrics';
import { JobQueues } from '@app/shared/server/queue';
import { createRedis, whenReady } from '@app/shared/server/redis';
import { resolveSecrets } from '@app/shared/server/secrets';
import { createStorage } from '@app/shared/server/storage';
import { afterAll, beforeAll, inject } from 'vitest';
import { composeApi } from '../../api/src/compose';
import { type WorkerOverrides, composeWorkers } from '../../worker/src/compose';
import { FakeScreener } from '../../worker/testing/fake-screener';
import { type Dialect, openTestDatabase } from './database';

export interface TestContext {
  config: Config;
  infra: Infrastructure;
  app: ReturnType<typeof composeApi>;
  close(): Promise<void>;
}

/**
 * The api in-process on a fresh database of the given dialect, the run's Redis with a
 * queue prefix of its own, and local storage in a temp dir.
 */
export interface TestAppOptions {
  /** Use this database (e.g. one shared with a worker process) instead of a fresh schema. */
  databaseUrl?: string;
  /** Run the workers in-process (default) or leave the queues to other processes. */
  workers?: boolean;
  overrides?: WorkerOverrides;
}

export async function startTestApp(dialect: Dialect, env: Record<string, string> = {}, options: TestAppOptions = {}): Promise<TestContext> {
  const dataDir = env.DATA_DIR ?? fs.mkdtempSync(path.join(os.tmpdir(), 'mirrorverse-test-'));
  const config = parseConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    REDIS_URL: inject('redisUrl'),
    QUEUE_PREFIX: `test-${randomBytes(4).toString('hex')}`,
    ...env,
  });
  const logger = createLogger(config, 'test');
  const handle = options.databaseUrl ? await createDatabase({ url: options.databaseUrl, poolSize: 5 }) : await openTestDatabase(dialect);
  if (options.databaseUrl) await migrateToLatest(handle.db);
  const redisUrl = inject('redisUrl');
  const redis = createRedis(redisUrl, 'producer');
  await whenReady(redis);
  const queues = new JobQueues(redis, config.queuePrefix);
  const storage = createStorage(config.storage);
  const infra: Infrastructure = {
    db: handle.db,
    dialect: handle.dialect,
    redisEndpoint: { kind: 'standalone', url: redisUrl },
    redis,
    queues,
    storage,
    secrets: resolveSecrets(config),
    telemetry: undefined,
    close: async () => {
      await queues.close();
      await redis.quit();
      await handle.destroy();
    },
  };
  // The workers run in-process too, so queued jobs (e-mail, generations) really happen.
  // One registry for both, as in the all-in-one process: /metrics shows the workers' runs.
  const metrics = createMetrics('test');
  // A classifier that passes everything, unless the suite brings its own: the real model would load
  // in every suite that makes a run (~1–3 s of a core each); screening-model.test.ts runs it.
  const screening = { screener: new FakeScreener() };
  const workers = options.workers === false ? undefined : await composeWorkers(config, logger, infra, { metrics, ...screening, ...options.overrides });
  return {
    config,
    infra,
    app: composeApi(config, logger, infra, metrics),
    close: async () => {
      await workers?.close();
      await infra.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * The suite's app: started before its tests, closed after them. The returned context is filled
 * in by the `beforeAll` this registers, so read its fields inside hooks and tests only.
 */
export function useTestApp(dialect: Dialect, env: Record<string, string> = {}, options: TestAppOptions = {}): TestContext {
  const ctx = {} as TestContext;
  beforeAll(async () => {
    Object.assign(ctx, await startTestApp(dialect, env, options));
  }, 120_000);
  afterAll(() => ctx.close?.());
  return ctx;
}
