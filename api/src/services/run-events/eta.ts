import type { RunDurationMedian } from '@app/shared/server/repositories';
import type { WorkerHeartbeat } from '@app/shared/api/admin';

export interface EtaSources {
  /** Recent median running time per mode and provider (the database). */
  medians(): Promise<RunDurationMedian[]>;
  /** The workers alive now (their heartbeats). */
  workers(): Promise<WorkerHeartbeat[]>;
  /** The provider serving each mode. */
  routes: Record<string, string>;
  /** Runs the queue finishes per second while runs wait (measured), undefined until measured. */
  throughput?: () => number | undefined;
}

/** Estimates a waiting run's time to done: `eta(mode, position)`, or null when unknown. */
export type Eta = (mode: string, position: number) => number | null;

const MEDIANS_TTL_MS = 60_000;
const SLOTS_TTL_MS = 5_000;
/** Intervals between finished runs kept (the most recent). */
const THROUGHPUT_SAMPLES = 100;
/** Fewer measured intervals than this: the throughput is not known yet. */
const THROUGHPUT_MIN_SAMPLES = 5;
/**
 * The throughput is the mean over the intervals that ended in the last THROUGHPUT_WINDOW_MS before
 * the latest finished run, and at least the latest THROUGHPUT_RECENT_SAMPLES: a queue whose pace
 * changes (workers added or gone, the machine busy or free) is followed within seconds, and a slow
 * queue (a run every few seconds) still averages several intervals.
 */
const THROUGHPUT_WINDOW_MS = 3_000;
const THROUGHPUT_RECENT_SAMPLES = 8;

/**
 * The queue's measured throughput: the mean interval between runs finishing while other runs were
 * waiting (every slot busy, so the interval is what one more run ahead costs), over the recent ones
 * (see THROUGHPUT_WINDOW_MS). Intervals that span an idle queue are not counted: after the queue
 * was empty the count starts again from the next finished run.
 */
export class ThroughputMeter {
  private last: number | undefined;
  private waiting = false;
  /** Each interval's length and when it ended (ms). */
  private readonly intervals: Array<{ ms: number; endedAt: number }> = [];

  /** The runs waiting at the latest read of the queue. */
  setWaiting(count: number): void {
    const waiting = count > 0;
    // A queue that was empty: the time since the last finished run was partly idle.
    if (waiting && !this.waiting) this.last = undefined;
    this.waiting = waiting;
  }

  /** A run finished (done or failed) at `atMs`. */
  finished(atMs: number): void {
    if (this.last !== undefined && this.waiting && atMs >= this.last) {
      this.intervals.push({ ms: atMs - this.last, endedAt: atMs });
      if (this.intervals.length > THROUGHPUT_SAMPLES) this.intervals.shift();
    }
    if (this.last === undefined || atMs > this.last) this.last = atMs;
  }

  /** Runs finished per second while runs waited; undefined until enough were measured. */
  perSecond(): number | undefined {
    if (this.intervals.length < THROUGHPUT_MIN_SAMPLES) return undefined;
    const latest = this.intervals.at(-1)!.endedAt;
    let count = 0;
    let sum = 0;
    for (let i = this.intervals.length - 1; i >= 0; i--) {
      const interval = this.intervals[i]!;
      if (count >= THROUGHPUT_RECENT_SAMPLES && latest - interval.endedAt > THROUGHPUT_WINDOW_MS) break;
      count += 1;
      sum += interval.ms;
    }
    // Runs finishing within the same millisecond: at least 1 ms per interval on average.
    return (count * 1000) / Math.max(sum, count);
  }
}

const tenths = (seconds: number) => Math.round(seconds * 10) / 10;

/**
 * ETA from measured history: a waiting run with `position` runs ahead starts once `position + 1`
 * runs have finished, then takes its own running time. So: (position + 1) ÷ the measured
 * throughput (runs finished per second while runs waited) + the recent median running time of its
 * mode and provider (the mode's other providers stand in for one without history; 0 when none).
 * Before any throughput is measured: the median × (position + 1) ÷ the live workers' generation
 * slots + the median. Null when neither can be measured. Medians and slots are cached (read every tick).
 */
export class EtaEstimator {
  private medians: { at: number; byKey: Map<string, number> } | undefined;
  private slots: { at: number; count: number } | undefined;

  constructor(
    private readonly sources: EtaSources,
    private readonly now: () => number = Date.now,
  ) {}

  async estimator(): Promise<Eta> {
    const [byKey, slots] = await Promise.all([this.mediansByKey(), this.liveSlots()]);
    const perSecond = this.sources.throughput?.();
    return (mode, position) => {
      const median = byKey.get(`${mode}\n${this.sources.routes[mode] ?? ''}`) ?? byKey.get(mode);
      if (perSecond !== undefined && perSecond > 0) return tenths((position + 1) / perSecond + (median ?? 0));
      if (median === undefined || slots <= 0) return null;
      return tenths((median * (position + 1)) / slots + median);
    };
  }

  private async mediansByKey(): Promise<Map<string, number>> {
    if (this.medians && this.now() - this.medians.at < MEDIANS_TTL_MS) return this.medians.byKey;
    const rows = await this.sources.medians();
    const byKey = new Map(rows.map((r) => [`${r.mode}\n${r.provider}`, r.seconds]));
    // A mode whose provider has no history yet (just routed there): the mean of its other providers' medians.
    const byMode = new Map<string, number[]>();
    for (const r of rows) byMode.set(r.mode, [...(byMode.get(r.mode) ?? []), r.seconds]);
    for (const [mode, seconds] of byMode) byKey.set(mode, seconds.reduce((a, b) => a + b, 0) / seconds.length);
    this.medians = { at: this.now(), byKey };
    return byKey;
  }

  private async liveSlots(): Promise<number> {
    if (this.slots && this.now() - this.slots.at < SLOTS_TTL_MS) return this.slots.count;
    const workers = await this.sources.workers();
    const count = workers.filter((w) => w.queues.includes('generation')).reduce((sum, w) => sum + (w.concurrency.generation ?? 0), 0);
    this.slots = { at: this.now(), count };
    return count;
  }
}
