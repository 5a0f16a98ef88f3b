/**
 * Tells a wedged queue worker from an idle or busy one (issue 43 §4). BullMQ's own recovery
 * after a failover, a reset or a long outage has regressed more than once (taskforcesh/bullmq
 * #3088, #4378, #4479, #4585): its worker can report running yet never take another job. So
 * each queue is watched from outside: jobs waiting, a free slot, and no job taken, seen on every
 * look for `stuckAfterMs` in a row, means stuck. Jobs that arrive just now are not: the first
 * look that sees them starts the count, and any job taken resets it.
 */
export interface QueueLook {
  /** Jobs waiting to be taken (waiting and prioritized). */
  waiting: number;
  /** The queue is paused: its jobs wait (BullMQ 6 keeps them in the wait list), none is to be taken. */
  paused: boolean;
  /** Jobs this worker holds now, and how many it may hold. */
  inFlight: number;
  concurrency: number;
  /** Jobs this worker has taken since it started (only grows). */
  taken: number;
}

export class StuckWatch {
  /** Since when every look saw waiting jobs, a free slot and nothing taken; null when the last did not. */
  private since: number | null = null;
  private takenAtSince = 0;

  constructor(private readonly stuckAfterMs: number) {}

  /** True when the worker is to be made again; the count then starts over. */
  look(now: number, queue: QueueLook): boolean {
    const idleWithWork = !queue.paused && queue.waiting > 0 && queue.inFlight < queue.concurrency;
    if (!idleWithWork || (this.since !== null && queue.taken !== this.takenAtSince)) {
      this.since = idleWithWork ? now : null;
      this.takenAtSince = queue.taken;
      return false;
    }
    if (this.since === null) {
      this.since = now;
      this.takenAtSince = queue.taken;
      return false;
    }
    if (now - this.since < this.stuckAfterMs) return false;
    this.since = null;
    return true;
  }

  /** A look that could not be made (Redis did not answer): nothing is known, the count starts over. */
  unknown(): void {
    this.since = null;
  }
}
