import { randomBytes } from 'node:crypto';
import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { ensureBuilt } from '../../../scripts/ensure-built.mjs';
import { freePort, productPlace, repoRoot } from '../../support/process';
import { until } from '../../support/wait';

const postgresUrl = inject('postgresUrl') ?? '';
const SHUTDOWN_TIMEOUT_MS = 3_000;

/** A process's state letter and process group, from /proc (Linux); undefined once it is gone. */
function procStat(pid: number): { state: string; pgrp: number; cmdline: string } | undefined {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const cmdline = fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').replaceAll('\0', ' ');
    return { state: fields[0] ?? '', pgrp: Number(fields[2]), cmdline };
  } catch {
    return undefined;
  }
}

/** Running: present and not a zombie (a dead process that holds nothing, only not yet reaped by its new parent). */
function isRunning(pid: number): boolean {
  const stat = procStat(pid);
  return stat !== undefined && stat.state !== 'Z';
}

/** Every running process of a process group: npm, the product's node, its embedded redis-server. */
function groupMembers(pgid: number): Array<{ pid: number; cmdline: string }> {
  return fs
    .readdirSync('/proc')
    .filter((name) => /^\d+$/.test(name))
    .map((name) => ({ pid: Number(name), stat: procStat(Number(name)) }))
    .filter(({ stat }) => stat && stat.pgrp === pgid && stat.state !== 'Z')
    .map(({ pid, stat }) => ({ pid, cmdline: stat?.cmdline ?? '' }));
}

/**
 * `npm run <script>` as an operator starts it, in a process group of its own, its stdout and
 * stderr read by this test — the only reader, so closing them is the reader going away.
 */
function startWithReader(script: string, env: Record<string, string>): { npm: ChildProcess; output: () => string } {
  const npm = spawn('npm', ['run', script], {
    cwd: repoRoot,
    env: { PATH: process.env.PATH, HOME: process.env.HOME, NODE_ENV: 'test', LOG_LEVEL: 'info', SHUTDOWN_TIMEOUT_MS: String(SHUTDOWN_TIMEOUT_MS), ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  let output = '';
  npm.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  npm.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  return { npm, output: () => output };
}

async function waitForHealth(url: string, started: { npm: ChildProcess; output: () => string }): Promise<void> {
  await until(
    async () => {
      if (started.npm.exitCode !== null) throw new Error(`exited early:\n${started.output()}`);
      return fetch(url).then((res) => res.ok, () => false);
    },
    Boolean,
    120_000,
    `${url} to answer:\n${started.output()}`,
    200,
  );
}

/**
 * The reader goes away, then the group is sent SIGTERM (as `kill -TERM -- -pgid`, or a
 * supervisor stopping it) and the product SIGINT on top: a second signal, which asks for an exit
 * at once — the exit whose final log flush retried the dead pipe forever. Every process of the
 * group must be gone within SHUTDOWN_TIMEOUT_MS + 5 s.
 *
 * The product is held still (SIGSTOP) while the signals are sent, as a busy machine may hold it:
 * both are then handled in one turn of its event loop, before the write of its first log line
 * has come back, which is when the old flush hung — every time, not one run in three.
 */
async function stopWithDeadReader(started: { npm: ChildProcess; output: () => string }, expected: RegExp[]): Promise<void> {
  const pgid = started.npm.pid ?? 0;
  const members = groupMembers(pgid);
  try {
    for (const pattern of expected) expect(members.map((m) => m.cmdline)).toContainEqual(expect.stringMatching(pattern));
    const product = members.find((m) => m.cmdline.includes('scripts/start.mjs'));
    started.npm.stdout?.destroy();
    started.npm.stderr?.destroy();

    const productPid = product?.pid ?? 0;
    process.kill(productPid, 'SIGSTOP');
    const signalledAt = Date.now();
    process.kill(-pgid, 'SIGTERM');
    process.kill(productPid, 'SIGINT');
    process.kill(productPid, 'SIGCONT');
    await until(
      async () => members.filter((m) => isRunning(m.pid)).map((m) => m.cmdline),
      (left) => left.length === 0,
      SHUTDOWN_TIMEOUT_MS + 5_000,
      'every process of the product to be gone',
    );
    console.log(`[dead-stdout-stop] ${product?.cmdline.trim()}: every process gone ${Date.now() - signalledAt} ms after the signals`);
    expect(groupMembers(pgid)).toEqual([]);
  } finally {
    try {
      process.kill(-pgid, 'SIGKILL');
    } catch {
      // All gone.
    }
  }
}

describe('a product whose log reader has gone', () => {
  beforeAll(() => ensureBuilt('all-in-one'), 300_000);

  it('npm start: stops with its embedded redis-server within the deadline', async () => {
    const { dataDir, origin, env } = await productPlace('dead-stdout');
    const started = startWithReader('start', env);
    await waitForHealth(`${origin}/healthz`, started);
    await stopWithDeadReader(started, [/scripts\/start\.mjs all-in-one/, /redis-server/]);
    fs.rmSync(dataDir, { recursive: true, force: true });
  }, 180_000);
});

describe.runIf(postgresUrl)('separate processes whose log reader has gone', () => {
  const database = `dead_stdout_${randomBytes(5).toString('hex')}`;
  const databaseUrl = postgresUrl.replace(/\/[^/?]*(\?|$)/, `/${database}$1`);
  let env: Record<string, string>;
  let dataDir: string;

  beforeAll(async () => {
    ensureBuilt('api');
    ensureBuilt('worker');
    const admin = new pg.Client({ connectionString: postgresUrl });
    await admin.connect();
    await admin.query(`create database ${database}`);
    await admin.end();
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'mirrorverse-dead-stdout-'));
    env = {
      DATABASE_URL: databaseUrl,
      REDIS_URL: inject('redisUrl'),
      QUEUE_PREFIX: `dead-stdout-${randomBytes(4).toString('hex')}`,
      DATA_DIR: dataDir,
      JWT_SECRET: 'dead-stdout-tests-jwt-secret-0123456789abcdef',
      GENERATION_PROVIDER: 'instant',
    };
  }, 300_000);

  afterAll(async () => {
    const admin = new pg.Client({ connectionString: postgresUrl });
    await admin.connect();
    await admin.query(`drop database if exists ${database} with (force)`);
    await admin.end();
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('npm run start:api: stops within the deadline', async () => {
    const port = await freePort();
    const started = startWithReader('start:api', { ...env, PORT: String(port), PUBLIC_URL: `http://127.0.0.1:${port}` });
    await waitForHealth(`http://127.0.0.1:${port}/healthz`, started);
    await stopWithDeadReader(started, [/scripts\/start\.mjs api/]);
  }, 180_000);

  it('npm run start:worker: stops within the deadline', async () => {
    const healthPort = await freePort();
    const started = startWithReader('start:worker', { ...env, WORKER_METRICS_PORT: String(healthPort) });
    await waitForHealth(`http://127.0.0.1:${healthPort}/healthz`, started);
    await stopWithDeadReader(started, [/scripts\/start\.mjs worker/]);
  }, 180_000);
});
