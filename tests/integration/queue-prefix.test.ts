import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Redis } from 'ioredis';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, parseConfig } from '@app/shared/server/config';
import { createLogger } from '@app/shared/server/logger';
import { JobQueues, WorkerHeartbeats, readQueueStats } from '@app/shared/server/queue';
import { createRedis, scanKeys, whenReady } from '@app/shared/server/redis';
import { RateLimits } from '../../api/src/http/rate-limits';
import { RedisProviderLimiter } from '../../worker/src/providers/remote/provider-limiter';
import { startWorkers } from '../../worker/src/worker';
import { createAccount } from '../support/auth';
import { availableDialects } from '../support/database';
import { freePort } from '../support/process';
import { type RedisServerProcess, redisServerProcess } from '../support/redis-server-process';
import { useTestApp } from '../support/test-app';
import { ORACLE_OF_SEOUL, pollUntilFinished, submitRunOfPhoto } from '../support/runs';
import { until } from '../support/wait';

const dialect = availableDialects().at(-1)!;
const ADMIN_SECRET = 'queue-prefix-admin-secret-0123456789';
const admin = { 'X-Admin-Secret': ADMIN_SECRET };

describe('QUEUE_PREFIX', () => {
  it('takes a name or a whole name in braces (a hash tag), nothing else', () => {
    expect(parseConfig({ QUEUE_PREFIX: '{mirrorverse}' }).queuePrefix).toBe('{mirrorverse}');
    expect(parseConfig({ QUEUE_PREFIX: 'mirrorverse-staging' }).queuePrefix).toBe('mirrorverse-staging');
    expect(parseConfig({}).queuePrefix).toBe('mirrorverse');
    for (const bad of ['{}', '{a}b', 'a{b}', '{a', 'a}', 'a:b', '{a:b}', '{{a}}']) {
      expect(() => parseConfig({ QUEUE_PREFIX: bad }), bad).toThrow(ConfigError);
    }
  });
});

// The random part keeps this run's keys apart from every other test sharing the machine's Redis.
describe(`a hash-tagged QUEUE_PREFIX on plain Redis, api and in-process worker (${dialect})`, () => {
  const id = `qp-${randomBytes(4).toString('hex')}`;
  const tag = `{${id}}`;
  const ctx = useTestApp(dialect, { QUEUE_PREFIX: tag, ADMIN_SECRET, GENERATION_PROVIDER: 'instant' });

  it('runs a generation, and the diagnosis, the metrics and the queue dashboard see it', async () => {
    const session = await createAccount(ctx.infra, `${id}@example.com`, 20);
    const runId = await submitRunOfPhoto(ctx.app, session, 'astronaut.png', ORACLE_OF_SEOUL);
    const polled = await pollUntilFinished(ctx.app, session, runId);
    expect(polled.status).toBe(200);
    expect(polled.body.success).toBe(true);

    // The diagnosis reads the queues and the heartbeats under the tagged prefix.
    const diagnosis = await until(
      () => request(ctx.app).get('/api/admin-config').set(admin),
      (res) => res.body.debugInfo?.queues?.find((q: { name: string }) => q.name === 'generation')?.completed >= 1,
      10_000,
      'the diagnosis to count the completed job',
    );
    expect(diagnosis.body.debugInfo.workers).toEqual([expect.objectContaining({ pid: process.pid, queues: expect.arrayContaining(['generation']) })]);
    expect(diagnosis.body.debugInfo.queues.find((q: { name: string }) => q.name === 'generation')).toMatchObject({ workers: 1, waiting: 0, completed: 1 });

    const metrics = await request(ctx.app).get('/metrics');
    expect(metrics.text).toMatch(/bullmq_job_count\{queue="generation", state="completed"[^}]*\} 1/);

    const dashboardSession = await request(ctx.app).post('/admin/queues/session').set(admin);
    const cookie = (dashboardSession.headers['set-cookie']?.[0] ?? '').split(';')[0]!;
    const board = await request(ctx.app).get('/admin/queues/api/queues').query({ activeQueue: 'generation', status: 'completed' }).set('Cookie', cookie);
    expect(board.status).toBe(200);
    const generation = (board.body.queues as Array<{ name: string; counts: Record<string, number>; jobs: Array<{ id: string }> }>).find((q) => q.name === 'generation');
    expect(generation?.counts.completed).toBe(1);
    expect(generation?.jobs.map((j) => j.id)).toEqual([runId]);

    // Every key this app wrote starts with the tag: queues, heartbeats, rate limits, upload tokens.
    // (This suite's Redis is one node, which SCAN walks whole.)
    const keys = await scanKeys(ctx.infra.redis, `*${id}*`);
    expect(keys.length).toBeGreaterThan(0);
    expect(keys.filter((key) => !key.startsWith(`${tag}:`))).toEqual([]);
    const kinds = new Set(keys.map((key) => key.slice(tag.length + 1).split(':')[0]));
    expect([...kinds]).toEqual(expect.arrayContaining(['generation', 'email', 'maintenance', 'worker-heartbeat', 'rl']));
  });
});

