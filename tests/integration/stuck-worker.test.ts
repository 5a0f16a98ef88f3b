import { randomBytes } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { runIdSchema } from '@app/shared';
import { parseConfig } from '@app/shared/server/config';
import { createLogger } from '@app/shared/server/logger';
import { JobQueues } from '@app/shared/server/queue';
import { createRedis, whenReady } from '@app/shared/server/redis';
import type { Redis } from 'ioredis';
import { startWorkers } from '../../worker/src/worker';
import { type TcpProxy, startTcpProxy } from '../support/tcp-proxy';
import { until } from '../support/wait';

/**
 * A worker that notices it is stuck (issue 43 §4). The worker reaches Redis through a TCP proxy
 * that then goes silent on every open connection (a dead NAT entry): its blocking connection
 * waits for an answer that never comes, and BullMQ's worker, still "running", takes no job. The
 * watch sees jobs waiting with free slots and none taken, and makes the worker again.
 */
describe('a queue worker wedged on a silent connection', () => {
  let proxy: TcpProxy;
  let producer: Redis;
  const logger = createLogger(parseConfig({ LOG_LEVEL: 'silent' }), 'test');

  beforeAll(async () => {
    const redis = new URL(inject('redisUrl'));
    proxy = await startTcpProxy({ host: redis.hostname, port: Number(redis.port || 6379) });
    producer = createRedis(inject('redisUrl'), 'producer');
    await whenReady(producer);
  });

  afterAll(async () => {
    await producer.quit();
    await proxy.close();
  });

  /** A worker through the proxy that records the jobs it ran; a first job proves it serves. */
  async function wedgedWorker(stuckAfterSeconds: number) {
    const prefix = `stuck-${randomBytes(4).toString('hex')}`;
    const config = parseConfig({ LOG_LEVEL: 'silent', QUEUE_PREFIX: prefix, WORKER_STUCK_AFTER_SECONDS: String(stuckAfterSeconds) });
    const queues = new JobQueues(producer, prefix);
    const done = new Set<string>();
    const workers = startWorkers({
      config,
      logger,
      redisEndpoint: { kind: 'standalone', url: `redis://127.0.0.1:${proxy.port}` },
      prefix,
      handlers: { generation: { generate: async (data) => void done.add(data.runId) } },
    });
    const add = async (name: string) => {
      const runId = runIdSchema.parse(`run-${prefix}-${name}`);
      await queues.add('generation', 'generate', { runId }, { jobId: runId });
      return runId;
    };
    const first = await add('first');
    await until(async () => done.has(first), (ok) => ok, 15_000, 'the first job');
    expect(proxy.freezeAll()).toBeGreaterThan(0);
    const after = await Promise.all(['a', 'b', 'c'].map(add));
    return { workers, queues, done, after };
  }

  it('without the watch, the wedge is real: jobs wait while the worker says it runs', async () => {
    const { workers, queues, done, after } = await wedgedWorker(3600);
    try {
      // BullMQ's blocking read times out after 5 s on its own; twice that and more it has taken nothing.
      await sleep(12_000);
      expect(after.filter((id) => done.has(id))).toEqual([]);
      expect(workers.recoveries()).toBe(0);
    } finally {
      void workers.close();
      await queues.close();
    }
  }, 60_000);

  it('with the watch, the worker is made again and takes every waiting job', async () => {
    const { workers, queues, done, after } = await wedgedWorker(2);
    const frozenAt = Date.now();
    try {
      await until(async () => after.filter((id) => done.has(id)).length, (n) => n === after.length, 30_000, 'the waiting jobs after the recovery');
      console.log(`[stuck-worker] wedged worker made again; its waiting jobs done ${((Date.now() - frozenAt) / 1000).toFixed(1)} s after the freeze`);
      expect(workers.recoveries()).toBeGreaterThanOrEqual(1);
    } finally {
      await workers.close();
      await queues.close();
    }
  }, 60_000);
});
