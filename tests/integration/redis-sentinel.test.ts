import { randomBytes } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runIdSchema } from '@app/shared';
import { parseConfig } from '@app/shared/server/config';
import { createLogger } from '@app/shared/server/logger';
import { JobQueues } from '@app/shared/server/queue';
import { createRedis, type RedisClient, whenReady } from '@app/shared/server/redis';
import { startWorkers } from '../../worker/src/worker';
import { type SentinelTopology, startSentinelTopology } from '../support/sentinel-topology';
import { until } from '../support/wait';

/**
 * Redis behind Sentinel (issue 43 §1–2): the product's clients find the master through the
 * sentinels, and after the master is killed and its replica promoted, the same BullMQ worker
 * keeps taking jobs (the wedge of taskforcesh/bullmq#3088) and producers write again.
 */
describe('Redis Sentinel: the master killed under a steady stream of jobs', () => {
  let topology: SentinelTopology;
  let producer: RedisClient;

  beforeAll(async () => {
    topology = await startSentinelTopology();
    producer = createRedis(topology.endpoint, 'producer');
    producer.on('error', () => {});
    await whenReady(producer, 10_000);
  }, 60_000);

  afterAll(async () => {
    producer?.disconnect();
    await topology?.close();
  });

  it('follows the failover: no accepted job lost, the worker takes jobs again, and says how long it took', async () => {
    const prefix = `sentinel-${randomBytes(4).toString('hex')}`;
    const config = parseConfig({ LOG_LEVEL: 'silent', QUEUE_PREFIX: prefix });
    const queues = new JobQueues(producer, prefix);
    const done = new Map<string, number>();
    const workers = startWorkers({
      config,
      logger: createLogger(config, 'test'),
      redisEndpoint: topology.endpoint,
      prefix,
      handlers: { generation: { generate: async (data) => void done.set(data.runId, Date.now()) } },
    });
    const accepted: string[] = [];
    let refused = 0;
    let stop = false;
    // A job every 50 ms, as the api would add them: an add refused while there is no master is counted, not retried.
    const drive = (async () => {
      for (let n = 0; !stop; n += 1) {
        const runId = runIdSchema.parse(`run-${prefix}-${String(n).padStart(5, '0')}`);
        try {
          await queues.add('generation', 'generate', { runId }, { jobId: runId });
          accepted.push(runId);
        } catch {
          refused += 1;
        }
        await sleep(50);
      }
    })();
    try {
      await until(async () => done.size, (size) => size >= 20, 30_000, 'jobs before the failover');
      const oldMaster = await topology.masterPort();
      const killedAt = Date.now();
      topology.nodes.get(oldMaster)!.signal('SIGKILL');
      const newMaster = await topology.failedOverFrom(oldMaster);
      const promotedAt = Date.now();
      // Taken again: a job added after the promotion is done.
      const afterPromotion = accepted.length;
      await until(async () => accepted.slice(afterPromotion).some((id) => done.has(id)), (ok) => ok, 60_000, 'a job added after the failover to be taken');
      const recoveredAt = Math.min(...accepted.slice(afterPromotion).filter((id) => done.has(id)).map((id) => done.get(id)!));
      stop = true;
      await drive;
      // Every job the queue accepted is done (a job acknowledged by the old master just before it died
      // may be lost with it: Redis replicates asynchronously; Postgres is the record of runs).
      await until(async () => accepted.filter((id) => !done.has(id)), (missing) => missing.length <= 2, 60_000, 'every accepted job to be done');
      const lost = accepted.filter((id) => !done.has(id));
      console.log(
        `[sentinel] master ${oldMaster} killed → ${newMaster} promoted in ${((promotedAt - killedAt) / 1000).toFixed(1)} s; ` +
          `jobs taken again ${((recoveredAt - killedAt) / 1000).toFixed(1)} s after the kill; ` +
          `${accepted.length} accepted, ${refused} refused while there was no master, ${lost.length} lost with the old master`,
      );
      expect(newMaster).not.toBe(oldMaster);
      expect(lost.length).toBeLessThanOrEqual(2);
    } finally {
      stop = true;
      await drive;
      await workers.close();
      await queues.close();
    }
  }, 180_000);
});
