/** The BullMQ queues, their job names and payloads. */
export * from './jobs';
export * from './job-queue';
export * from './worker-heartbeats';
