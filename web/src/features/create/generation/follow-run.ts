import { POLL_INTERVAL_MS, POLL_MAX_ATTEMPTS } from '@app/shared';
import type { RunEvent } from '@app/shared/api/runs';
import type { Store } from '../../../lib/create-store';
import { abortError, type TimerHandle } from '../upload/scheduler';
import { toRunMedia } from './generation-api';
import type { GenerationResult, MediaByRunIdAnswer } from './generation-types';
import { pollRun, resultOfAnswer, type PollRunOptions } from './poll-run';
import { canceledResult, timedOutResult } from './result-mapping';
import type { RunEventStream } from './run-event-stream';
import { applyRunEvent, type LiveRuns, runLiveState } from './run-live-state';

export interface FollowRunOptions extends PollRunOptions {
  /** The person's run events; without it (no EventSource) the run is polled as spec 1 §4 says. */
  stream?: RunEventStream | null;
  live?: Store<LiveRuns>;
  /** Hands over the way to end the run from outside (a cancel the server confirmed). */
  onSettle?: (settle: (result: GenerationResult) => void) => void;
}

/** A terminal event as the result a poll would have given. */
async function resultOfEvent(event: RunEvent, options: FollowRunOptions): Promise<GenerationResult | null> {
  const { runId } = options;
  if (event.type === 'run.done') {
    const media = toRunMedia(event.media as Record<string, unknown>, runId);
    // A kept image that did not pass the identity check comes as a done run with a failed item.
    const failed = media.status === 'failed';
    const answer: MediaByRunIdAnswer = { success: !failed, status: failed ? 'failed' : 'done', runId, media };
    return resultOfAnswer(answer, options);
  }
  if (event.type === 'run.failed') return resultOfAnswer({ success: false, status: 'failed', runId, error: event.error }, options);
  if (event.type === 'run.canceled') return canceledResult(runId, event.refunded);
  return null;
}

/**
 * Follows a dispatched run to its end: by the event stream when there is one, else (and while
 * it is down) by the spec's polling (5 s × 72). Both end in the same result, so completion is
 * the same either way. Each time the stream opens, the run is checked once, since an event may
 * have passed before it did. Resolves null once the run is stale; rejects on abort and on the
 * errors that end polling (401/402/403).
 */
export function followRun(options: FollowRunOptions): Promise<GenerationResult | null> {
  const { stream, runId, signal, timers } = options;
  const live = options.live ?? runLiveState;
  const limitMs = (options.intervalMs ?? POLL_INTERVAL_MS) * (options.maxAttempts ?? POLL_MAX_ATTEMPTS);

  return new Promise<GenerationResult | null>((resolve, reject) => {
    let settled = false;
    let polling: AbortController | null = null;
    let unsubscribe = () => {};
    const limit: { timer?: TimerHandle } = {};

    const stopPolling = () => {
      polling?.abort();
      polling = null;
    };
    const finish = () => {
      settled = true;
      unsubscribe();
      stopPolling();
      timers.clearTimeout(limit.timer);
      signal?.removeEventListener('abort', onAbort);
    };
    const settle = (result: GenerationResult | null) => {
      if (settled) return;
      finish();
      resolve(result);
    };
    const fail = (error: unknown) => {
      if (settled) return;
      finish();
      reject(error);
    };
    const onAbort = () => fail(abortError(signal));
    const settleUnlessProcessing = (result: GenerationResult | null) => {
      if (result?.status !== 'processing') settle(result);
    };

    const startPolling = () => {
      if (settled || polling) return;
      const controller = new AbortController();
      polling = controller;
      pollRun({ ...options, signal: controller.signal }).then(
        (result) => {
          if (!controller.signal.aborted) settle(result);
        },
        (error: unknown) => {
          if (!controller.signal.aborted) fail(error);
        },
      );
    };

    const check = async () => {
      if (!options.isCurrent()) return settle(null);
      try {
        const poll = await options.api.getMediaByRunId(runId, signal);
        if (settled || poll.kind === 'processing') return;
        settleUnlessProcessing(await resultOfAnswer(poll.answer, options));
      } catch {
        // The stream (or polling, if it goes down) carries on.
      }
    };

    if (signal?.aborted) return onAbort();
    signal?.addEventListener('abort', onAbort, { once: true });
    options.onSettle?.(settle);
    if (!stream) return startPolling();

    unsubscribe = stream.subscribe({
      onEvent(event) {
        applyRunEvent(event, live);
        if (settled || event.runId !== runId) return;
        if (!options.isCurrent()) return settle(null);
        void resultOfEvent(event, options).then((result) => result && settleUnlessProcessing(result), fail);
      },
      onUp() {
        stopPolling();
        void check();
      },
      onDown: startPolling,
    });
    if (settled) return unsubscribe();
    // The spec's limit (72 × 5 s) holds for the live path too.
    limit.timer = timers.setTimeout(() => settle(options.isCurrent() ? timedOutResult(runId) : null), limitMs);
  });
}
