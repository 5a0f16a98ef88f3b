import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, inject, it } from 'vitest';
import { type Submission, settleAndCheckBooks, statusCounts } from '../../support/fault-stack';
import { secondsToAccept, steadyLoad, useFaultStack } from '../../support/fault-suite';
import { type SentinelTopology, startSentinelTopology } from '../../support/sentinel-topology';

const postgresUrl = inject('postgresUrl') ?? '';

interface FaultRow {
  fault: string;
  submitted: number;
  accepted: number;
  refused5xx: number;
  recoverySeconds: number;
}

/**
 * Redis behind Sentinel under load (issue 43 §2): one api and two workers from the built bundles
 * on Postgres, runs submitted at a steady rate, while the test kills the master (and brings it
 * back as a replica), freezes it longer than the workers' blocking timeout, and kills it with the
 * sentinels away for 10 s. Every accepted run must finish, none charged twice; refusals while
 * there is no master are 503s that hold no credits.
 */
describe.runIf(postgresUrl)('Redis Sentinel failovers under load', () => {
  let topology: SentinelTopology | undefined;
  const suite = useFaultStack({
    accounts: 12,
    credits: 400,
    // A job lost with a master that died before replicating it is found again from Postgres.
    env: { RECONCILE_GRACE_SECONDS: '3', RECONCILE_EVERY_SECONDS: '1' },
    servers: async () => {
      topology = await startSentinelTopology();
      const sentinels = topology.endpoint.sentinels.map(({ host, port }) => `${host}:${port}`).join(',');
      return {
        postgresUrl,
        redisUrl: `redis://127.0.0.1:${await topology.masterPort()}`,
        redisEnv: { REDIS_SENTINELS: sentinels, REDIS_SENTINEL_NAME: topology.endpoint.name },
      };
    },
    afterClose: async () => {
      await topology?.close();
    },
  });

  it('loses no accepted run and charges none twice through a kill, a freeze and a failover without sentinels', async () => {
    const { stack, accounts } = suite;
    const redis = topology!;
    await Promise.all([stack.startReadyWorker(), stack.startReadyWorker()]);
    const all: Submission[] = [];
    const rows: FaultRow[] = [];
    const [probeAccount, ...loadAccounts] = accounts;

    const underLoad = async (fault: string, inject: () => Promise<number>) => {
      const load = steadyLoad(stack, loadAccounts, 250);
      await sleep(1_500);
      const probes: Submission[] = [];
      const from = Date.now();
      await inject();
      const recoverySeconds = await secondsToAccept(stack, probeAccount!, from, probes);
      await sleep(1_500);
      const submitted = [...(await load.stop()), ...probes];
      all.push(...submitted);
      const counts = statusCounts(submitted);
      const refused5xx = submitted.filter((s) => s.status >= 500 || s.status === 0).length;
      rows.push({ fault, submitted: submitted.length, accepted: counts[202] ?? 0, refused5xx, recoverySeconds });
    };

    // 1. The master SIGKILLed: Sentinel promotes the replica; the old master comes back as a replica.
    await underLoad('master SIGKILL', async () => {
      const old = await redis.masterPort();
      redis.nodes.get(old)!.signal('SIGKILL');
      await redis.failedOverFrom(old);
      await redis.nodes.get(old)!.start();
      return old;
    });

    // 2. The master frozen (SIGSTOP) for 8 s, past the workers' blocking timeout, then resumed.
    await underLoad('master SIGSTOP 8 s', async () => {
      const frozen = await redis.masterPort();
      redis.nodes.get(frozen)!.signal('SIGSTOP');
      await sleep(8_000);
      redis.nodes.get(frozen)!.signal('SIGCONT');
      return frozen;
    });

    // 3. The master killed and the sentinels away for 10 s of the failover.
    await underLoad('master SIGKILL, sentinels away 10 s', async () => {
      const old = await redis.masterPort();
      redis.nodes.get(old)!.signal('SIGKILL');
      await redis.stopSentinels();
      await sleep(10_000);
      await redis.startSentinels();
      await redis.failedOverFrom(old, 60_000);
      await redis.nodes.get(old)!.start();
      return old;
    });

    // After the faults: a steady stream is served in full.
    const after: Submission[] = [];
    const load = steadyLoad(stack, loadAccounts, 250);
    await sleep(4_000);
    after.push(...(await load.stop()));
    all.push(...after);

    const books = await settleAndCheckBooks(stack, accounts, all, 120_000);
    const accepted = all.filter((s) => s.status === 202);
    console.log('[sentinel-failover] fault | submitted | accepted | refused 5xx | lost | charged twice | recovery s');
    for (const row of rows) {
      console.log(`[sentinel-failover] ${row.fault} | ${row.submitted} | ${row.accepted} | ${row.refused5xx} | 0 | 0 | ${row.recoverySeconds.toFixed(1)}`);
    }
    console.log(`[sentinel-failover] after: ${JSON.stringify(statusCounts(after))}; done ${books.done}, failed ${books.failed} of ${accepted.length} accepted`);

    // The books balanced (settleAndCheckBooks throws otherwise): every accepted run finished, one
    // debit each, a refund for each failed one, nothing held by a refused one. None may fail here.
    expect(books.done + books.failed).toBe(accepted.length);
    expect(books.failed).toBe(0);
    // Refusals are the product's 503 while there is no master, never an unanswered request.
    expect(all.filter((s) => s.status === 0)).toEqual([]);
    expect(all.filter((s) => s.status >= 500 && s.status !== 503)).toEqual([]);
    // Afterwards a steady stream is served: accepted, or held to the per-person cap of runs in flight
    // while the backlog of the faults drains (429 TOO_MANY_RUNS, the product's own rule).
    expect(after.filter((s) => s.status !== 202 && s.body.code !== 'TOO_MANY_RUNS').map((s) => `${s.status} ${JSON.stringify(s.body)}`)).toEqual([]);
    expect(after.filter((s) => s.status === 202).length).toBeGreaterThan(after.length / 2);
  }, 400_000);
});
