import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawn } from 'node:child_process';
import { setTimeout as sleep } from 'node:timers/promises';
import { beforeAll, describe, expect, it } from 'vitest';
import { ensureBuilt } from '../../scripts/ensure-built.mjs';
import { copyPgliteTemplate } from '../support/database';
import { exitOf, freePort, productPlace, repoRoot, runEntry, waitForOk } from '../support/process';

/** The embedded redis-server's pid, from the pid file it writes in DATA_DIR. */
function embeddedRedisPid(dataDir: string): number {
  return Number(fs.readFileSync(path.join(dataDir, 'redis', 'redis.pid'), 'utf8').trim());
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

describe('the all-in-one process', () => {
  beforeAll(() => ensureBuilt('all-in-one'), 300_000);

  it('starts on the embedded defaults, answers /readyz and the web app, and stops cleanly', async () => {
    const { dataDir, origin, env } = await productPlace('aio');
    const proc = runEntry('all-in-one', env);
    let redisPid: number | undefined;
    try {
      await waitForOk(`${origin}/readyz`, proc, 90_000);
      const ready = await (await fetch(`${origin}/readyz`)).json();
      expect(ready).toEqual({ status: 'ready', checks: { database: 'ok', redis: 'ok' } });

      const page = await fetch(`${origin}/profile?tab=draft`);
      expect(page.headers.get('content-type')).toContain('text/html');
      expect(await page.text()).toContain('<div id="root">');

      expect(fs.existsSync(path.join(dataDir, 'db'))).toBe(true);
      redisPid = embeddedRedisPid(dataDir);
      expect(fs.readFileSync(`/proc/${redisPid}/comm`, 'utf8').trim()).toBe('redis-server');
    } finally {
      proc.child.kill('SIGTERM');
    }
    const { code } = await proc.exited;
    expect(code).toBe(0);
    expect(proc.output()).toContain('stopped');
    expect(redisPid).toBeGreaterThan(0);
    expect(isRunning(redisPid ?? 0)).toBe(false);
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('stops within seconds naming PORT when it is not a port', async () => {
    const proc = runEntry('all-in-one', { PORT: 'abc', DATA_DIR: os.tmpdir() });
    const { code } = await exitOf(proc);
    expect(code).toBe(1);
    expect(proc.output()).toContain('PORT: must be a whole number from 1 to 65535');
    expect(proc.output()).not.toMatch(/\n\s+at /); // no stack trace
  });

  it('stops within seconds naming DATABASE_URL when Postgres cannot be reached', async () => {
    const unused = await freePort();
    const proc = runEntry('all-in-one', { DATABASE_URL: `postgres://nobody@127.0.0.1:${unused}/none`, DATA_DIR: os.tmpdir() });
    const { code } = await exitOf(proc);
    expect(code).toBe(1);
    expect(proc.output()).toContain(`DATABASE_URL: cannot reach Postgres at postgres://nobody@127.0.0.1:${unused}/none`);
  });

  it('refuses to start a separate api on the embedded database, saying what to set', async () => {
    ensureBuilt('api');
    const proc = runEntry('api', { DATA_DIR: os.tmpdir() });
    const { code } = await proc.exited;
    expect(code).toBe(1);
    expect(proc.output()).toContain('Set DATABASE_URL');
    expect(proc.output()).toContain('REDIS_URL');
  });

  /** Polls until `gone()` holds, for at most `ms`; returns whether it did. */
  const eventually = async (gone: () => boolean | Promise<boolean>, ms = 15_000) => {
    const deadline = Date.now() + ms;
    while (Date.now() < deadline) {
      if (await gone()) return true;
      await sleep(100);
    }
    return false;
  };
  const answers = (url: string) => fetch(url).then(() => true, () => false);

  it('stops with its redis-server when `npm start` itself is sent SIGTERM or SIGKILL', async () => {
    for (const signal of ['SIGTERM', 'SIGKILL'] as const) {
      const { dataDir, origin, env } = await productPlace('npm');
      // The embedded redis-server is under test here; the database starts migrated (the first test starts from nothing).
      copyPgliteTemplate(path.join(dataDir, 'db'));
      const npm = spawn('npm', ['start'], {
        cwd: repoRoot,
        env: { PATH: process.env.PATH, HOME: process.env.HOME, NODE_ENV: 'test', LOG_LEVEL: 'warn', ...env },
        stdio: 'ignore',
      });
      const proc = { child: npm, output: () => '', exited: new Promise<never>(() => {}) };
      await waitForOk(`${origin}/readyz`, proc, 90_000);
      const redisPid = embeddedRedisPid(dataDir);
      expect(isRunning(redisPid)).toBe(true);
      npm.kill(signal);
      expect(await eventually(async () => !(await answers(`${origin}/healthz`)) && !isRunning(redisPid)), signal).toBe(true);
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  }, 240_000);

  it('takes its redis-server down with it when killed outright (no orphan until the next start)', async () => {
    const { dataDir, origin, env } = await productPlace('kill');
    copyPgliteTemplate(path.join(dataDir, 'db'));
    const proc = runEntry('all-in-one', { ...env, LOG_LEVEL: 'warn' });
    await waitForOk(`${origin}/readyz`, proc, 90_000);
    const redisPid = embeddedRedisPid(dataDir);
    proc.child.kill('SIGKILL');
    await proc.exited;
    expect(await eventually(() => !isRunning(redisPid))).toBe(true);
    fs.rmSync(dataDir, { recursive: true, force: true });
  }, 120_000);
});
