import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterEach, describe, expect, it } from 'vitest';

const here = import.meta.dirname;
const started: ChildProcess[] = [];
const dirs: string[] = [];

/** A node process running `body` (an ES module, with `send` = process.send), our sources importable by absolute path. */
function startNode(body: string): ChildProcess & { output(): string } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lifecycle-'));
  dirs.push(dir);
  const script = path.join(dir, 'child.mjs');
  fs.writeFileSync(script, body.replaceAll('$SRC', here).replaceAll('$DIR', dir));
  const child = spawn(process.execPath, ['--import', 'tsx', script], { stdio: ['ignore', 'pipe', 'pipe', 'ipc'] });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  started.push(child);
  return Object.assign(child, { output: () => output });
}

function firstMessage<T>(child: ChildProcess & { output(): string }): Promise<T> {
  return new Promise((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`exited (${code}) before saying anything:\n${child.output()}`)));
    child.once('message', (message) => resolve(message as T));
  });
}

/** Not running: no such process, or a zombie (dead, holding nothing, only not yet reaped by its new parent). */
function isGone(pid: number): boolean {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2).startsWith('Z');
  } catch {
    return true;
  }
}

/** Waits until every pid is gone; the bound is the requirement itself (deadline + 5 s), not a speed test. */
async function allGone(pids: number[], withinMs: number): Promise<void> {
  const deadline = Date.now() + withinMs;
  while (pids.some((pid) => !isGone(pid))) {
    if (Date.now() > deadline) throw new Error(`still running ${withinMs} ms on: ${pids.filter((pid) => !isGone(pid)).join(', ')}`);
    await sleep(100);
  }
}

afterEach(() => {
  for (const child of started.splice(0)) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

describe('the stop deadline when the main thread is stuck', () => {
  it('ends the process and its embedded redis-server although the stop spins forever', async () => {
    const timeoutMs = 1_000;
    const child = startNode(`
import fs from 'node:fs';
import { createLogger } from '$SRC/logger.ts';
import { handleShutdownSignals } from '$SRC/lifecycle.ts';
import { startEmbeddedRedis } from '$SRC/redis/embedded-redis.ts';
const logger = createLogger({ log: { level: 'info', pretty: false } }, 'stuck');
await startEmbeddedRedis({ dir: '$DIR/redis', persist: false });
// A stop whose main thread never comes back: no timer, no exit handler can run after this.
handleShutdownSignals(logger, async () => { for (;;); }, ${timeoutMs});
process.send({ redisPid: Number(fs.readFileSync('$DIR/redis/redis.pid', 'utf8')) });
`);
    const { redisPid } = await firstMessage<{ redisPid: number }>(child);
    expect(isGone(redisPid)).toBe(false);

    const exited = once(child, 'exit');
    const signalledAt = Date.now();
    child.kill('SIGTERM');
    await allGone([child.pid ?? 0, redisPid], timeoutMs + 5_000);
    console.log(`[lifecycle] a stop stuck on the main thread, SHUTDOWN_TIMEOUT_MS ${timeoutMs}: gone ${Date.now() - signalledAt} ms after SIGTERM`);
    expect(await exited).toEqual([null, 'SIGKILL']);
  }, 30_000);

  it('kills the child processes it tracks, then the process, whatever its main thread does', async () => {
    const child = startNode(`
import { spawn } from 'node:child_process';
import { armStopWatchdog, trackChildProcess } from '$SRC/stop-watchdog.ts';
// A child with no tie to this process's life (unlike redis-server under setpriv): only the watchdog ends it.
const sleeper = spawn('sleep', ['600'], { stdio: 'ignore' });
trackChildProcess(sleeper);
process.on('message', () => {
  armStopWatchdog(500);
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0); // asleep for good, as in a log flush retrying forever
});
process.send({ sleeperPid: sleeper.pid });
`);
    const { sleeperPid } = await firstMessage<{ sleeperPid: number }>(child);
    const exited = once(child, 'exit');
    child.send('stop');
    await allGone([child.pid ?? 0, sleeperPid], 500 + 5_000);
    expect(await exited).toEqual([null, 'SIGKILL']);
  }, 30_000);
});

describe('stop signals', () => {
  it('takes the same signal again within a second as the same stop (npm forwards a group kill): the stop stays graceful', async () => {
    const child = startNode(`
import { createLogger } from '$SRC/logger.ts';
import { handleShutdownSignals } from '$SRC/lifecycle.ts';
const logger = createLogger({ log: { level: 'info', pretty: false } }, 'twice');
let stopped;
handleShutdownSignals(logger, () => new Promise((resolve) => { stopped = resolve; }), 10_000);
process.on('SIGUSR2', () => stopped());
setInterval(() => {}, 1_000); // alive, as a server is, until it stops
process.send('ready');
`);
    await firstMessage(child);
    const exited = once(child, 'close'); // after its output has all been read
    child.kill('SIGTERM');
    await sleep(100); // two deliveries, not one signal pending twice
    child.kill('SIGTERM');
    child.kill('SIGUSR2');
    expect(await exited).toEqual([0, null]);
    const output = child.output();
    expect(output).toContain('"msg":"stopped"');
    expect(output).not.toContain('second signal');
  }, 30_000);
});
