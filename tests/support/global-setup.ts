import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { startEmbeddedRedis } from '@app/shared/server/redis';
import { containerRuntimeAvailable } from './docker';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Base URL of a Postgres the tests may create schemas in; absent = PGlite only. */
    postgresUrl: string | undefined;
    redisUrl: string;
  }
}

/**
 * Finds Postgres and Redis for the run: TEST_DATABASE_URL / REDIS_URL when set, else
 * containers when a runtime answers, else PGlite and a redis-server started here.
 */
export default async function setup(project: TestProject) {
  const stops: Array<() => Promise<unknown>> = [];
  const useContainers = await containerRuntimeAvailable();

  let postgresUrl = process.env.TEST_DATABASE_URL;
  if (!postgresUrl && useContainers) {
    const { PostgreSqlContainer } = await import('@testcontainers/postgresql');
    const container = await new PostgreSqlContainer('postgres:16-alpine').start();
    stops.push(() => container.stop());
    postgresUrl = container.getConnectionUri();
  }

  let redisUrl = process.env.REDIS_URL;
  if (!redisUrl && useContainers) {
    const { RedisContainer } = await import('@testcontainers/redis');
    const container = await new RedisContainer('redis:7-alpine').start();
    stops.push(() => container.stop());
    redisUrl = container.getConnectionUrl();
  }
  if (!redisUrl) {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mirrorverse-test-redis-'));
    const redis = await startEmbeddedRedis({ dir, persist: false });
    stops.push(async () => {
      await redis.stop();
      fs.rmSync(dir, { recursive: true, force: true });
    });
    redisUrl = redis.url;
  }

  project.provide('postgresUrl', postgresUrl);
  project.provide('redisUrl', redisUrl);

  return async () => {
    for (const stop of stops.reverse()) await stop();
  };
}
