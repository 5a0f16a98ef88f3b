import type { RunDurationMedian } from '@app/shared/server/repositories';
import type { WorkerHeartbeat } from '@app/shared/api/admin';

export interface EtaSources {
  /** Recent median running time per mode and provider (the database). */
  medians(): Promise<RunDurationMedian[]>;
  /** The workers alive now (their heartbeats). */
  workers(): Promise<WorkerHeartbeat[]>;
  /** The provider serving each mode. */
  routes: Record<string, string>;
}

/** Estimates a waiting run's time to done: `eta(mode, position)`, or null when unknown. */
export type Eta = (mode: string, position: number) => number | null;

const MEDIANS_TTL_MS = 60_000;
const SLOTS_TTL_MS = 5_000;

/**
 * ETA from measured history: the recent median running time of the run's mode and provider ×
 * (the jobs ahead + the run itself) ÷ the generation slots of the live workers (the mode's other
 * providers stand in for one without history). Null without a measured median or a live worker. Medians and slots are cached (read every tick).
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
    return (mode, position) => {
      const median = byKey.get(`${mode}\n${this.sources.routes[mode] ?? ''}`) ?? byKey.get(mode);
      if (median === undefined || slots <= 0) return null;
      return Math.round((median * (position + 1)) / slots);
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
