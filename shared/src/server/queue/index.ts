/** The BullMQ queues, their job names and payloads. */
export * from './jobs';
export * from './job-queue';
export * from './run-progress';
export * from './worker-heartbeats';
