import { type BackoffStrategy, type Job, MetricsTime, Queue, type Telemetry, UnrecoverableError, Worker } from 'bullmq';
import type { Config } from '@app/shared/server/config';
import { type Logger, subsystem } from '@app/shared/server/logger';
import { ALL_QUEUES, type QueueName } from '@app/shared/server/queue';
import { createRedis, type RedisClient, type RedisEndpoint } from '@app/shared/server/redis';
import type { JobHandlers } from './job-handlers';
import { StuckWatch } from './stuck-watch';

export type { JobHandlers } from './job-handlers';

export interface RunningWorkers {
  queues: QueueName[];
  /** Workers made again because they were stuck (issue 43 §4), since start. */
  recoveries(): number;
  close(): Promise<void>;
}

type Processor = (job: Job) => Promise<unknown>;

/**
 * One BullMQ Worker per queue that has handlers, each with its own blocking connection
 * and the concurrency from config. An unknown job name fails without retries. Each queue is
 * watched (`StuckWatch`): a worker that has free slots while jobs wait, and takes none for
 * `worker.stuckAfterMs`, is closed and made again on new connections.
 */
export function startWorkers(options: {
  config: Pick<Config, 'worker'>;
  logger: Logger;
  redisEndpoint: RedisEndpoint;
  handlers: JobHandlers;
  prefix: string;
  /** bullmq-otel when tracing is on: a job's processing span continues the trace of the request that queued it. */
  telemetry?: Telemetry;
  /** Told of every recovery (the worker's metrics count them). */
  onRecovery?: (queue: QueueName) => void;
  /** A queue's custom backoff (its jobs' `backoff.type` names it): the webhooks' retry schedule. */
  backoff?: Partial<Record<QueueName, BackoffStrategy>>;
}): RunningWorkers {
  const logger = subsystem(options.logger, 'worker');
  const served: ServedQueue[] = [];
  for (const queue of ALL_QUEUES) {
    const handlers = options.handlers[queue] as Record<string, ((data: unknown, job: Job) => Promise<unknown>) | undefined> | undefined;
    if (!handlers || Object.keys(handlers).length === 0) continue;
    served.push(
      serveQueue(queue, options, logger, async (job) => {
        const handler = handlers[job.name];
        if (!handler) throw new UnrecoverableError(`No handler for job "${job.name}" on queue "${queue}"`);
        return handler(job.data, job);
      }),
    );
    logger.info({ queue, jobs: Object.keys(handlers), concurrency: options.config.worker.concurrency[queue] }, 'serving queue');
  }

  return {
    queues: served.map((s) => s.queue),
    recoveries: () => served.reduce((sum, s) => sum + s.recoveries(), 0),
    // close() lets jobs in flight finish before the connections go.
    close: async () => {
      await Promise.all(served.map((s) => s.close()));
    },
  };
}

interface ServedQueue {
  queue: QueueName;
  recoveries(): number;
  close(): Promise<void>;
}

function serveQueue(queue: QueueName, options: Parameters<typeof startWorkers>[0], logger: Logger, processor: Processor): ServedQueue {
  const { worker: settings } = options.config;
  const concurrency = settings.concurrency[queue];
  let taken = 0;
  let inFlight = 0;
  let recoveries = 0;
  let closing = false;
  const counted: Processor = async (job) => {
    taken += 1;
    inFlight += 1;
    try {
      return await processor(job);
    } finally {
      inFlight -= 1;
    }
  };

  const makeWorker = () => {
    const connection = createRedis(options.redisEndpoint, 'worker');
    const worker = new Worker(queue, counted, {
      connection,
      concurrency,
      lockDuration: settings.lockDurationMs,
      stalledInterval: settings.stalledIntervalMs,
      // A generation resumes safely (stored provider requests, deterministic output keys), so a
      // job whose workers were killed twice is taken over again rather than failed unsettled.
      ...(queue === 'generation' ? { maxStalledCount: 3 } : {}),
      ...(options.backoff?.[queue] ? { settings: { backoffStrategy: options.backoff[queue] } } : {}),
      prefix: options.prefix,
      ...(options.telemetry ? { telemetry: options.telemetry } : {}),
      // Per-minute completion counts, which the admin diagnosis charts for the last hour.
      metrics: { maxDataPoints: MetricsTime.ONE_HOUR * 24 },
    });
    worker.on('failed', (job, error) =>
      logger.warn({ queue, job: job?.name, jobId: job?.id, attempt: job?.attemptsMade, err: error }, 'job failed'),
    );
    worker.on('error', (error) => logger.error({ queue, err: error }, 'worker error'));
    return { worker, connection };
  };
  // BullMQ closes the blocking connection it made itself, never the one it was given: that goes here.
  const closeWorker = async ({ worker, connection }: ReturnType<typeof makeWorker>, force = false) => {
    await worker.close(force).catch((error: unknown) => logger.warn({ queue, err: error }, 'closing a worker failed'));
    await connection.quit().catch(() => {});
  };

  let current = makeWorker();
  const watch = new StuckWatch(settings.stuckAfterMs);
  // Looks at the queue on a connection of its own that gives up on a command after 2 s, so a
  // dead connection is a look that failed, not a watch that hangs; a failed look makes it anew.
  let probe: { redis: RedisClient; queue: Queue } | undefined;
  const look = async () => {
    probe ??= (() => {
      const redis = createRedis(options.redisEndpoint, 'producer', { commandTimeout: 2_000 });
      redis.on('error', () => {});
      return { redis, queue: new Queue(queue, { connection: redis, prefix: options.prefix }) };
    })();
    try {
      // A paused queue's jobs wait and are not to be taken: BullMQ 6 keeps them in the wait list.
      const [counts, paused] = await Promise.all([probe.queue.getJobCounts('wait', 'prioritized'), probe.queue.isPaused()]);
      return { waiting: (counts.wait ?? 0) + (counts.prioritized ?? 0), paused };
    } catch {
      const dead = probe;
      probe = undefined;
      void dead.queue.close().catch(() => {});
      dead.redis.disconnect();
      return null;
    }
  };
  const check = async () => {
    if (closing) return;
    const seen = await look();
    if (seen === null) return watch.unknown();
    if (closing || !watch.look(Date.now(), { ...seen, inFlight, concurrency, taken })) return;
    recoveries += 1;
    logger.warn({ queue, waiting: seen.waiting, inFlight, concurrency, stuckForMs: settings.stuckAfterMs, recoveries }, 'worker took no job while jobs waited; making it again');
    options.onRecovery?.(queue);
    // The old one lets its jobs in flight finish (forced after a lock's length), taking no new one.
    const old = current;
    current = makeWorker();
    const forced = setTimeout(() => void closeWorker(old, true), settings.lockDurationMs);
    forced.unref();
    void closeWorker(old).finally(() => clearTimeout(forced));
  };
  let checking = false;
  const timer = setInterval(
    () => {
      if (checking) return;
      checking = true;
      void check().finally(() => (checking = false));
    },
    Math.max(250, Math.min(5_000, Math.floor(settings.stuckAfterMs / 4))),
  );
  timer.unref();

  return {
    queue,
    recoveries: () => recoveries,
    close: async () => {
      closing = true;
      clearInterval(timer);
      await closeWorker(current);
      if (probe) {
        await probe.queue.close().catch(() => {});
        probe.redis.disconnect();
      }
    },
  };
}
