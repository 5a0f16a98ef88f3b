import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, inject, it } from 'vitest';
import { type Submission, apiErrorMessages, settleAndCheckBooks, statusCounts } from '../../support/fault-stack';
import { FAULT_ADMIN_SECRET, type FaultRow, faultUnderLoad, printFaultTable, steadyLoad, useFaultStack } from '../../support/fault-suite';
import { type SentinelTopology, startSentinelTopology } from '../../support/sentinel-topology';

const postgresUrl = inject('postgresUrl') ?? '';

/**
 * Redis behind Sentinel under load (issue 43 §2): one api and two workers from the built bundles
 * on Postgres, runs submitted at a steady rate, while the test kills the master (and brings it
 * back as a replica), freezes it longer than the workers' blocking timeout, kills it with the
 * sentinels away for 10 s, and resets every connection to the data nodes at once (a proxy of the
 * test's own in front of each). Every accepted run must finish, none charged twice; refusals while
 * there is no master are 503s that hold no credits.
 */
describe.runIf(postgresUrl)('Redis Sentinel failovers under load', () => {
  let topology: SentinelTopology | undefined;
  const suite = useFaultStack({
    accounts: 12,
    credits: 400,
    // A job lost with a master that died before replicating it is found again from Postgres.
    env: { RECONCILE_GRACE_SECONDS: '3', RECONCILE_EVERY_SECONDS: '1', ADMIN_SECRET: FAULT_ADMIN_SECRET },
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

  it('loses no accepted run and charges none twice through a kill, a freeze, a failover without sentinels and a reset of every connection', async () => {
    const { stack, accounts } = suite;
    const redis = topology!;
    await Promise.all([stack.startReadyWorker(), stack.startReadyWorker()]);
    const all: Submission[] = [];
    const rows: FaultRow[] = [];
    const [probeAccount, ...loadAccounts] = accounts;

    const underLoad = async (fault: string, inject: () => Promise<{ from: number; answering: number }>) => {
      rows.push(await faultUnderLoad(stack, { load: loadAccounts, probe: probeAccount! }, fault, inject, all));
    };

    // 1. The master SIGKILLed: Sentinel promotes the replica; the old master comes back as a replica.
    await underLoad('master SIGKILL', async () => {
      const old = await redis.masterPort();
      const from = Date.now();
      redis.nodes.get(old)!.signal('SIGKILL');
      await redis.failedOverFrom(old);
      const answering = Date.now();
      await redis.nodes.get(old)!.start();
      return { from, answering };
    });

    // 2. The master frozen (SIGSTOP) for 8 s, past the workers' blocking timeout, then resumed.
    await underLoad('master SIGSTOP 8 s', async () => {
      const frozen = await redis.masterPort();
      const from = Date.now();
      redis.nodes.get(frozen)!.signal('SIGSTOP');
      await sleep(8_000);
      redis.nodes.get(frozen)!.signal('SIGCONT');
      return { from, answering: Date.now() };
    });

    // 3. The master killed and the sentinels away for 10 s of the failover.
    await underLoad('master SIGKILL, sentinels away 10 s', async () => {
      const old = await redis.masterPort();
      const from = Date.now();
      redis.nodes.get(old)!.signal('SIGKILL');
      await redis.stopSentinels();
      await sleep(10_000);
      await redis.startSentinels();
      await redis.failedOverFrom(old, 60_000);
      const answering = Date.now();
      await redis.nodes.get(old)!.start();
      return { from, answering };
    });

    // 4. Every connection to the data nodes reset at once (the product's, the replication link, the
    // sentinels'): nothing fails over, everyone reconnects (taskforcesh/bullmq#4479's wedge).
    await underLoad('every connection reset at once', async () => {
      await redis.masterPort();
      const from = Date.now();
      expect(redis.resetConnections()).toBeGreaterThan(0);
      return { from, answering: from };
    });

    // After the faults: a steady stream is served in full.
    const after: Submission[] = [];
    const load = steadyLoad(stack, loadAccounts, 250);
    await sleep(4_000);
    after.push(...(await load.stop()));
    all.push(...after);

    const books = await settleAndCheckBooks(stack, accounts, all, 120_000);
    const accepted = all.filter((s) => s.status === 202);
    printFaultTable('sentinel-failover', rows);
    const reasons = new Map<string, number>();
    for (const message of apiErrorMessages(stack)) reasons.set(message, (reasons.get(message) ?? 0) + 1);
    console.log(`[sentinel-failover] why the api refused: ${[...reasons].map(([message, n]) => `${n}× ${message}`).join('; ')}`);
    // A job a dying master took but had not passed on is queued again from Postgres by the reconciler
    // (api-kill-before-enqueue.test.ts makes that state on purpose); here it happens when it happens.
    console.log(`[sentinel-failover] runs queued again from Postgres by the reconciler: ${requeuedByReconciler(stack.workers.map((w) => w.output()))}`);
    console.log(`[sentinel-failover] after: ${JSON.stringify(statusCounts(after))}; done ${books.done}, failed ${books.failed} of ${accepted.length} accepted`);

    // The books balanced (settleAndCheckBooks throws otherwise): every accepted run finished, one
    // debit each, a refund for each failed one, nothing held by a refused one. None may fail here.
    expect(books.done + books.failed).toBe(accepted.length);
    expect(books.failed).toBe(0);
    // Refusals are the product's 503 while there is no master, never an unanswered request.
    expect(all.filter((s) => s.status === 0)).toEqual([]);
    expect(all.filter((s) => s.status >= 500 && s.status !== 503).map((s) => `${s.status} ${s.runId}`), apiErrorMessages(stack).join('\n')).toEqual([]);
    // Afterwards a steady stream is served: accepted, or held to the per-person cap of runs in flight
    // while the backlog of the faults drains (429 TOO_MANY_RUNS, the product's own rule).
    expect(after.filter((s) => s.status !== 202 && s.body.code !== 'TOO_MANY_RUNS').map((s) => `${s.status} ${JSON.stringify(s.body)}`)).toEqual([]);
    expect(after.filter((s) => s.status === 202).length).toBeGreaterThan(after.length / 2);
    // The long outage showed in the diagnosis (Redis down), which said healthy again after each fault
    // (settled() waits for it). A shorter one can fall between two of its 3 s measurements: the
    // frozen master is failed over within 2–4 s, and one busy CI run saw only "healthy" through it
    // (printed above, not asserted).
    for (const row of rows.filter((r) => /sentinels away/.test(r.fault))) expect(row.diagnosis, row.fault).toContain('down');
  }, 400_000);
});

/** How many runs the workers' reconciler queued again, from their logs ("runs without a job reconciled"). */
function requeuedByReconciler(outputs: string[]): number {
  let total = 0;
  for (const line of outputs.join('\n').split('\n')) {
    if (!line.includes('runs without a job reconciled')) continue;
    total += Number(/"requeued":(\d+)/.exec(line)?.[1] ?? 0);
  }
  return total;
}
