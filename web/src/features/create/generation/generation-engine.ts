import { createGenerationStatusStore, type GenerationStatus, type GenerationStatusStore } from '../../../state/generation-store';
import { isAbortError, type TimerHandle } from '../upload/scheduler';
import { createEngineContext, type GenerationEngineDeps } from './engine-context';
import { failRun, finishRun } from './finish-run';
import type { GenerateOptions, GenerateOutcome, GenerationRequest } from './generation-types';
import type { ClientMode } from '@app/shared';
import { errorText } from '@app/shared';
import { destinationAfterStart } from './device';
import { followRun } from './follow-run';
import { canceledResult, resultFromSubmitAnswer } from './result-mapping';
import { forgetLiveRun, runLiveState, setLiveRun } from './run-live-state';
import type { Run } from './engine-context';
import type { GenerationResult } from './generation-types';
import { startRun, submitRun } from './start-run';

export type { GenerationEngineDeps } from './engine-context';

export interface GenerationEngine {
  /** The generate sequence of spec 1 §4; resolves when the run ends (or is refused). */
  generate(request: GenerationRequest, options?: GenerateOptions): Promise<GenerateOutcome>;
  /** Stops the current run here (polling ends; the server may still finish it). */
  cancel(): void;
  /**
   * POST cancel-run (issue 16): the card shows canceling, then canceled with what was refunded;
   * a run the engine follows ends quietly. False when the server refused (it had finished).
   */
  cancelRun(runId: string): Promise<boolean>;
  /** POST retry-run: the failed or canceled run starts again on its card and is followed again. */
  retryRun(runId: string, info?: { mode?: ClientMode | null; prompt?: string | null }): Promise<GenerateOutcome>;
  getState(): GenerationStatus;
  subscribe(listener: () => void): () => void;
  /** Replaces dependencies (the app wires navigate, onOpen, query invalidation…). */
  configure(patch: Partial<GenerationEngineDeps>): void;
  /** Cancels the run and every pending timer. */
  dispose(): void;
}

/** Start, poll and finish (each in its own module) around the one current run. */
export function createGenerationEngine(
  initialDeps: GenerationEngineDeps,
  store: GenerationStatusStore = createGenerationStatusStore(),
): GenerationEngine {
  let deps = initialDeps;
  let current: { runId: string; controller: AbortController } | null = null;
  /** Ends a followed run from outside (a cancel the server confirmed), by run id. */
  const settlers = new Map<string, (result: GenerationResult) => void>();
  const live = () => deps.live ?? runLiveState;
  const pending = new Set<TimerHandle>();
  const context = createEngineContext(
    () => deps,
    store,
    { get: () => current?.runId ?? null, set: (runId) => (current = runId === null ? null : current) },
    pending,
  );

  async function generate(request: GenerationRequest, options: GenerateOptions = {}): Promise<GenerateOutcome> {
    const started = await startRun(context, request, options, (runId) => {
      const controller = new AbortController();
      current = { runId, controller };
      return controller.signal;
    });
    if (started.kind === 'ended') return started.outcome;
    const { run, body, signal } = started;
    try {
      const answer = await submitRun(context, run, body, signal);
      const result = resultFromSubmitAnswer(answer, run.runId) ?? (await follow(run, signal));
      if (result === null) return { status: 'stale', runId: run.runId };
      return finishRun(context, run, result);
    } catch (error) {
      if (signal.aborted || isAbortError(error)) return { status: 'cancelled', runId: run.runId };
      return failRun(context, run, error);
    }
  }

  async function follow(run: Run, signal: AbortSignal): Promise<GenerationResult | null> {
    try {
      return await followRun({
        runId: run.runId,
        api: deps.api,
        timers: deps.timers,
        signal,
        isCurrent: () => context.isCurrent(run.runId),
        getUserId: deps.getUserId,
        stream: deps.stream ?? null,
        live: live(),
        onSettle: (settle) => settlers.set(run.runId, settle),
      });
    } finally {
      settlers.delete(run.runId);
    }
  }

  async function cancelRun(runId: string): Promise<boolean> {
    const before = live().get()[runId];
    setLiveRun(runId, { phase: 'canceling' }, live());
    try {
      const answer = await deps.api.cancelRun(runId);
      if (answer.status === 'canceled') {
        setLiveRun(runId, { phase: 'canceled', refunded: answer.refunded }, live());
        settlers.get(runId)?.(canceledResult(runId, answer.refunded));
      }
      // 'canceling': the run.canceled event (or the next poll) ends it.
      return true;
    } catch (error) {
      if (before) setLiveRun(runId, before, live());
      else forgetLiveRun(runId, live());
      context.toast('error', { title: 'Could not cancel', message: errorText(error) || 'Try again' });
      return false;
    }
  }

  async function retryRun(runId: string, info: { mode?: ClientMode | null; prompt?: string | null } = {}): Promise<GenerateOutcome> {
    try {
      await deps.api.retryRun(runId);
    } catch (error) {
      context.toast('error', { title: 'Could not try again', message: errorText(error) || 'Try again' });
      return { status: 'failed', runId, result: { ...canceledResult(runId, 0), canceled: false, error: errorText(error) || 'Try again' } };
    }
    forgetLiveRun(runId, live());
    const mode = info.mode ?? 'custom';
    const prompt = info.prompt ?? null;
    const controller = new AbortController();
    current = { runId, controller };
    const run: Run = {
      runId,
      mode,
      request: { mode, ...(prompt ? { prompt } : {}) } as Run['request'],
      onOpen: deps.onOpen ?? (() => deps.navigate(destinationAfterStart(deps.isMobile()))),
    };
    store.set((state) => ({
      ...state,
      isGenerating: true,
      phase: 'processing',
      runId,
      jobId: runId,
      mode,
      error: null,
      running: { key: runId, runId, mode, prompt, startedAt: deps.now().getTime() },
      // The failed card becomes the processing one again.
      lastFinished: state.lastFinished?.run.runId === runId ? null : state.lastFinished,
    }));
    try {
      const result = await follow(run, controller.signal);
      if (result === null) return { status: 'stale', runId };
      return finishRun(context, run, result);
    } catch (error) {
      if (controller.signal.aborted || isAbortError(error)) return { status: 'cancelled', runId };
      return failRun(context, run, error);
    }
  }

  function cancel() {
    if (!current) return;
    const { runId, controller } = current;
    current = null;
    controller.abort();
    store.set((state) => ({ ...state, isGenerating: false, isNavigating: false, running: null, phase: 'idle', error: null }));
    context.announce('clear-generating-state', { runId });
  }

  return {
    generate,
    cancel,
    cancelRun,
    retryRun,
    getState: store.get,
    subscribe: store.subscribe,
    configure: (patch) => {
      deps = { ...deps, ...patch };
    },
    dispose: () => {
      cancel();
      for (const handle of pending) deps.timers.clearTimeout(handle);
      pending.clear();
    },
  };
}
