import type { Metrics, RunOutcomeLabel } from '@app/shared/server/metrics';

/** What the pipeline reports when a run is settled. */
export interface FinishedRun {
  mode: string;
  provider: string;
  outcome: RunOutcomeLabel;
  seconds: number;
  /** The identity check of the kept output, when it applied. */
  identity?: { score: number; attempts: number };
  creditsSpent: number;
  creditsRefunded: number;
}

export type RunObserver = (run: FinishedRun) => void;

/** Records a settled run in the process's Prometheus metrics. */
export function runMetricsObserver(metrics: Metrics): RunObserver {
  return (run) => {
    metrics.generationRuns.inc({ mode: run.mode, provider: run.provider, outcome: run.outcome });
    metrics.generationDuration.observe({ mode: run.mode, provider: run.provider }, run.seconds);
    if (run.identity) {
      metrics.identityScore.observe({ mode: run.mode }, run.identity.score);
      metrics.identityAttempts.inc({ mode: run.mode }, run.identity.attempts);
    }
    if (run.creditsSpent > 0) metrics.creditsSpent.inc({ mode: run.mode }, run.creditsSpent);
    if (run.creditsRefunded > 0) metrics.creditsRefunded.inc({ mode: run.mode }, run.creditsRefunded);
  };
}
