import { Counter, Histogram, Registry, collectDefaultMetrics } from 'prom-client';

/** The outcome of a run as the metrics count it. */
export type RunOutcomeLabel = 'done' | 'failed' | 'identity_failed' | 'moderated';

/**
 * One Prometheus registry per process with every metric the product records. The api records
 * HTTP requests; the worker records runs, identity checks and credits. Both expose the registry
 * at /metrics (the worker on its own port), together with BullMQ's job counts.
 */
export function createMetrics(processName: string) {
  const registry = new Registry();
  registry.setDefaultLabels({ process: processName });
  collectDefaultMetrics({ register: registry });

  return {
    registry,
    httpRequestDuration: new Histogram({
      name: 'http_request_duration_seconds',
      help: 'HTTP requests by route pattern, method and status',
      labelNames: ['route', 'method', 'status'] as const,
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      registers: [registry],
    }),
    generationRuns: new Counter({
      name: 'generation_runs_total',
      help: 'Finished generation runs by mode, provider and outcome',
      labelNames: ['mode', 'provider', 'outcome'] as const,
      registers: [registry],
    }),
    generationDuration: new Histogram({
      name: 'generation_run_duration_seconds',
      help: 'Time from a run being taken by a worker to its settlement',
      labelNames: ['mode', 'provider'] as const,
      buckets: [1, 2, 5, 10, 20, 30, 60, 120, 300],
      registers: [registry],
    }),
    identityScore: new Histogram({
      name: 'identity_score',
      help: 'Identity similarity of the kept output to the source (0..1)',
      labelNames: ['mode'] as const,
      buckets: [0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9, 1],
      registers: [registry],
    }),
    identityAttempts: new Counter({
      name: 'identity_attempts_total',
      help: 'Provider calls made by the identity-check loop',
      labelNames: ['mode'] as const,
      registers: [registry],
    }),
    creditsSpent: new Counter({ name: 'credits_spent_total', help: 'Credits kept by finished runs', labelNames: ['mode'] as const, registers: [registry] }),
    workerRecoveries: new Counter({
      name: 'worker_recoveries_total',
      help: 'Queue workers made again because they took no waiting job with free slots (issue 43)',
      labelNames: ['queue'] as const,
      registers: [registry],
    }),
    creditsRefunded: new Counter({ name: 'credits_refunded_total', help: 'Credits given back by settled runs', labelNames: ['mode'] as const, registers: [registry] }),
  };
}

export type Metrics = ReturnType<typeof createMetrics>;

/** What a queue can tell about itself in Prometheus text (BullMQ's `exportPrometheusMetrics`). */
export interface PrometheusQueue {
  exportPrometheusMetrics(globalVariables?: Record<string, string>): Promise<string>;
}

/**
 * The registry's text followed by every queue's job counts. BullMQ writes each queue's families
 * one after another; the exposition format wants a family's HELP, TYPE and samples together and
 * once, so the queues' lines are regrouped by family.
 */
export async function renderMetrics(metrics: Metrics, queues: PrometheusQueue[]): Promise<string> {
  const families = new Map<string, { header: string[]; samples: string[] }>();
  const family = (name: string) => {
    let entry = families.get(name);
    if (!entry) families.set(name, (entry = { header: [], samples: [] }));
    return entry;
  };
  for (const text of await Promise.all(queues.map((queue) => queue.exportPrometheusMetrics()))) {
    for (const line of text.split('\n')) {
      const header = /^# (HELP|TYPE) (\S+)/.exec(line);
      if (header) {
        const entry = family(header[2]!);
        if (!entry.header.some((h) => h.startsWith(`# ${header[1]} `))) entry.header.push(line);
      } else if (line.trim()) {
        family(/^[^{\s]+/.exec(line)![0]).samples.push(line);
      }
    }
  }
  const own = (await metrics.registry.metrics()).trimEnd();
  const queueText = [...families.values()].flatMap((f) => [...f.header, ...f.samples]).join('\n');
  return queueText ? `${own}\n${queueText}\n` : `${own}\n`;
}
