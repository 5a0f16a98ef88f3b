import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import {
  type FaultStack,
  type LoadAccount,
  type Submission,
  checkBooks,
  createLoadAccount,
  describeStuckRuns,
  driveLoad,
  processingCount,
  startFaultStack,
  statusCounts,
  until,
} from '../../support/fault-stack';
import { freePort } from '../../support/process';
import { type RedisServerProcess, redisServerProcess } from '../../support/redis-server-process';

const postgresUrl = inject('postgresUrl') ?? '';
// Spec 1: the text a client shows for a server error.
const SERVER_ERROR = 'Server error. Please try again.';

describe.runIf(postgresUrl)('Redis stopped and started again under load', () => {
  let stack: FaultStack;
  let redis: RedisServerProcess;
  const redisDir = fs.mkdtempSync(path.join(os.tmpdir(), 'mirrorverse-redis-restart-'));
  const accounts: LoadAccount[] = [];

  beforeAll(async () => {
    redis = redisServerProcess(await freePort(), redisDir);
    await redis.start();
    stack = await startFaultStack({ postgresUrl, redisUrl: redis.url });
    for (let i = 0; i < 10; i += 1) accounts.push(await createLoadAccount(stack, 40));
  }, 180_000);

  afterAll(async () => {
    await stack?.close();
    await redis?.stop();
    fs.rmSync(redisDir, { recursive: true, force: true });
  });

  it('refuses fast with 503 while it is down, refunds those, and loses no accepted run', async () => {
    await Promise.all([stack.startReadyWorker(), stack.startReadyWorker()]);

    const before = await driveLoad(stack, accounts, 20, 5, 300);
    const stoppedAt = Date.now();
    await redis.stop();
    console.log(`[redis-restart] redis stopped in ${Date.now() - stoppedAt} ms`);

    // Two waves while Redis is down, one run per account each.
    const during: Submission[] = [];
    for (let wave = 0; wave < 2; wave += 1) {
      during.push(...(await driveLoad(stack, accounts, accounts.length, accounts.length, 0)));
      await sleep(1_500);
    }
    await redis.start();
    const restartedAt = Date.now();
    await until(async () => (await fetch(`${stack.apiUrl}/readyz`)).status, (s) => s === 200, 30_000, 'the api to be ready again');
    const readyMs = Date.now() - restartedAt;
    const after = await driveLoad(stack, accounts, 20, 5, 300);

    const all = [...before, ...during, ...after];
    await until(() => processingCount(stack.db), (n) => n === 0, 60_000, 'every run to finish').catch(async (error: Error) => {
      throw new Error(`${error.message}\n${await describeStuckRuns(stack, redis.url)}`);
    });
    const books = await checkBooks(stack.db, accounts, all);

    // Why the api refused, as it logged it (distinct messages).
    const apiErrors = new Set(
      stack.api
        .output()
        .split('\n')
        .filter((l) => l.includes('request failed'))
        // The message and the first frame of our code that met it.
        .map((l) => `${/"message":"([^"]*)"/.exec(l)?.[1] ?? l.slice(0, 200)} ${/at [^\\]*(api|shared)\/src[^\\]*/.exec(l)?.[0] ?? '?'}`),
    );
    console.log(`[redis-restart] api errors while Redis was down: ${JSON.stringify([...apiErrors])}`);
    const ms = during.map((s) => s.ms).sort((a, b) => a - b);
    console.log(
      `[redis-restart] before ${JSON.stringify(statusCounts(before))}, during ${JSON.stringify(statusCounts(during))} ` +
        `(answer ms min ${ms[0]}, median ${ms[Math.floor(ms.length / 2)]}, max ${ms.at(-1)}), after ${JSON.stringify(statusCounts(after))}; ` +
        `api ready ${readyMs} ms after the restart; done ${books.done}, failed ${books.failed}`,
    );

    // While Redis is down every submission is answered, 503 with the spec's text, inside a client's
    // patience (a request not answered within submitRun's 30 s would be status 0) and before Redis
    // came back (it is started only once they are all answered).
    for (const s of during) {
      expect({ status: s.status, error: s.body.error }).toEqual({ status: 503, error: SERVER_ERROR });
    }
    // Accepted before and after: none lost, none failed; the workers came back by themselves.
    expect(statusCounts(before)).toEqual({ 202: 20 });
    expect(statusCounts(after)).toEqual({ 202: 20 });
    expect(books.failed).toBe(0);
    expect(books.done).toBe(40);
  }, 150_000);
});
