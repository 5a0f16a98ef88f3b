import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, inject, it } from 'vitest';
import { answerTimes, driveLoad, settleAndCheckBooks, statusCounts } from '../../support/fault-stack';
import { driveWaves, untilApiReady, useFaultStack } from '../../support/fault-suite';
import { freePort } from '../../support/process';
import { type RedisServerProcess, redisServerProcess } from '../../support/redis-server-process';

const postgresUrl = inject('postgresUrl') ?? '';
// Spec 1: the text a client shows for a server error.
const SERVER_ERROR = 'Server error. Please try again.';

describe.runIf(postgresUrl)('Redis stopped and started again under load', () => {
  let redis: RedisServerProcess | undefined;
  const redisDir = fs.mkdtempSync(path.join(os.tmpdir(), 'mirrorverse-redis-restart-'));
  const suite = useFaultStack({
    accounts: 10,
    credits: 40,
    servers: async () => {
      redis = redisServerProcess(await freePort(), redisDir);
      await redis.start();
      return { postgresUrl, redisUrl: redis.url };
    },
    afterClose: async () => {
      await redis?.stop();
      fs.rmSync(redisDir, { recursive: true, force: true });
    },
  });

  it('refuses fast with 503 while it is down, refunds those, and loses no accepted run', async () => {
    const { stack, accounts } = suite;
    const server = redis!;
    await Promise.all([stack.startReadyWorker(), stack.startReadyWorker()]);

    const before = await driveLoad(stack, accounts, 20, 5, 300);
    const stoppedAt = Date.now();
    await server.stop();
    console.log(`[redis-restart] redis stopped in ${Date.now() - stoppedAt} ms`);

    // Two waves while Redis is down, one run per account each.
    const during = await driveWaves(suite, 2, 1_500);
    await server.start();
    const readyMs = await untilApiReady(stack);
    const after = await driveLoad(stack, accounts, 20, 5, 300);

    const all = [...before, ...during, ...after];
    const books = await settleAndCheckBooks(stack, accounts, all, 60_000);

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
    console.log(
      `[redis-restart] before ${JSON.stringify(statusCounts(before))}, during ${JSON.stringify(statusCounts(during))} ` +
        `(${answerTimes(during)}), after ${JSON.stringify(statusCounts(after))}; ` +
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
