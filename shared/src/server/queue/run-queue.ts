import type { RedisClient } from '../redis/redis';
import type { RunId } from '@app/shared';
import type { JobQueues } from './job-queue';
import { RunQueueEventLog } from './run-queue-events';

/** Job states in which BullMQ has not handed the job to a worker yet: removing it withdraws the run. */
const NOT_STARTED = new Set(['waiting', 'prioritized', 'delayed', 'waiting-children']);

/** Where the waiting runs stand: run ids in the order workers will take them. */
export interface WaitingOrder {
  order: string[];
  /** Run ids the workers hold now. */
  active: string[];
  /** Runs the queue has finished in all (completed and failed), read with the order. */
  finished: number;
  /** Redis's clock at that read. */
  atMs: number;
}

/**
 * The generation queue as the api uses it, the one place that knows BullMQ's keys and formats:
 * a run's job (its id is the run id) added at a priority, withdrawn before a worker takes it or
 * removed once ended; the order of the waiting runs; the queue's event log.
 */
export class RunQueue {
  readonly events: RunQueueEventLog;

  constructor(
    private readonly queues: Pick<JobQueues, 'add' | 'queue'>,
    private readonly redis: RedisClient,
    /** A new connection for a blocking reader of the events. */
    connect: () => RedisClient,
  ) {
    this.events = new RunQueueEventLog(redis, this.queue.keys.events!, connect);
  }

  private get queue() {
    return this.queues.queue('generation');
  }

  /** Adds the run's job at `priority` (lower goes first); a second add under a run id is ignored. */
  async enqueue(runId: RunId, priority: number): Promise<void> {
    await this.queues.add('generation', 'generate', { runId }, { jobId: runId, priority });
  }

  /**
   * Takes the run's job out of the queue if no worker has it yet (`withdrawn`); `taken` when a
   * worker holds it (or took it meanwhile); `absent` when there is no job or it has ended.
   */
  async withdraw(runId: string): Promise<'withdrawn' | 'taken' | 'absent'> {
    const job = await this.queue.getJob(runId);
    if (!job) return 'absent';
    const state = await job.getState();
    if (state === 'active') return 'taken';
    if (!NOT_STARTED.has(state)) return 'absent';
    // BullMQ refuses to remove a job a worker holds: it became active meanwhile.
    return (await job.remove().then(() => true, () => false)) ? 'withdrawn' : 'taken';
  }

  /** Removes the run's ended job so its id can be queued again; false while a worker still holds it. */
  async removeJob(runId: string): Promise<boolean> {
    const job = await this.queue.getJob(runId);
    return job ? job.remove().then(() => true, () => false) : true;
  }

  /**
   * Run ids in the order workers will take them (the wait list from its right end, then the
   * prioritized set by score), the runs the workers hold, the runs finished so far (the workers' per-minute metrics keep a
   * running count) and Redis's clock, in one round trip.
   */
  async waitingOrder(): Promise<WaitingOrder> {
    const queue = this.queue;
    const finishedKeys = [queue.toKey('metrics:completed'), queue.toKey('metrics:failed')];
    const multi = this.redis.multi().time().lrange(queue.keys.wait!, 0, -1).zrange(queue.keys.prioritized!, 0, -1).lrange(queue.keys.active!, 0, -1);
    for (const key of finishedKeys) multi.hget(key, 'count');
    const results = await multi.exec();
    const [seconds, micros] = (results?.[0]?.[1] as [string, string] | undefined) ?? [];
    const atMs = seconds === undefined ? Date.now() : Number(seconds) * 1000 + Math.floor(Number(micros) / 1000);
    const wait = (results?.[1]?.[1] as string[] | undefined) ?? [];
    const prioritized = (results?.[2]?.[1] as string[] | undefined) ?? [];
    const active = (results?.[3]?.[1] as string[] | undefined) ?? [];
    const finished = finishedKeys.reduce((sum, _, i) => sum + Number((results?.[4 + i]?.[1] as string | null) ?? 0), 0);
    return { order: [...wait.reverse(), ...prioritized], active, finished, atMs };
  }
}
