/** The BullMQ queues, their job names and payloads; the only code that knows BullMQ's keys and formats. */
export * from './jobs';
export * from './job-queue';
export * from './webhook-retries';
export * from './run-progress';
export * from './worker-heartbeats';
export * from './queue-stats';
export * from './run-queue';
export * from './run-queue-events';
