import { type JobsOptions, Queue, type Telemetry } from 'bullmq';
import type { RedisClient } from '../redis/redis';
import { ALL_QUEUES, type JobData, type JobName, type QueueName } from './jobs';
import { WEBHOOK_ATTEMPTS, WEBHOOK_BACKOFF } from './webhook-retries';

/** Retries with backoff for transient failures; finished jobs are trimmed, not kept forever. */
export const DEFAULT_JOB_OPTIONS: Record<QueueName, JobsOptions> = {
  generation: {
    attempts: 3,
    backoff: { type: 'exponential', delay: 5_000 },
    removeOnComplete: { age: 24 * 3600, count: 10_000 },
    removeOnFail: { age: 7 * 24 * 3600 },
  },
  email: {
    attempts: 5,
    backoff: { type: 'exponential', delay: 2_000 },
    removeOnComplete: { age: 3600, count: 1_000 },
    removeOnFail: { age: 7 * 24 * 3600 },
  },
  maintenance: {
    attempts: 3,
    backoff: { type: 'exponential', delay: 30_000 },
    removeOnComplete: { count: 100 },
    removeOnFail: { count: 100 },
  },
  // Tried for about a day on the schedule of webhook-retries.ts (the worker's backoff strategy).
  webhooks: {
    attempts: WEBHOOK_ATTEMPTS,
    backoff: { type: WEBHOOK_BACKOFF },
    removeOnComplete: { age: 7 * 24 * 3600, count: 10_000 },
    removeOnFail: { age: 7 * 24 * 3600 },
  },
};

/** The producer side of every queue: typed `add` with the queue's default options. */
export class JobQueues {
  private readonly queues: Map<QueueName, Queue>;

  /** `telemetry`: bullmq-otel when tracing is on, so each job carries its span's context (issue 44). */
  constructor(connection: RedisClient, prefix: string, telemetry?: Telemetry) {
    this.queues = new Map(
      ALL_QUEUES.map((name) => [
        name,
        new Queue(name, { connection, prefix, defaultJobOptions: DEFAULT_JOB_OPTIONS[name], ...(telemetry ? { telemetry } : {}) }),
      ]),
    );
  }

  /** Every queue, for the diagnosis, the metrics and the queue dashboard. */
  all(): Queue[] {
    return [...this.queues.values()];
  }

  queue(name: QueueName): Queue {
    const queue = this.queues.get(name);
    if (!queue) throw new Error(`Unknown queue ${name}`);
    return queue;
  }

  /** `jobId` makes the add idempotent: BullMQ ignores a second job with the same id. */
  async add<Q extends QueueName, N extends JobName<Q>>(
    queue: Q,
    name: N,
    data: JobData<Q, N>,
    options: JobsOptions = {},
  ): Promise<string> {
    const job = await this.queue(queue).add(name, data, options);
    return job.id ?? '';
  }

  async close(): Promise<void> {
    await Promise.all([...this.queues.values()].map((q) => q.close()));
  }
}
