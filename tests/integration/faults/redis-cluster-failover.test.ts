import { randomBytes } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, inject, it } from 'vitest';
import { type Submission, apiErrorMessages, settleAndCheckBooks, statusCounts } from '../../support/fault-stack';
import { FAULT_ADMIN_SECRET, faultUnderLoad, printFaultTable, steadyLoad, useFaultStack } from '../../support/fault-suite';
import { type ClusterTopology, startClusterTopology } from '../../support/cluster-topology';

const postgresUrl = inject('postgresUrl') ?? '';

/**
 * The same load through a Redis Cluster (issue 43 §3): three masters with a replica each, one api
 * and two workers from the built bundles, the queue prefix hash-tagged so every key of the product
 * sits in one slot. The master serving that slot is killed mid-run; its replica takes over and the
 * old master comes back as a replica. Every accepted run must finish, none charged twice.
 */
describe.runIf(postgresUrl)('a Redis Cluster failover under load', () => {
  let cluster: ClusterTopology | undefined;
  const prefix = `{faults-${randomBytes(4).toString('hex')}}`;
  const suite = useFaultStack({
    accounts: 8,
    credits: 300,
    env: { QUEUE_PREFIX: prefix, RECONCILE_GRACE_SECONDS: '3', RECONCILE_EVERY_SECONDS: '1', ADMIN_SECRET: FAULT_ADMIN_SECRET },
    servers: async () => {
      cluster = await startClusterTopology();
      const nodes = cluster.endpoint.nodes.map(({ host, port }) => `${host}:${port}`).join(',');
      return { postgresUrl, redisUrl: `redis://${nodes.split(',')[0]}`, redisEnv: { REDIS_CLUSTER_NODES: nodes } };
    },
    afterClose: async () => {
      await cluster?.close();
    },
  });

  it('loses no accepted run and charges none twice when the master of the queue slot fails over', async () => {
    const { stack, accounts } = suite;
    const redis = cluster!;
    await Promise.all([stack.startReadyWorker(), stack.startReadyWorker()]);
    const [probeAccount, ...loadAccounts] = accounts;

    // Before: runs go through the cluster.
    const before = steadyLoad(stack, loadAccounts, 250);
    await sleep(3_000);
    const all: Submission[] = [...(await before.stop())];
    expect(all.filter((s) => s.status === 202).length).toBeGreaterThan(0);

    // The master of the slot every key of the product hashes to is killed under load; its replica
    // is promoted once the others call it failed (cluster-node-timeout 2 s), and it comes back as a replica.
    const row = await faultUnderLoad(stack, { load: loadAccounts, probe: probeAccount! }, 'master of the queue slot SIGKILL', async () => {
      const old = await redis.masterOf(prefix);
      const from = Date.now();
      redis.nodes.get(old)!.signal('SIGKILL');
      await redis.failedOverFrom(prefix, old);
      const answering = Date.now();
      await redis.nodes.get(old)!.start();
      return { from, answering };
    }, all);

    // After: a steady stream is served in full.
    const after = steadyLoad(stack, loadAccounts, 250);
    await sleep(4_000);
    const afterwards = await after.stop();
    all.push(...afterwards);

    const books = await settleAndCheckBooks(stack, accounts, all, 120_000);
    const accepted = all.filter((s) => s.status === 202);
    printFaultTable('cluster-failover', [row]);
    console.log(`[cluster-failover] after: ${JSON.stringify(statusCounts(afterwards))}; done ${books.done}, failed ${books.failed} of ${accepted.length} accepted`);

    // The books balanced (settleAndCheckBooks throws otherwise): every accepted run finished once.
    expect(books.done + books.failed).toBe(accepted.length);
    expect(books.failed).toBe(0);
    expect(all.filter((s) => s.status === 0)).toEqual([]);
    expect(all.filter((s) => s.status >= 500 && s.status !== 503).map((s) => `${s.status} ${s.runId}`), apiErrorMessages(stack).join('\n')).toEqual([]);
    expect(afterwards.filter((s) => s.status !== 202 && s.body.code !== 'TOO_MANY_RUNS').map((s) => `${s.status} ${JSON.stringify(s.body)}`)).toEqual([]);
    expect(afterwards.filter((s) => s.status === 202).length).toBeGreaterThan(afterwards.length / 2);
    // A 2–3 s failover can fall between two of the diagnosis's 3 s measurements: printed, and it must be healthy again.
    expect(row.diagnosis.at(-1)).toBe('healthy');
  }, 300_000);
});
