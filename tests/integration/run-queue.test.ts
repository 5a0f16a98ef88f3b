import { randomBytes } from 'node:crypto';
import { type Job, UnrecoverableError, Worker } from 'bullmq';
import type { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { RunId } from '@app/shared';
import { JobQueues, RUN_ALREADY_SETTLED, RunQueue, type RunQueueEvent, compareEventIds } from '@app/shared/server/queue';
import { createRedis } from '@app/shared/server/redis';
import { until } from '../support/wait';

/**
 * The queue port's contract on real Redis and BullMQ: what the api reads of the generation queue
 * (the waiting order, a run's job withdrawn or removed, the event log) without knowing BullMQ's
 * keys or formats. Its fakes in the services' tests stand on this.
 */
describe('the run queue (BullMQ on Redis)', () => {
  const prefix = `rq-${randomBytes(4).toString('hex')}`;
  const redisUrl = inject('redisUrl');
  const connections: Redis[] = [];
  const connect = () => {
    const connection = createRedis(redisUrl, 'worker');
    connections.push(connection);
    return connection;
  };
  let queues: JobQueues;
  let runQueue: RunQueue;
  let worker: Worker | undefined;

  beforeAll(() => {
    queues = new JobQueues(connect(), prefix);
    runQueue = new RunQueue(queues, connect(), connect);
  });
  afterAll(async () => {
    await worker?.close();
    const redis = connect();
    const keys = await redis.keys(`${prefix}:*`);
    if (keys.length > 0) await redis.del(...keys);
    await queues.close();
    for (const connection of connections) connection.disconnect();
  });

  const run = (name: string) => `run-${prefix}-${name}` as RunId;
  /** A worker of the generation queue that does what each run's script says. */
  const startWorker = (script: (job: Job) => Promise<unknown>) => {
    // As the product's workers: per-minute metrics, whose running count is the runs finished.
    worker = new Worker('generation', script, { connection: connect(), prefix, concurrency: 1, metrics: { maxDataPoints: 60 } });
    return worker;
  };
  const eventsSince = async (after: string): Promise<RunQueueEvent[]> => runQueue.events.range(after, '+', 1_000);

  it('orders the waiting runs as workers take them: by priority, first in first out within one', async () => {
    await runQueue.enqueue(run('a'), 2);
    await runQueue.enqueue(run('b'), 1);
    await runQueue.enqueue(run('c'), 2);
    await runQueue.enqueue(run('a'), 5); // the same run again: ignored
    const waiting = await runQueue.waitingOrder();
    expect(waiting.order).toEqual([run('b'), run('a'), run('c')]);
    expect(waiting.active).toEqual([]);
    expect(waiting.finished).toBe(0);
    expect(Math.abs(waiting.atMs - Date.now())).toBeLessThan(60_000);
  });

  it('withdraws a waiting run and tells it as removed while waiting; a run with no job is absent', async () => {
    const before = await runQueue.events.lastId();
    expect(await runQueue.withdraw(run('b'))).toBe('withdrawn');
    expect(await runQueue.withdraw(run('nothing'))).toBe('absent');
    expect((await runQueue.waitingOrder()).order).toEqual([run('a'), run('c')]);
    const removed = (await eventsSince(before)).filter((e) => e.kind === 'removed');
    expect(removed).toEqual([{ id: expect.any(String), kind: 'removed', runId: run('b'), wasWaiting: true }]);
  });

  it('tells a worker’s progress and how each job ended: completed, already settled, failed', async () => {
    const before = await runQueue.events.lastId();
    const progress = { event: { type: 'run.started', runId: run('a'), provider: 'local' }, userId: 'person-1' };
    startWorker(async (job) => {
      if (job.id === run('a')) {
        await job.updateProgress(progress);
        await job.updateProgress({ not: 'a run event' });
        return 'done';
      }
      if (job.id === run('c')) return RUN_ALREADY_SETTLED;
      throw new UnrecoverableError('the provider refused it');
    });
    await runQueue.enqueue(run('d'), 3);
    const events = await until(() => eventsSince(before), (e) => e.filter((x) => x.kind === 'ended').length === 3, 10_000, 'three jobs ended');

    expect(events.filter((e) => e.kind === 'progress')).toEqual([{ id: expect.any(String), kind: 'progress', progress }]);
    const ended = events.flatMap((e) => (e.kind === 'ended' ? [[e.runId, e.outcome]] : []));
    expect(ended).toEqual([
      [run('a'), 'completed'],
      [run('c'), 'skipped'],
      [run('d'), 'failed'],
    ]);
    expect(events.some((e) => e.kind === 'moved')).toBe(true);
    const ids = events.map((e) => e.id);
    expect([...ids].sort(compareEventIds)).toEqual(ids);
    expect((await runQueue.waitingOrder()).finished).toBe(3);
  });

  it('reports a run a worker holds as taken, and removes its job once it ended so the run can be queued again', async () => {
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await worker?.close();
    startWorker(async () => held);
    await runQueue.enqueue(run('held'), 1);
    const taken = await until(() => runQueue.waitingOrder(), (w) => !w.order.includes(run('held')), 10_000, 'the worker to take the run');
    expect(taken.active).toEqual([run('held')]);
    expect(await runQueue.withdraw(run('held'))).toBe('taken');
    expect(await runQueue.removeJob(run('held'))).toBe(false);

    release();
    await until(() => runQueue.removeJob(run('held')), (removed) => removed, 10_000, 'the ended job removed');
    expect(await runQueue.withdraw(run('held'))).toBe('absent');
    await worker?.pause();
    await runQueue.enqueue(run('held'), 1);
    expect((await runQueue.waitingOrder()).order).toContain(run('held'));
  });

  it('lets a reader wait for the next event', async () => {
    const after = await runQueue.events.lastId();
    const reader = runQueue.events.openReader();
    try {
      const next = reader.read(after, 5_000, 10);
      await runQueue.enqueue(run('later'), 1);
      const events = await next;
      expect(events.length).toBeGreaterThan(0);
      expect(compareEventIds(events[0]!.id, after)).toBeGreaterThan(0);
      expect(events[0]!.kind).toBe('moved');
    } finally {
      reader.close();
    }
  });
});
