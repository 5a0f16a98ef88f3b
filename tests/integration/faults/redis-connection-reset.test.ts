import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, inject, it } from 'vitest';
import { type Submission, settleAndCheckBooks, statusCounts } from '../../support/fault-stack';
import { secondsToAccept, steadyLoad, useFaultStack } from '../../support/fault-suite';
import { type TcpProxy, startTcpProxy } from '../../support/tcp-proxy';

const postgresUrl = inject('postgresUrl') ?? '';

/**
 * Every Redis connection reset at once under load (issue 43 §2.3; the wedge of
 * taskforcesh/bullmq#4479): the api and two workers reach Redis through a TCP proxy of the
 * test's own, which drops all their sockets three times. Every accepted run must finish, none
 * charged twice, and the workers must take jobs again by themselves.
 */
describe.runIf(postgresUrl)('every Redis connection reset at once under load', () => {
  let proxy: TcpProxy | undefined;
  const suite = useFaultStack({
    accounts: 12,
    credits: 400,
    env: { RECONCILE_GRACE_SECONDS: '3', RECONCILE_EVERY_SECONDS: '1' },
    servers: async () => {
      const redis = new URL(inject('redisUrl'));
      proxy = await startTcpProxy({ host: redis.hostname, port: Number(redis.port || 6379) });
      return { postgresUrl, redisUrl: `redis://127.0.0.1:${proxy.port}` };
    },
    afterClose: async () => {
      await proxy?.close();
    },
  });

  it('loses no accepted run, charges none twice, and takes jobs again after each reset', async () => {
    const { stack, accounts } = suite;
    await Promise.all([stack.startReadyWorker(), stack.startReadyWorker()]);
    const [probeAccount, ...loadAccounts] = accounts;
    const all: Submission[] = [];
    const recoveries: number[] = [];
    for (let reset = 0; reset < 3; reset += 1) {
      const load = steadyLoad(stack, loadAccounts, 250);
      await sleep(2_000);
      const probes: Submission[] = [];
      const from = Date.now();
      const dropped = proxy!.resetAll();
      expect(dropped).toBeGreaterThan(0);
      recoveries.push(await secondsToAccept(stack, probeAccount!, from, probes));
      await sleep(2_000);
      all.push(...(await load.stop()), ...probes);
    }
    const books = await settleAndCheckBooks(stack, accounts, all, 120_000);
    const accepted = all.filter((s) => s.status === 202).length;
    console.log(
      `[redis-reset] 3 resets of every connection: ${JSON.stringify(statusCounts(all))}; accepted again ${recoveries.map((s) => s.toFixed(1)).join(' / ')} s after each; ` +
        `done ${books.done}, failed ${books.failed} of ${accepted} accepted; lost 0, charged twice 0`,
    );
    expect(books.done + books.failed).toBe(accepted);
    expect(books.failed).toBe(0);
    expect(all.filter((s) => s.status === 0)).toEqual([]);
    expect(all.filter((s) => s.status >= 500 && s.status !== 503)).toEqual([]);
  }, 300_000);
});
