import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { migrateToLatest } from '@app/migrations';
import { createDatabase } from '@app/shared/server/db';
import pg from 'pg';
import { startEmbeddedRedis } from '@app/shared/server/redis';
import { ensureBuilt } from '../../scripts/ensure-built.mjs';
import { containerRuntimeAvailable } from './docker';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Base URL of a Postgres the tests may create schemas in; absent = PGlite only. */
    postgresUrl: string | undefined;
    redisUrl: string;
    /** A PGlite data folder, created and migrated once for the run: copied, it is a fresh database. */
    pgliteTemplate: string;
    /** The start of the name of every Postgres schema this run's test databases get. */
    schemaPrefix: string;
    /** The database the HTTP suite's files run on, set by the project that runs them again on PGlite. */
    suiteDialect?: 'pglite' | 'postgres';
  }
}

/**
 * Finds Postgres and Redis for the run: TEST_DATABASE_URL / REDIS_URL when set, else
 * containers when a runtime answers, else PGlite and a redis-server started here.
 * Builds the product once, before any test file runs: files that start it run in parallel and
 * would otherwise each rebuild a stale dist/ at the same time.
 */
export default async function setup(project: TestProject) {
  const stops: Array<() => Promise<unknown>> = [];
  const useContainers = await containerRuntimeAvailable();
  ensureBuilt('all-in-one');

  /** A started container, stopped at the end of the run. */
  const stoppedAtEnd = <Container extends { stop(): Promise<unknown> }>(container: Container): Container => {
    stops.push(() => container.stop());
    return container;
  };

  let postgresUrl = process.env.TEST_DATABASE_URL;
  if (!postgresUrl && useContainers) {
    const { PostgreSqlContainer } = await import('@testcontainers/postgresql');
    postgresUrl = stoppedAtEnd(await new PostgreSqlContainer('postgres:16-alpine').start()).getConnectionUri();
  }

  let redisUrl = process.env.REDIS_URL;
  if (!redisUrl && useContainers) {
    const { RedisContainer } = await import('@testcontainers/redis');
    redisUrl = stoppedAtEnd(await new RedisContainer('redis:7-alpine').start()).getConnectionUrl();
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

  // A new PGlite runs initdb (seconds of WASM work) before the migrations; a copy of this folder
  // opens in well under a second. Fresh databases (initdb + every migration) are still tested:
  // migrations.test.ts, all-in-one.test.ts.
  const templateRoot = fs.mkdtempSync(path.join(os.tmpdir(), 'mirrorverse-pglite-template-'));
  const pgliteTemplate = path.join(templateRoot, 'db');
  const template = await createDatabase({ pgliteDir: pgliteTemplate });
  await migrateToLatest(template.db);
  await template.destroy();
  stops.push(async () => fs.rmSync(templateRoot, { recursive: true, force: true }));

  // Test databases on Postgres are schemas, dropped here at the end rather than by each file: a
  // schema dropped while another file lists tables (Kysely's migrator does, across schemas) fails
  // that listing with "schema ... does not exist".
  const schemaPrefix = `test_${randomBytes(3).toString('hex')}_`;
  if (postgresUrl) stops.push(() => dropSchemas(postgresUrl, schemaPrefix));

  project.provide('postgresUrl', postgresUrl);
  project.provide('schemaPrefix', schemaPrefix);
  project.provide('redisUrl', redisUrl);
  project.provide('pgliteTemplate', pgliteTemplate);

  return async () => {
    for (const stop of stops.reverse()) await stop();
  };
}

async function dropSchemas(url: string, prefix: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ name: string }>('select nspname as name from pg_namespace where starts_with(nspname, $1)', [prefix]);
    for (const { name } of rows) await client.query(`drop schema "${name}" cascade`);
  } finally {
    await client.end();
  }
}
