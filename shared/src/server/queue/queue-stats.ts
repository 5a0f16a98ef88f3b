import type { Queue } from 'bullmq';
import type { QueueStats, WorkerHeartbeat } from '@app/shared/api/admin';

/** What the diagnosis reads of a BullMQ queue. */
export type StatsQueue = Pick<Queue, 'name' | 'getJobCounts' | 'getJobs' | 'getMetrics'>;

const BUCKET_MINUTES = 5;
const BUCKETS = 12;

/**
 * Counts by state, the age of the oldest job waiting to be taken (waiting, or among the first 100 prioritized: the
 * length of the wait list alone misses prioritized jobs), the last hour's completions in
 * 5-minute buckets (BullMQ's per-minute metrics, which workers record), and the live workers.
 */
export async function readQueueStats(queue: StatsQueue, workers: WorkerHeartbeat[], now = Date.now()): Promise<QueueStats> {
  const [counts, oldest, metrics] = await Promise.all([
    queue.getJobCounts('waiting', 'prioritized', 'active', 'delayed', 'failed', 'completed'),
    Promise.all([queue.getJobs(['wait'], 0, 0, true), queue.getJobs(['prioritized'], 0, 99, true)]),
    queue.getMetrics('completed', 0, BUCKETS * BUCKET_MINUTES - 1),
  ]);
  const waitingSince = oldest.flat().reduce<number | null>((min, job) => (job && (min === null || job.timestamp < min) ? job.timestamp : min), null);
  return {
    name: queue.name,
    waiting: counts.waiting ?? 0,
    prioritized: counts.prioritized ?? 0,
    active: counts.active ?? 0,
    delayed: counts.delayed ?? 0,
    failed: counts.failed ?? 0,
    completed: counts.completed ?? 0,
    oldestWaitingSeconds: waitingSince === null ? null : Math.max(0, Math.round((now - waitingSince) / 1000)),
    lastHour: toBuckets(metrics.data, Math.max(0, Number(metrics.meta.count) - Number(metrics.meta.prevCount))),
    workers: workers.filter((w) => w.queues.includes(queue.name)).length,
  };
}

/**
 * BullMQ's per-minute counts, newest first, as 12 five-minute buckets, oldest first. BullMQ writes
 * a minute's count only when the next minute starts; `currentMinute` (its running total minus the
 * total at the last write) goes into the newest bucket, so a burst shows at once.
 */
export function toBuckets(perMinuteNewestFirst: number[], currentMinute = 0): number[] {
  const buckets = Array.from({ length: BUCKETS }, () => 0);
  buckets[BUCKETS - 1] = currentMinute;
  perMinuteNewestFirst.slice(0, BUCKETS * BUCKET_MINUTES).forEach((count, minutesAgo) => {
    buckets[BUCKETS - 1 - Math.floor(minutesAgo / BUCKET_MINUTES)]! += Number(count) || 0;
  });
  return buckets;
}