/**
 * A Redis Cluster node holding all 16384 slots: it refuses a multi-key command or script whose
 * keys hash to different slots (CROSSSLOT) even on one node, so it shows what a cluster or
 * Dragonfly would make of our keys.
 */
describe('a hash-tagged QUEUE_PREFIX on a one-node Redis Cluster', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mirrorverse-cluster-'));
  const tag = `{cluster-${randomBytes(4).toString('hex')}}`;
  let server: RedisServerProcess;
  let url: string;
  let redis: Redis;

  beforeAll(async () => {
    server = redisServerProcess(await freePort(), dir, { extraArgs: ['--cluster-enabled', 'yes', '--cluster-config-file', path.join(dir, 'nodes.conf')] });
    url = server.url;
    await server.start();
    redis = createRedis(url, 'worker');
    await whenReady(redis, 10_000);
    await redis.call('CLUSTER', 'ADDSLOTSRANGE', '0', '16383');
    await until(() => redis.call('CLUSTER', 'INFO') as Promise<string>, (info) => info.includes('cluster_state:ok'), 10_000, 'the cluster to be ok');
  }, 60_000);

  afterAll(async () => {
    await redis?.quit();
    server?.signal('SIGKILL');
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('refuses BullMQ with a plain prefix (the reason for the tag)', async () => {
    const queues = new JobQueues(redis, 'plain');
    await expect(queues.add('maintenance', 'expire-guest-media', {})).rejects.toThrow(/CROSSSLOT/);
    await queues.close();
  });

  it('runs queues, workers, heartbeats, the diagnosis stats, provider limits and rate limits with the tag', async () => {
    // The server is this suite's own: start empty, so every key below was written by this test.
    await redis.flushall();
    const config = parseConfig({ QUEUE_PREFIX: tag, LOG_LEVEL: 'silent' });
    const queues = new JobQueues(redis, tag);
    const done: string[] = [];
    const workers = startWorkers({
      config,
      logger: createLogger(config, 'test'),
      redisEndpoint: { kind: 'standalone', url: url },
      prefix: tag,
      handlers: { maintenance: { 'expire-guest-media': async (_data, job) => void done.push(job.id ?? '') } },
    });
    const heartbeats = new WorkerHeartbeats(redis, tag);
    const stopBeating = heartbeats.start({ queues: ['maintenance'], concurrency: { maintenance: 1 }, version: 'test' });
    try {
      const jobId = await queues.add('maintenance', 'expire-guest-media', {}, { jobId: 'tagged-1' });
      await until(async () => done, (ids) => ids.includes(jobId), 15_000, 'the worker to run the job');
      const live = await heartbeats.list();
      expect(live).toHaveLength(1);
      const stats = await until(() => readQueueStats(queues.queue('maintenance'), live), (s) => s.completed === 1, 5_000, 'the completed count');
      expect(stats).toMatchObject({ waiting: 0, active: 0, completed: 1, workers: 1 });

      const limiter = new RedisProviderLimiter(redis, tag, 60_000, 10);
      const lease = await limiter.acquire('fal', { concurrent: 1 }, AbortSignal.timeout(5_000));
      await limiter.throttle('fal', { rate: { max: 5, windowMs: 1_000, calls: 'all' } }, 'submit', AbortSignal.timeout(5_000));
      await lease.release();
      await new RateLimits(redis, tag).consume('uploadsPerUser', 'someone');

      const keys = await scanKeys(redis, '*');
      expect(keys.length).toBeGreaterThan(0);
      expect(keys.filter((key) => !key.startsWith(`${tag}:`))).toEqual([]);
      // JobQueues opens every queue (their meta keys), the job ran on maintenance.
      expect(new Set(keys.map((key) => key.slice(tag.length + 1).split(':')[0]))).toEqual(
        new Set(['generation', 'email', 'maintenance', 'webhooks', 'worker-heartbeat', 'provider-limit', 'rl']),
      );
    } finally {
      await stopBeating();
      await workers.close();
      await queues.close();
    }
  });
});
