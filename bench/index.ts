// `npm run bench`: every benchmark in sequence, each against its baseline measured in the same
// run, then one table. A module that fails (or is not there yet) becomes a row, never the end of
// the bench. Postgres and Redis: TEST_DATABASE_URL / REDIS_URL, else the local defaults; without
// a Redis there, one is started for the run. Each module makes (and removes) a schema or database
// and a Redis prefix of its own.
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { startEmbeddedRedis } from '@app/shared/server/redis';
import { type BenchRow, printTable } from './table';

/** In the order they run: the submit path first, the CPU-bound renders last. */
const MODULES = ['submit-path', 'run-status', 'queue', 'feed-depth', 'first-view', 'local-provider', 'image-variants', 'screening', 'event-loop'];

const DEFAULT_DATABASE_URL = 'postgres://postgres@127.0.0.1:5432/test';
const DEFAULT_REDIS_URL = 'redis://127.0.0.1:6379';

/** Whether something listens at a URL's host and port (a second at most). */
function answers(url: string, defaultPort: number): Promise<boolean> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve) => {
    const socket = net.connect({ host: hostname, port: Number(port || defaultPort), timeout: 1_000 });
    const done = (ok: boolean) => {
      socket.destroy();
      resolve(ok);
    };
    socket.once('connect', () => done(true));
    socket.once('timeout', () => done(false));
    socket.once('error', () => done(false));
  });
}

/** Fills in the servers' URLs for every module; returns how to stop what was started. */
async function servers(): Promise<() => Promise<void>> {
  process.env.TEST_DATABASE_URL ??= DEFAULT_DATABASE_URL;
  if (!(await answers(process.env.TEST_DATABASE_URL, 5432))) console.error(`bench: no Postgres answers at ${process.env.TEST_DATABASE_URL}; the modules that need one will fail`);
  if (process.env.REDIS_URL || (await answers(DEFAULT_REDIS_URL, 6379))) {
    process.env.REDIS_URL ??= DEFAULT_REDIS_URL;
    return async () => {};
  }
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mirrorverse-bench-redis-'));
  const redis = await startEmbeddedRedis({ dir, persist: false });
  process.env.REDIS_URL = redis.url;
  console.log(`bench: started redis-server at ${redis.url}`);
  return async () => {
    await redis.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  };
}

async function runModule(name: string): Promise<BenchRow[]> {
  const file = new URL(`./${name}.ts`, import.meta.url);
  if (!fs.existsSync(file)) return [{ name, value: Number.NaN, unit: '', note: `not measured: bench/${name}.ts missing` }];
  const started = performance.now();
  console.log(`\n— bench/${name}.ts`);
  try {
    const module = (await import(file.href)) as { run?: () => Promise<BenchRow[]> };
    if (typeof module.run !== 'function') return [{ name, value: Number.NaN, unit: '', note: `not measured: bench/${name}.ts exports no run()` }];
    const rows = await module.run();
    console.log(`  ${rows.length} rows in ${((performance.now() - started) / 1000).toFixed(1)} s`);
    return rows;
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    console.error(`bench/${name}.ts failed: ${error instanceof Error ? (error.stack ?? message) : message}`);
    return [{ name, value: Number.NaN, unit: '', met: false, note: `failed: ${message.split('\n')[0]!.slice(0, 160)}` }];
  }
}

const stop = await servers();
const rows: BenchRow[] = [];
const started = performance.now();
try {
  for (const name of MODULES) rows.push(...(await runModule(name)));
} finally {
  await stop();
}
printTable(rows);
console.log(`(${((performance.now() - started) / 60_000).toFixed(1)} min)`);
// Module-level handles (a pool, a worker thread) must not keep the bench alive once it is printed.
process.exit(rows.some((r) => r.note?.startsWith('failed:')) ? 1 : 0);
