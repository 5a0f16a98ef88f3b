import type { RunDurationMedian } from '@app/shared/server/repositories';
import type { WorkerHeartbeat } from '@app/shared/api/admin';

export interface EtaSources {
  /** Recent median running time per mode and provider (the database). */
  medians(): Promise<RunDurationMedian[]>;
  /** The workers alive now (their heartbeats). */
  workers(): Promise<WorkerHeartbeat[]>;
  /** The provider serving each mode. */
  routes: Record<string, string>;
  /** Runs the queue takes per second while runs wait (measured), undefined until measured. */
  throughput?: () => number | undefined;
}

/**
 * The queue as an estimate reads it: the modes of the waiting runs in the order workers take them,
 * and of the runs the workers hold (undefined: not a run, or its mode is not known).
 */
export interface QueueMix {
  waiting: ReadonlyArray<string | undefined>;
  active: ReadonlyArray<string | undefined>;
}

/** Estimates the time to done of the waiting run of `mode` with `position` runs ahead, or null when unknown. */
export type Eta = (mode: string, position: number) => number | null;

const MEDIANS_TTL_MS = 60_000;
/**
 * A mode in the queue without a median is read again after this long, not after the full TTL: the
 * hub may have cached the medians before a deployment's first runs finished (a signed-in page
 * holds the stream from its start), and the next run's wait should use them as they land.
 */
const MISSING_MEDIAN_TTL_MS = 5_000;
const SLOTS_TTL_MS = 5_000;
/** Reads of the queue kept (the most recent). */
const THROUGHPUT_SAMPLES = 100;
/**
 * The throughput is measured over the reads of the last THROUGHPUT_WINDOW_MS, and further back
 * until at least THROUGHPUT_MIN_TAKEN runs were taken: a queue whose pace changes (workers added
 * or gone, the machine busy or free) is followed within seconds, and a slow queue (a run every
 * few seconds) still averages several runs. Fewer than that measured at all: not known yet.
 */
const THROUGHPUT_WINDOW_MS = 2_000;
const THROUGHPUT_MIN_TAKEN = 8;

/**
 * The queue's measured throughput, from the reads of its waiting order the positions already make:
 * the runs finished between two reads (the workers' running count, read with the order; without
 * it, the runs that left the waiting order — which misses a run added and taken between reads)
 * ÷ the time between them. Counted only when runs waited at both reads (every slot busy), so an
 * idle queue is not mistaken for a slow one. Measured in Redis at the read: no lag behind the
 * event stream, which an api process under load may read late.
 */
export class ThroughputMeter {
  private previous: { ids: Set<string>; at: number; finished: number | undefined } | undefined;
  private readonly samples: Array<{ taken: number; ms: number; at: number }> = [];

  /** The waiting order (job ids) read at `atMs`, and the runs finished in all by then when known. */
  observe(order: readonly string[], atMs: number, finished?: number): void {
    const previous = this.previous;
    this.previous = { ids: new Set(order), at: atMs, finished };
    if (!previous || previous.ids.size === 0 || order.length === 0 || atMs <= previous.at) return;
    let taken = 0;
    if (finished !== undefined && previous.finished !== undefined && finished >= previous.finished) {
      taken = finished - previous.finished;
    } else {
      const now = this.previous.ids;
      for (const id of previous.ids) if (!now.has(id)) taken += 1;
    }
    // Busy the whole time only if the runs waiting at the first read outnumber those taken since:
    // otherwise the queue may have run dry in between, and the idle time would read as a slow pace.
    if (previous.ids.size <= taken) return;
    this.samples.push({ taken, ms: atMs - previous.at, at: atMs });
    if (this.samples.length > THROUGHPUT_SAMPLES) this.samples.shift();
  }

  /** Runs taken per second while runs waited; undefined until enough were measured. */
  perSecond(): number | undefined {
    const latest = this.samples.at(-1)?.at;
    if (latest === undefined) return undefined;
    let taken = 0;
    let ms = 0;
    for (let i = this.samples.length - 1; i >= 0; i--) {
      const sample = this.samples[i]!;
      if (taken >= THROUGHPUT_MIN_TAKEN && latest - sample.at >= THROUGHPUT_WINDOW_MS) break;
      taken += sample.taken;
      ms += sample.ms;
    }
    return taken >= THROUGHPUT_MIN_TAKEN ? (taken * 1000) / ms : undefined;
  }
}

const tenths = (seconds: number) => Math.round(seconds * 10) / 10;
const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;

/**
 * ETA from measured history. A waiting run starts once the runs ahead of it and the one in hand
 * have made way, then takes its own running time. Each run ahead weighs its own mode's recent
 * median running time (a queue of slow looks ahead of a quick one is a long wait, not the quick
 * look's), a run without history the mean of those with some; the one in hand weighs the mean
 * of the runs the workers hold. That work is done at the measured pace (runs taken per second
 * while runs waited, each as long as those in hand), or before any pace is measured, one second
 * per second per live worker's generation slot. Then the run's own median (of its mode and
 * provider; the mode's other providers stand in for one without history). With one mode
 * throughout: (position + 1) ÷ the pace + the median, or the median × (position + 1) ÷ the slots
 * + the median. Null when nothing is measured. Medians and slots are cached (read every tick).
 */
export class EtaEstimator {
  private medians: { at: number; byKey: Map<string, number> } | undefined;
  private slots: { at: number; count: number } | undefined;

  constructor(
    private readonly sources: EtaSources,
    private readonly now: () => number = Date.now,
  ) {}

  async estimator(mix: QueueMix): Promise<Eta> {
    const modes = [...mix.active, ...mix.waiting].filter((mode) => mode !== undefined);
    const [byKey, slots] = await Promise.all([this.mediansByKey(modes), this.liveSlots()]);
    const perSecond = this.sources.throughput?.();
    const medianOf = (mode: string | undefined) => (mode === undefined ? undefined : (byKey.get(`${mode}\n${this.sources.routes[mode] ?? ''}`) ?? byKey.get(mode)));
    const known = [...mix.active, ...mix.waiting].map(medianOf).filter((seconds) => seconds !== undefined);
    const typical = known.length > 0 ? mean(known) : undefined;
    // Without any history a run counts as one run (the measured pace is in runs).
    const work = (mode: string | undefined) => medianOf(mode) ?? typical ?? 1;
    const ahead = [0];
    for (const mode of mix.waiting) ahead.push(ahead.at(-1)! + work(mode));
    const inHand = mix.active.length > 0 ? mean(mix.active.map(work)) : 0;
    const measured = perSecond !== undefined && perSecond > 0;
    const pace = measured ? perSecond * (mix.active.length > 0 ? inHand : (typical ?? 1)) : slots;
    return (mode, position) => {
      const own = medianOf(mode);
      const start = (ahead[Math.min(position, ahead.length - 1)]! + inHand) / pace;
      if (measured) return tenths(start + (own ?? 0));
      if (own === undefined || slots <= 0) return null;
      return tenths(start + own);
    };
  }

  private async mediansByKey(modes: string[]): Promise<Map<string, number>> {
    if (this.medians) {
      const age = this.now() - this.medians.at;
      const known = this.medians.byKey;
      if (age < MEDIANS_TTL_MS && (age < MISSING_MEDIAN_TTL_MS || modes.every((mode) => known.has(mode)))) return known;
    }
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
