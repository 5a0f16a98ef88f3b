import { createGenerationStatusStore, type GenerationStatus, type GenerationStatusStore } from '../../../state/generation-store';
import { isAbortError, type TimerHandle } from '../upload/scheduler';
import { createEngineContext, type GenerationEngineDeps } from './engine-context';
import { failRun, finishRun } from './finish-run';
import type { GenerateOptions, GenerateOutcome, GenerationRequest } from './generation-types';
import { pollRun } from './poll-run';
import { resultFromSubmitAnswer } from './result-mapping';
import { startRun, submitRun } from './start-run';

export type { GenerationEngineDeps } from './engine-context';

export interface GenerationEngine {
  /** The generate sequence of spec 1 §4; resolves when the run ends (or is refused). */
  generate(request: GenerationRequest, options?: GenerateOptions): Promise<GenerateOutcome>;
  /** Stops the current run here (polling ends; the server may still finish it). */
  cancel(): void;
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
      const result =
        resultFromSubmitAnswer(answer, run.runId) ??
        (await pollRun({
          runId: run.runId,
          api: deps.api,
          timers: deps.timers,
          signal,
          isCurrent: () => context.isCurrent(run.runId),
          getUserId: deps.getUserId,
        }));
      if (result === null) return { status: 'stale', runId: run.runId };
      return finishRun(context, run, result);
    } catch (error) {
      if (signal.aborted || isAbortError(error)) return { status: 'cancelled', runId: run.runId };
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
