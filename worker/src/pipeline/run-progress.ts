import type { Logger } from '@app/shared/server/logger';
import type { RunProgress, RunProgressEvent } from '@app/shared/server/queue';
import type { IdentityVerdict } from './ports';

/** Where a run's progress goes: the job's `updateProgress` in the worker (the live stream reads it there). */
export type RunProgressSink = (progress: RunProgress) => Promise<unknown>;

/** The sink of a run nobody follows live (tests, a pipeline run outside a job). */
export const NO_PROGRESS_SINK: RunProgressSink = async () => {};

/** What the pipeline reports while it works on one run. */
export interface RunReporter {
  started(provider: string): void;
  attempt(attempt: number, of: number, verdict: IdentityVerdict): void;
  video(done: number, total: number): void;
  /** Resolves once every report so far was written (before the job completes, so order holds). */
  flushed(): Promise<void>;
}

/** A reporter that tells nothing: what the producer uses when nobody follows the run. */
export const SILENT_REPORTER: RunReporter = { started: () => {}, attempt: () => {}, video: () => {}, flushed: async () => {} };

/**
 * Reports one run's progress to `sink`, one write at a time in order, never in the way of the
 * run: a write that fails is logged and the run carries on.
 */
export function runReporter(sink: RunProgressSink, runId: string, userId: string, logger: Logger): RunReporter {
  let chain: Promise<void> = Promise.resolve();
  const send = (event: RunProgressEvent) => {
    chain = chain.then(() =>
      sink({ event, userId }).then(
        () => {},
        (error: unknown) => logger.warn({ err: error, runId, event: event.type }, 'run progress not reported'),
      ),
    );
  };
  return {
    started: (provider) => send({ type: 'run.started', runId, provider }),
    attempt: (attempt, of, verdict) => {
      // A check that did not apply (no face in the source, a provider without the check) is no likeness progress.
      if (!verdict.applicable) return;
      send({ type: 'run.attempt', runId, attempt, of, ...(verdict.score === null ? {} : { identityScore: verdict.score }), threshold: verdict.threshold });
    },
    video: (done, total) => send({ type: 'run.video', runId, done, total }),
    flushed: () => chain,
  };
}

