import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, inject, it } from 'vitest';
import { answerTimes, driveLoad, settleAndCheckBooks, statusCounts } from '../../support/fault-stack';
import { driveWaves, untilApiReady, useFaultStack } from '../../support/fault-suite';
import { type PostgresServerProcess, findPostgresBin, postgresServerProcess } from '../../support/postgres-server-process';
import { freePort } from '../../support/process';

const bin = findPostgresBin();

// Needs the machine's Postgres binaries (initdb, pg_ctl) to run a server of its own; no Docker.
describe.runIf(bin)('Postgres stopped and started again under load', () => {
  let postgres: PostgresServerProcess | undefined;
  const suite = useFaultStack({
    accounts: 10,
    credits: 40,
    servers: async () => {
      postgres = postgresServerProcess(bin!, await freePort());
      postgres.start();
      return { postgresUrl: postgres.url, redisUrl: inject('redisUrl') };
    },
    beforeClose: () => {
      if (postgres && !postgres.running()) postgres.start();
    },
    afterClose: () => postgres?.remove(),
  });

  it('answers without hanging while it is down, and every accepted run finishes once it is back', async () => {
    const { stack, accounts } = suite;
    const server = postgres!;
    await Promise.all([stack.startReadyWorker(), stack.startReadyWorker()]);

    const before = driveLoad(stack, accounts, 30, 5, 300);
    await sleep(1_000);
    const stoppedAt = Date.now();
    server.stop();
    console.log(`[postgres-restart] postgres stopped in ${Date.now() - stoppedAt} ms`);
    // Two waves while Postgres is down, one run per account each.
    const during = await driveWaves(suite, 2, 1_500);
    console.log(
      `[postgres-restart] while down: ${JSON.stringify(statusCounts(during))} (${answerTimes(during)}); ` +
        `exit codes (null = running): api ${stack.api.child.exitCode}, workers ${stack.workers.map((w) => String(w.child.exitCode)).join(' ')}`,
    );
    server.start();
    const readyMs = await untilApiReady(stack);
    const after = await driveLoad(stack, accounts, 20, 5, 300);

    const all = [...(await before), ...during, ...after];
    const books = await settleAndCheckBooks(stack, accounts, all, 60_000);

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
