import { type Job, UnrecoverableError } from 'bullmq';
import { type CancelRequests, RUN_CANCELED } from '@app/shared/server/generation/cancel-requests';
import type { Logger } from '@app/shared/server/logger';
import type { JobData } from '@app/shared/server/queue';
import type { GenerationPipeline } from '../pipeline/generation-pipeline';
import { PermanentGenerationError } from '../pipeline/ports';
import { TransientProviderError } from '../providers/provider';
import { ModeratedError } from '../providers/remote/provider-http';
import { ProviderCanceledError, ProviderTimeoutError } from '../providers/remote/remote-job';
import { RunCanceledError } from '../pipeline/run-canceled';

/** What a person reads when a failure is nobody's to explain (a database or disk error stays in the log). */
export const INTERNAL_FAILURE = 'Generation failed: something went wrong on our side. Your credits were refunded.';

/**
 * The error text the client maps to its notices (spec 1 §8). Only texts written for people are
 * passed on: our permanent failures and those already phrased as 'Generation failed…'.
 */
export function failureText(error: unknown): string {
  // A cancel can reach a provider as its signal's abort: the run's stop says which it was.
  if (error instanceof ProviderCanceledError || error instanceof RunCanceledError) return RUN_CANCELED;
  if (error instanceof ProviderTimeoutError || (error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError'))) {
    return 'Timeout: the AI service took too long';
  }
  if (error instanceof TransientProviderError) return 'Generation failed: the AI service is busy right now. Your credits were refunded.';
  if (error instanceof PermanentGenerationError) return `Generation failed: ${error.message}`;
  if (error instanceof Error && error.message.startsWith('Generation failed')) return error.message;
  return INTERNAL_FAILURE;
}

/** The run stage a failure ends in: the provider's moderation, its deadline, a cancel, or a plain failure. */
export function failureStage(error: unknown): 'failed' | 'moderated' | 'expired' | 'canceled' {
  if (error instanceof ModeratedError) return 'moderated';
  if (error instanceof ProviderTimeoutError) return 'expired';
  if (error instanceof ProviderCanceledError || error instanceof RunCanceledError) return 'canceled';
  return 'failed';
}

/**
 * generate: runs the pipeline for one run id. Transient failures are retried by BullMQ with
 * backoff; on the last attempt, or for a failure retrying cannot fix, the run is marked
 * failed and its credits are given back.
 */
export function generateHandler(pipeline: GenerationPipeline, logger: Logger, cancels?: Pick<CancelRequests, 'isRequested'>, cancelPollMs = 1000) {
  return async ({ runId }: JobData<'generation', 'generate'>, job: Job) => {
    const stop = new AbortController();
    const watch = cancels ? watchForCancel(cancels, runId, stop, cancelPollMs, logger) : undefined;
    try {
      // Asked before a worker took it (a cancel that met the job as it started, or a retried job).
      if (await cancels?.isRequested(runId)) throw new RunCanceledError();
      return await pipeline.run(runId, { signal: stop.signal, progress: (progress) => job.updateProgress(progress) });
    } catch (thrown) {
      // However a provider reports its abort, a canceled run failed because it was canceled.
      const error: unknown = stop.signal.aborted ? stop.signal.reason : thrown;
      const permanent = error instanceof PermanentGenerationError;
      const lastAttempt = job.attemptsMade + 1 >= (job.opts.attempts ?? 1);
      logger.warn({ runId, err: error, attempt: job.attemptsMade + 1, permanent }, 'generation attempt failed');
      if (permanent || lastAttempt) {
        await pipeline.fail(runId, failureText(error), failureStage(error));
        throw new UnrecoverableError(failureText(error));
      }
      throw error;
    } finally {
      watch?.stop();
    }
  };
}

/** Asks every `pollMs` whether the run was canceled, and stops it when it was (its provider requests cancel at the provider). */
function watchForCancel(cancels: Pick<CancelRequests, 'isRequested'>, runId: string, stop: AbortController, pollMs: number, logger: Logger) {
  const timer = setInterval(() => {
    cancels.isRequested(runId).then(
      (asked) => {
        if (asked && !stop.signal.aborted) stop.abort(new RunCanceledError());
      },
      (error: unknown) => logger.warn({ err: error, runId }, 'could not read the cancel of a run'),
    );
  }, pollMs);
  timer.unref();
  return { stop: () => clearInterval(timer) };
}
