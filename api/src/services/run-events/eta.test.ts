import { describe, expect, it } from 'vitest';
import type { WorkerHeartbeat } from '@app/shared/api/admin';
import { EtaEstimator, ThroughputMeter } from './eta';

const worker = (generation: number, queues = ['generation', 'email']) => ({ queues, concurrency: { generation, email: 5 } }) as unknown as WorkerHeartbeat;

function estimator(workers: WorkerHeartbeat[], medians = [{ mode: 'custom-prompt', provider: 'local', seconds: 12 }], throughput?: () => number | undefined) {
  let reads = 0;
  const eta = new EtaEstimator({
    medians: async () => {
      reads += 1;
      return medians;
    },
    workers: async () => workers,
    routes: { 'custom-prompt': 'local', 'story-time': 'fal', 'parallel-self': 'bfl' },
    ...(throughput ? { throughput } : {}),
  });
  return { eta, reads: () => reads };
}

describe('EtaEstimator', () => {
  it('before any throughput is measured: the median × (jobs ahead + 1) ÷ the live workers\' generation slots, plus the run\'s own median', async () => {
    const { eta } = estimator([worker(2), worker(2), worker(0, ['email'])]);
    const estimate = await eta.estimator();
    expect(estimate('custom-prompt', 0)).toBe(15);
    expect(estimate('custom-prompt', 9)).toBe(42);
  });

  it('once measured: (jobs ahead + 1) ÷ the runs finished per second while runs waited, plus the run\'s own median', async () => {
    let perSecond: number | undefined = 0.5;
    const { eta } = estimator([worker(2)], undefined, () => perSecond);
    expect((await eta.estimator())('custom-prompt', 9)).toBe(32);
    // Re-estimated on each read: the queue got faster.
    perSecond = 2;
    expect((await eta.estimator())('custom-prompt', 9)).toBe(17);
    // A mode without history: the wait alone.
    expect((await eta.estimator())('story-time', 3)).toBe(2);
  });

  it('is unknown without a measured run of the mode or without a live worker', async () => {
    expect((await estimator([worker(2)]).eta.estimator())('story-time', 3)).toBeNull();
    expect((await estimator([]).eta.estimator())('custom-prompt', 3)).toBeNull();
  });

  it('stands in the mode\'s other providers for a provider without history', async () => {
    const { eta } = estimator([worker(1)], [
      { mode: 'parallel-self', provider: 'local', seconds: 10 },
      { mode: 'parallel-self', provider: 'fal', seconds: 30 },
    ]);
    expect((await eta.estimator())('parallel-self', 0)).toBe(40);
  });

  it('reads the medians once a minute, not on every tick', async () => {
    const { eta, reads } = estimator([worker(1)]);
    await eta.estimator();
    await eta.estimator();
    expect(reads()).toBe(1);
  });
});

describe('ThroughputMeter', () => {
  it('is unknown until five intervals were measured, then the runs finished per second while runs waited', () => {
    const meter = new ThroughputMeter();
    meter.setWaiting(12);
    for (let i = 0; i <= 4; i++) meter.finished(1_000 + i * 250);
    expect(meter.perSecond()).toBeUndefined();
    meter.finished(2_250);
    expect(meter.perSecond()).toBe(4);
  });

  it('counts no interval that spans an empty queue', () => {
    const meter = new ThroughputMeter();
    meter.setWaiting(3);
    for (let i = 0; i <= 5; i++) meter.finished(i * 500);
    expect(meter.perSecond()).toBe(2);
    // The queue empties; the next burst comes a minute later: the idle minute is no run's cost.
    meter.setWaiting(0);
    meter.finished(3_000);
    meter.setWaiting(20);
    meter.finished(63_000);
    meter.finished(63_500);
    expect(meter.perSecond()).toBe(2);
  });

  it('follows the recent pace: the intervals of the last 3 s, and at least the last eight', () => {
    const meter = new ThroughputMeter();
    meter.setWaiting(50);
    let at = 0;
    // One a second: the last eight intervals.
    for (let i = 0; i < 20; i++) meter.finished((at += 1_000));
    expect(meter.perSecond()).toBe(1);
    // The queue speeds up to ten a second: within 3 s the old pace is gone.
    for (let i = 0; i < 40; i++) meter.finished((at += 100));
    expect(meter.perSecond()).toBe(10);
  });
});
