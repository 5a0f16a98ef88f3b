import { describe, expect, it } from 'vitest';
import type { WorkerHeartbeat } from '@app/shared/api/admin';
import { EtaEstimator, type QueueMix, ThroughputMeter } from './eta';

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

/** `waiting` runs of `mode` in line, and one in hand. */
const queueOf = (mode: string, waiting = 20): QueueMix => ({ waiting: Array.from({ length: waiting }, () => mode), active: [mode] });
const custom = queueOf('custom-prompt');

describe('EtaEstimator', () => {
  it('before any throughput is measured: the median × (jobs ahead + 1) ÷ the live workers\' generation slots, plus the run\'s own median', async () => {
    const { eta } = estimator([worker(2), worker(2), worker(0, ['email'])]);
    const estimate = await eta.estimator(custom);
    expect(estimate('custom-prompt', 0)).toBe(15);
    expect(estimate('custom-prompt', 9)).toBe(42);
  });

  it('once measured: (jobs ahead + 1) ÷ the runs finished per second while runs waited, plus the run\'s own median', async () => {
    let perSecond: number | undefined = 0.5;
    const { eta } = estimator([worker(2)], undefined, () => perSecond);
    expect((await eta.estimator(custom))('custom-prompt', 9)).toBe(32);
    // Re-estimated on each read: the queue got faster.
    perSecond = 2;
    expect((await eta.estimator(custom))('custom-prompt', 9)).toBe(17);
    // A mode without history: the wait alone.
    expect((await eta.estimator(custom))('story-time', 3)).toBe(2);
  });

  it('weighs each run ahead by its own mode: slow looks ahead of a quick one make a long wait', async () => {
    const medians = [
      { mode: 'custom-prompt', provider: 'local', seconds: 1 },
      { mode: 'unreal-reflection', provider: 'local', seconds: 4 },
    ];
    const { eta } = estimator([worker(1)], medians);
    const line = { waiting: [...Array.from({ length: 10 }, () => 'unreal-reflection'), 'custom-prompt'], active: ['unreal-reflection'] };
    // Ten slow runs ahead and one in hand, on one slot: 44 s, then its own second.
    expect((await eta.estimator(line))('custom-prompt', 10)).toBe(45);
    // A run whose mode has no history weighs as the others do on average.
    expect((await eta.estimator({ waiting: [undefined, 'custom-prompt'], active: ['unreal-reflection'] }))('custom-prompt', 1)).toBe(7.5);
    // Measured at one run every 4 s: the same wait.
    const paced = estimator([worker(1)], medians, () => 0.25).eta;
    expect((await paced.estimator(line))('custom-prompt', 10)).toBe(45);
  });

  it('is unknown without a measured run of the mode or without a live worker', async () => {
    expect((await estimator([worker(2)]).eta.estimator(custom))('story-time', 3)).toBeNull();
    expect((await estimator([]).eta.estimator(custom))('custom-prompt', 3)).toBeNull();
  });

  it('stands in the mode\'s other providers for a provider without history', async () => {
    const { eta } = estimator([worker(1)], [
      { mode: 'parallel-self', provider: 'local', seconds: 10 },
      { mode: 'parallel-self', provider: 'fal', seconds: 30 },
    ]);
    expect((await eta.estimator(queueOf('parallel-self')))('parallel-self', 0)).toBe(40);
  });

  it('reads the medians once a minute, not on every tick', async () => {
    const { eta, reads } = estimator([worker(1)]);
    await eta.estimator(custom);
    await eta.estimator(custom);
    expect(reads()).toBe(1);
  });

  it('reads again within seconds while a mode in the queue has no median: a deployment’s first runs count as they finish', async () => {
    let clock = 0;
    let history: Array<{ mode: string; provider: string; seconds: number }> = [];
    let reads = 0;
    const eta = new EtaEstimator(
      {
        medians: async () => {
          reads += 1;
          return history;
        },
        workers: async () => [worker(1)],
        routes: { 'custom-prompt': 'local' },
      },
      () => clock,
    );
    expect((await eta.estimator(custom))('custom-prompt', 0)).toBeNull();
    history = [{ mode: 'custom-prompt', provider: 'local', seconds: 12 }];
    clock = 3_000;
    expect((await eta.estimator(custom))('custom-prompt', 0)).toBeNull();
    clock = 6_000;
    expect((await eta.estimator(custom))('custom-prompt', 0)).toBe(24);
    // Every mode known: the minute's cache holds again.
    clock = 30_000;
    await eta.estimator(custom);
    expect(reads).toBe(2);
  });
});

describe('ThroughputMeter', () => {
  const ids = (from: number, to: number) => Array.from({ length: to - from }, (_, i) => `run-${from + i}`);

  it('is the runs taken from the waiting order per second, once eight were seen taken', () => {
    const meter = new ThroughputMeter();
    meter.observe(ids(0, 30), 0);
    meter.observe(ids(4, 34), 1_000);
    expect(meter.perSecond()).toBeUndefined();
    meter.observe(ids(8, 38), 2_000);
    expect(meter.perSecond()).toBe(4);
  });

  it('counts nothing while no run waits: an idle queue is not a slow one', () => {
    const meter = new ThroughputMeter();
    meter.observe(ids(0, 20), 0);
    meter.observe(ids(10, 20), 1_000);
    meter.observe([], 2_000);
    // A minute idle, then a burst: the idle minute is no run's cost.
    meter.observe(ids(100, 150), 62_000);
    meter.observe(ids(110, 160), 63_000);
    expect(meter.perSecond()).toBe(10);
  });

  it('follows the recent pace: the reads of the last 2 s, and back until eight runs were taken', () => {
    const meter = new ThroughputMeter();
    let at = 0;
    let head = 0;
    const read = (taken: number) => {
      head += taken;
      meter.observe(ids(head, head + 50), (at += 1_000));
    };
    read(0);
    for (let i = 0; i < 20; i++) read(1);
    // One a second: the last eight reads.
    expect(meter.perSecond()).toBe(1);
    // Ten a second: within 2 s the old pace is gone.
    for (let i = 0; i < 5; i++) read(10);
    expect(meter.perSecond()).toBe(10);
  });

  it('counts the runs finished between reads when the workers\' count is read, runs added and taken in between included', () => {
    const meter = new ThroughputMeter();
    // Fair priorities put new runs ahead: the order's head barely moves, yet ten a second finish.
    meter.observe(ids(0, 30), 0, 100);
    meter.observe(ids(0, 30), 1_000, 110);
    expect(meter.perSecond()).toBe(10);
  });

  it('leaves out a read whose queue may have run dry in between: fewer runs waited than were taken', () => {
    const meter = new ThroughputMeter();
    // Two waited, twelve finished: the workers may have been idle part of that second (a slow pace it is not).
    meter.observe(ids(0, 2), 0, 0);
    meter.observe(ids(10, 40), 1_000, 12);
    expect(meter.perSecond()).toBeUndefined();
    // Thirty waited, twenty finished: busy all along.
    meter.observe(ids(30, 60), 2_000, 32);
    expect(meter.perSecond()).toBe(20);
  });
});

