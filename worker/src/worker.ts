import { type Job, MetricsTime, UnrecoverableError, Worker } from 'bullmq';
import type { Config } from '@app/shared/server/config';
import { type Logger, subsystem } from '@app/shared/server/logger';
import { ALL_QUEUES, type QueueName } from '@app/shared/server/queue';
import { createRedis, type RedisEndpoint } from '@app/shared/server/redis';
import type { JobHandlers } from './job-handlers';

export type { JobHandlers } from './job-handlers';

export interface RunningWorkers {
  queues: QueueName[];
  close(): Promise<void>;
}

/**
 * One BullMQ Worker per queue that has handlers, each with its own blocking connection
 * and the concurrency from config. An unknown job name fails without retries.
 */
export function startWorkers(options: {
  config: Pick<Config, 'worker'>;
  logger: Logger;
  redisEndpoint: RedisEndpoint;
  handlers: JobHandlers;
  prefix: string;
}): RunningWorkers {
  const logger = subsystem(options.logger, 'worker');
  const workers: Worker[] = [];

  for (const queue of ALL_QUEUES) {
    const handlers = options.handlers[queue] as Record<string, ((data: unknown, job: Job) => Promise<unknown>) | undefined> | undefined;
    if (!handlers || Object.keys(handlers).length === 0) continue;
    const connection = createRedis(options.redisEndpoint, 'worker');
    const worker = new Worker(
      queue,
      async (job) => {
        const handler = handlers[job.name];
        if (!handler) throw new UnrecoverableError(`No handler for job "${job.name}" on queue "${queue}"`);
        return handler(job.data, job);
      },
      {
        connection,
        concurrency: options.config.worker.concurrency[queue],
        lockDuration: options.config.worker.lockDurationMs,
        stalledInterval: options.config.worker.stalledIntervalMs,
        // A generation resumes safely (stored provider requests, deterministic output keys), so a
        // job whose workers were killed twice is taken over again rather than failed unsettled.
        ...(queue === 'generation' ? { maxStalledCount: 3 } : {}),
        prefix: options.prefix,
        // Per-minute completion counts, which the admin diagnosis charts for the last hour.
        metrics: { maxDataPoints: MetricsTime.ONE_HOUR * 24 },
      },
    );
    worker.on('failed', (job, error) =>
      logger.warn({ queue, job: job?.name, jobId: job?.id, attempt: job?.attemptsMade, err: error }, 'job failed'),
    );
    worker.on('error', (error) => logger.error({ queue, err: error }, 'worker error'));
    workers.push(worker);
    logger.info({ queue, jobs: Object.keys(handlers), concurrency: options.config.worker.concurrency[queue] }, 'serving queue');
  }

  return {
    queues: workers.map((w) => w.name as QueueName),
    // close() lets jobs in flight finish before the connections go.
    close: async () => {
      await Promise.all(workers.map((w) => w.close()));
      await Promise.all(workers.map(async (w) => (await w.client).quit().catch(() => {})));
    },
  };
}
