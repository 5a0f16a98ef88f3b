import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { inject } from 'vitest';
import { ensureBuilt } from '../../scripts/ensure-built.mjs';
import { copyPgliteTemplate } from './database';
import { type RunningProcess, freePort, runEntry, waitForOk } from './process';

export interface RunningProduct {
  baseUrl: string;
  proc: RunningProcess;
  stop(): Promise<void>;
}

/**
 * The whole product as a person gets it from `npm start`: the built all-in-one process on
 * its embedded database, with the run's Redis (and a queue prefix of its own). The database
 * folder starts as a copy of the run's migrated template, which saves the product its initdb;
 * a first start on an empty DATA_DIR is all-in-one.test.ts's.
 */
export async function startProduct(env: Record<string, string> = {}): Promise<RunningProduct> {
  ensureBuilt('all-in-one');
  // A DATA_DIR given holds a database already (e.g. seeded with the demo); else a fresh one.
  const dataDir = env.DATA_DIR ?? fs.mkdtempSync(path.join(os.tmpdir(), 'mirrorverse-e2e-'));
  if (!fs.existsSync(path.join(dataDir, 'db'))) copyPgliteTemplate(path.join(dataDir, 'db'));
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const proc = runEntry('all-in-one', {
    DATA_DIR: dataDir,
    PORT: String(port),
    // The address the tests visit is the product's own, as localhost:PORT is for a person on `npm start`.
    PUBLIC_URL: baseUrl,
    REDIS_URL: inject('redisUrl'),
    QUEUE_PREFIX: `e2e-${port}`,
    LOG_LEVEL: 'warn',
    ...env,
  });
  await waitForOk(`${baseUrl}/readyz`, proc, 120_000);
  return {
    baseUrl,
    proc,
    stop: async () => {
      proc.child.kill('SIGTERM');
      await proc.exited;
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
