import { describe, expect, it } from 'vitest';
import { createMetrics, renderMetrics } from './metrics';

/** What BullMQ's exportPrometheusMetrics writes for one queue. */
const queueText = (name: string, waiting: number) =>
  [
    '# HELP bullmq_job_count Number of jobs in the queue by state',
    '# TYPE bullmq_job_count gauge',
    `bullmq_job_count{queue="${name}", state="waiting"} ${waiting}`,
    '# HELP bullmq_job_completed_total Total number of completed jobs',
    '# TYPE bullmq_job_completed_total counter',
    `bullmq_job_completed_total{queue="${name}"} 7`,
  ].join('\n');

describe('renderMetrics', () => {
  it('writes each family of several queues once, with its samples together', async () => {
    const metrics = createMetrics('test');
    metrics.generationRuns.inc({ mode: 'custom-prompt', provider: 'local', outcome: 'done' });
    const text = await renderMetrics(metrics, [{ exportPrometheusMetrics: async () => queueText('generation', 3) }, { exportPrometheusMetrics: async () => queueText('email', 0) }]);
    expect(text.match(/# TYPE bullmq_job_count gauge/g)).toHaveLength(1);
    expect(text).toContain(
      [
        '# HELP bullmq_job_count Number of jobs in the queue by state',
        '# TYPE bullmq_job_count gauge',
        'bullmq_job_count{queue="generation", state="waiting"} 3',
        'bullmq_job_count{queue="email", state="waiting"} 0',
        '# HELP bullmq_job_completed_total',
      ].join('\n'),
    );
    expect(text).toMatch(/generation_runs_total\{mode="custom-prompt",provider="local",outcome="done",process="test"\} 1/);
    expect(text.endsWith('\n')).toBe(true);
  });
});
