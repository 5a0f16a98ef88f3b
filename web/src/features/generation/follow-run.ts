import { POLL_INTERVAL_MS, POLL_MAX_ATTEMPTS } from '@app/shared';
import type { RunStore } from '../../state/run-reducer';
import { isTerminal, type RunCard } from '../../state/run-store';
import { abortError, type TimerHandle } from '../../lib/scheduler';
import { checkRun, pollRun, timedOut, type PollRunOptions } from './poll-run';
import type { RunEventStream } from '../../api/run-event-stream';

export interface FollowRunOptions extends PollRunOptions {
  /** The person's run events; without it (no EventSource) the run is polled as spec 1 §4 says. */
  stream?: RunEventStream | null;
  /** The one store of runs: every event heard goes there, and the run ends when its card does. */
  store: RunStore;
}

/**
 * Follows a dispatched run to its end: by the event stream when there is one, else (and while
 * it is down) by the spec's polling (5 s × 72). Both only hand the store `RunEvent`s, so the
 * end is the same either way: the run's card reaching done, failed or canceled (a cancel the
 * server confirmed included). Each time the stream opens the run is checked once, since an
 * event may have passed before it did. Resolves with the ended card, or null once the run is
 * stale; rejects on abort and on the errors that end polling (401/402/403).
 */
export function followRun(options: FollowRunOptions): Promise<RunCard | null> {
  const { stream, runId, signal, timers, store } = options;
  const limitMs = (options.intervalMs ?? POLL_INTERVAL_MS) * (options.maxAttempts ?? POLL_MAX_ATTEMPTS);
  const round = store.get().runs[runId]?.round ?? 1;

  return new Promise<RunCard | null>((resolve, reject) => {
    let settled = false;
    let polling: AbortController | null = null;
    let unsubscribe = () => {};
    let unwatch = () => {};
    const limit: { timer?: TimerHandle } = {};

    const stopPolling = () => {
      polling?.abort();
      polling = null;
    };
    const finish = () => {
      settled = true;
      unsubscribe();
      unwatch();
      stopPolling();
      timers.clearTimeout(limit.timer);
      signal?.removeEventListener('abort', onAbort);
    };
    const settle = (card: RunCard | null) => {
      if (settled) return;
      finish();
      resolve(card);
    };
    const fail = (error: unknown) => {
      if (settled) return;
      finish();
      reject(error);
    };
    const onAbort = () => fail(abortError(signal));
    /** The run's card ended (this round): that is the end, however it was heard. */
    const watch = () => {
      const card = store.get().runs[runId];
      if (!card) return settle(null);
      // A stale run's end is still the truth of its card, but the engine ignores it (spec 1 §4).
      if (card.round === round && isTerminal(card)) settle(options.isCurrent() ? card : null);
    };

    const startPolling = () => {
      if (settled || polling) return;
      const controller = new AbortController();
      polling = controller;
      pollRun({ ...options, signal: controller.signal }).then(
        (event) => {
          if (controller.signal.aborted) return;
          if (event) store.dispatch({ type: 'event', event });
          else settle(null);
        },
        (error: unknown) => {
          if (!controller.signal.aborted) fail(error);
        },
      );
    };

    const check = async () => {
      if (!options.isCurrent()) return settle(null);
      try {
        const event = await checkRun(options);
        if (!settled && event) store.dispatch({ type: 'event', event });
      } catch {
        // The stream (or polling, if it goes down) carries on.
      }
    };

    if (signal?.aborted) return onAbort();
    signal?.addEventListener('abort', onAbort, { once: true });
    unwatch = store.subscribe(watch);
    watch();
    if (settled) return;
    if (!stream) return startPolling();

    unsubscribe = stream.subscribe({
      onEvent(event, id) {
        store.dispatch({ type: 'event', event, id: id ?? null });
        if (!settled && event.runId === runId && !options.isCurrent()) settle(null);
      },
      onUp() {
        stopPolling();
        void check();
      },
      onDown: startPolling,
    });
    if (settled) return unsubscribe();
    // The spec's limit (72 × 5 s) holds for the live path too.
    limit.timer = timers.setTimeout(() => {
      if (options.isCurrent()) store.dispatch({ type: 'event', event: timedOut(runId) });
      else settle(null);
    }, limitMs);
  });
}
