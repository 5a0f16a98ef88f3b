import { randomBytes } from 'node:crypto';
import { runIdSchema } from '@app/shared';
import { setTimeout as sleep } from 'node:timers/promises';
import { parseConfig } from '@app/shared/server/config';
import { createLogger } from '@app/shared/server/logger';
import { JobQueues } from '@app/shared/server/queue';
import { createRedis, whenReady } from '@app/shared/server/redis';
import type { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { startWorkers } from '../../worker/src/worker';

async function until(check: () => boolean | Promise<boolean>, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await sleep(25);
  }
}

describe('queues and workers over real Redis', () => {
  const config = parseConfig({ LOG_LEVEL: 'silent' });
  const logger = createLogger(config, 'test');
  const prefix = `test-${randomBytes(4).toString('hex')}`;
  let redis: Redis;
  let queues: JobQueues;

  beforeAll(async () => {
    redis = createRedis(inject('redisUrl'), 'producer');
    await whenReady(redis);
    queues = new JobQueues(redis, prefix);
  });
  afterAll(async () => {
    await queues.close();
    await redis.quit();
  });

  it('hands a job to its handler, once per job id however often it is added', async () => {
    const seen: string[] = [];
    const workers = startWorkers({
      config,
      logger,
      redisEndpoint: { kind: 'standalone', url: inject('redisUrl') },
      prefix,
      handlers: { generation: { generate: async (data) => void seen.push(data.runId) } },
    });
    try {
      const [runA, runB] = [runIdSchema.parse('run-aaaaaaaa'), runIdSchema.parse('run-bbbbbbbb')];
      const ids = await Promise.all([
        queues.add('generation', 'generate', { runId: runA }, { jobId: runA }),
        queues.add('generation', 'generate', { runId: runA }, { jobId: runA }),
        queues.add('generation', 'generate', { runId: runB }, { jobId: runB }),
      ]);
      expect(ids).toEqual([runA, runA, runB]);
      await until(() => seen.length >= 2);
      await sleep(300);
      expect(seen.sort()).toEqual([runA, runB]);
      expect(workers.queues).toEqual(['generation']);
    } finally {
      await workers.close();
    }
  });

  it('retries a failing job with backoff and then succeeds', async () => {
    let calls = 0;
    const workers = startWorkers({
      config,
      logger,
      redisEndpoint: { kind: 'standalone', url: inject('redisUrl') },
      prefix,
      handlers: {
        maintenance: {
          'expire-guest-media': async () => {
            calls += 1;
            if (calls < 3) throw new Error('temporary failure');
          },
        },
      },
    });
    try {
      await queues.add('maintenance', 'expire-guest-media', {}, { attempts: 3, backoff: { type: 'fixed', delay: 50 } });
      await until(() => calls >= 3);
      const queue = queues.queue('maintenance');
      await until(async () => (await queue.getCompletedCount()) === 1);
      expect(calls).toBe(3);
    } finally {
      await workers.close();
    }
  });

  it('fails a job with no handler at once, without retries', async () => {
    const workers = startWorkers({
      config,
      logger,
      redisEndpoint: { kind: 'standalone', url: inject('redisUrl') },
      prefix,
      handlers: { maintenance: { 'expire-guest-media': async () => undefined } },
    });
    try {
      const id = await queues.add('maintenance', 'daily-credit-topup', {}, { attempts: 5 });
      const queue = queues.queue('maintenance');
      await until(async () => (await queue.getJob(id))?.failedReason !== undefined);
      const job = await queue.getJob(id);
      expect(job?.failedReason).toBe('No handler for job "daily-credit-topup" on queue "maintenance"');
      expect(job?.attemptsMade).toBe(1);
    } finally {
      await workers.close();
    }
  });
});
