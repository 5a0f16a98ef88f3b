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
import { type PostgresServerProcess, findPostgresBin, postgresServerProcess } from '../../support/postgres-server-process';
import { freePort } from '../../support/process';

const bin = findPostgresBin();

// Needs the machine's Postgres binaries (initdb, pg_ctl) to run a server of its own; no Docker.
describe.runIf(bin)('Postgres stopped and started again under load', () => {
  let stack: FaultStack;
  let postgres: PostgresServerProcess;
  const accounts: LoadAccount[] = [];

  beforeAll(async () => {
    postgres = postgresServerProcess(bin!, await freePort());
    postgres.start();
    stack = await startFaultStack({ postgresUrl: postgres.url, redisUrl: inject('redisUrl') });
    for (let i = 0; i < 10; i += 1) accounts.push(await createLoadAccount(stack, 40));
  }, 180_000);

  afterAll(async () => {
    if (postgres && !postgres.running()) postgres.start();
    await stack?.close();
    postgres?.remove();
  });

  it('answers without hanging while it is down, and every accepted run finishes once it is back', async () => {
    await Promise.all([stack.startReadyWorker(), stack.startReadyWorker()]);

    const before = driveLoad(stack, accounts, 30, 5, 300);
    await sleep(1_000);
    const stoppedAt = Date.now();
    postgres.stop();
    console.log(`[postgres-restart] postgres stopped in ${Date.now() - stoppedAt} ms`);
    const during: Submission[] = [];
    for (let wave = 0; wave < 2; wave += 1) {
      during.push(...(await driveLoad(stack, accounts, accounts.length, accounts.length, 0)));
      await sleep(1_500);
    }
    const ms = during.map((s) => s.ms).sort((a, b) => a - b);
    console.log(
      `[postgres-restart] while down: ${JSON.stringify(statusCounts(during))} (answer ms min ${ms[0]}, median ${ms[Math.floor(ms.length / 2)]}, ` +
        `max ${ms.at(-1)}); exit codes (null = running): api ${stack.api.child.exitCode}, workers ${stack.workers.map((w) => String(w.child.exitCode)).join(' ')}`,
    );
    postgres.start();
    const restartedAt = Date.now();
    const readyz = () => fetch(`${stack.apiUrl}/readyz`).then((r) => r.status, () => 0);
    await until(readyz, (s) => s === 200, 30_000, 'the api to be ready again').catch((error: Error) => {
      throw new Error(`${error.message}; api exit ${stack.api.child.exitCode}:\n${stack.api.output().slice(-3_000)}`);
    });
    const readyMs = Date.now() - restartedAt;
    const after = await driveLoad(stack, accounts, 20, 5, 300);

    const all = [...(await before), ...during, ...after];
    await until(() => processingCount(stack.db), (n) => n === 0, 60_000, 'every run to finish').catch(async (error: Error) => {
      throw new Error(`${error.message}\n${await describeStuckRuns(stack, inject('redisUrl'))}`);
    });
    const books = await checkBooks(stack.db, accounts, all);

    const live = stack.workers.filter((w) => w.child.exitCode === null && w.child.signalCode === null).length;
    console.log(
      `[postgres-restart] before ${JSON.stringify(statusCounts(await before))}, during ${JSON.stringify(statusCounts(during))}, after ${JSON.stringify(statusCounts(after))}; ` +
        `api ready ${readyMs} ms after the restart; ${live}/${stack.workers.length} workers alive; done ${books.done}, failed ${books.failed}`,
    );

    // While the database is down the api still answers, with a server error, before a client gives
    // up (a request not answered within submitRun's 30 s would be status 0) and before Postgres is back.
    for (const s of during) {
      expect(s.status).toBeGreaterThanOrEqual(500);
    }
    expect(during.some((s) => s.status === 503)).toBe(true);
    // The processes rode it out and nothing accepted was lost.
    expect(stack.api.child.exitCode).toBeNull();
    expect(live, stack.workers.filter((w) => w.child.exitCode !== null).map((w) => w.output().slice(-2_500)).join('\n')).toBe(2);
    expect(statusCounts(after)).toEqual({ 202: 20 });
    expect(books.done + books.failed).toBe(all.filter((s) => s.status === 202).length);
  }, 150_000);
});
