import { describe, expect, it } from 'vitest';
import type { WorkerHeartbeat } from '@app/shared/api/admin';
import { EtaEstimator } from './eta';

const worker = (generation: number, queues = ['generation', 'email']) => ({ queues, concurrency: { generation, email: 5 } }) as unknown as WorkerHeartbeat;

function estimator(workers: WorkerHeartbeat[], medians = [{ mode: 'custom-prompt', provider: 'local', seconds: 12 }]) {
  let reads = 0;
  const eta = new EtaEstimator({
    medians: async () => {
      reads += 1;
      return medians;
    },
    workers: async () => workers,
    routes: { 'custom-prompt': 'local', 'story-time': 'fal', 'parallel-self': 'bfl' },
  });
  return { eta, reads: () => reads };
}

describe('EtaEstimator', () => {
  it('is the median running time × (jobs ahead + 1) ÷ the live workers\' generation slots', async () => {
    const { eta } = estimator([worker(2), worker(2), worker(0, ['email'])]);
    const estimate = await eta.estimator();
    expect(estimate('custom-prompt', 0)).toBe(3);
    expect(estimate('custom-prompt', 9)).toBe(30);
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
    expect((await eta.estimator())('parallel-self', 0)).toBe(20);
  });

  it('reads the medians once a minute, not on every tick', async () => {
    const { eta, reads } = estimator([worker(1)]);
    await eta.estimator();
    await eta.estimator();
    expect(reads()).toBe(1);
  });
});
