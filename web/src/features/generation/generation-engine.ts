import type { ClientMode, RunId } from '@app/shared';
import { errorText } from '@app/shared';
import { createRunStore, type RunStore } from '../../state/run-reducer';
import { isTerminal, type RunsState } from '../../state/run-store';
import { isAbortError, type TimerHandle } from '../../lib/scheduler';
import { destinationAfterStart } from './device';
import { createEngineContext, type GenerationEngineDeps, type Run } from './engine-context';
import { failRun, finishRun, staleEnd } from './finish-run';
import { followRun } from './follow-run';
import type { QuoteAnswer } from './generation-api';
import type { GenerateOptions, GenerateOutcome, GenerationRequest } from './generation-types';
import { noCreditsNotice, shortfallOf, startRun, submitRun } from './start-run';
import { isCompleteRequest } from './validate-request';

export type { GenerationEngineDeps } from './engine-context';

/** The item a variation is made of, as its card shows it until the server says more. */
export interface VariationSource {
  mediaId: string;
  mode: ClientMode;
  look: string | null;
  prompt: string | null;
}

export interface GenerationEngine {
  /** The generate sequence of spec 1 §4; resolves when the run ends (or is refused). */
  generate(request: GenerationRequest, options?: GenerateOptions): Promise<GenerateOutcome>;
  /** Stops following the current run here (polling ends; the server may still finish it). */
  cancel(): void;
  /**
   * POST cancel-run (issue 16): the card says "Canceling…" at once, then what the server did.
   * False when the server refused (the run had finished: its card says so).
   */
  cancelRun(runId: string): Promise<boolean>;
  /** POST retry-run: the failed or canceled run starts again on its card and is followed again. */
  retryRun(runId: string): Promise<GenerateOutcome>;
  /** POST quote-generation: the exact cost of this request and the balance (which it keeps); null, and no call, for an incomplete request. */
  quote(request: GenerationRequest, signal?: AbortSignal): Promise<QuoteAnswer | null>;
  /**
   * A variation of one of the person's items (the server copies its look and photo, with a new
   * seed): its card starts at once and the run is followed like any other.
   */
  generateVariation(of: VariationSource): Promise<GenerateOutcome>;
  /** POST quote-generation for a variation: its cost and the balance (which it keeps). */
  quoteVariation(mediaId: string, signal?: AbortSignal): Promise<QuoteAnswer>;
  getState(): RunsState;
  subscribe(listener: () => void): () => void;
  /** Replaces dependencies (the app wires navigate, onOpen, query invalidation…). */
  configure(patch: Partial<GenerationEngineDeps>): void;
  /** Cancels the run and every pending timer. */
  dispose(): void;
}

/** Start, follow and finish (each in its own module) around the one current run. */
export function createGenerationEngine(initialDeps: GenerationEngineDeps, store: RunStore = createRunStore()): GenerationEngine {
  let deps = initialDeps;
  let current: { runId: string; controller: AbortController } | null = null;
  const pending = new Set<TimerHandle>();
  const context = createEngineContext(
    () => deps,
    store,
    { get: () => current?.runId ?? null, set: (runId) => (current = runId === null ? null : current) },
    pending,
  );
  const begin = (runId: string) => {
    const controller = new AbortController();
    current = { runId, controller };
    return controller.signal;
  };

  async function generate(request: GenerationRequest, options: GenerateOptions = {}): Promise<GenerateOutcome> {
    let started;
    try {
      started = await startRun(context, request, options, begin);
    } catch {
      return { status: 'cancelled', runId: '' };
    }
    if (started.kind === 'ended') return started.outcome;
    const { run, body, signal } = started;
    return submitThenFollow(run, signal, () => submitRun(context, run, body, signal));
  }

  async function generateVariation(of: VariationSource): Promise<GenerateOutcome> {
    const runId = deps.createRunId();
    const signal = begin(runId);
    const run: Run = {
      runId,
      mode: of.mode,
      look: of.look,
      request: { mode: of.mode, ...(of.prompt ? { prompt: of.prompt } : {}) } as Run['request'],
      onOpen: deps.onOpen ?? (() => deps.navigate(destinationAfterStart(deps.isMobile()))),
    };
    // Started where the person is (their library): nothing to navigate to.
    store.dispatch({ type: 'local.start', runId, mode: of.mode, prompt: of.prompt, look: of.look, at: deps.now().getTime(), variationOf: of.mediaId });
    store.dispatch({ type: 'local.navigated', runId });
    return submitThenFollow(run, signal, async () => {
      const answer = await deps.api.submitVariation({ variationOf: of.mediaId, runId: runId as RunId }, signal);
      store.dispatch({ type: 'local.accepted', runId, cost: answer.cost, balance: answer.balance });
    });
  }

  /** The submit's refusals (credits: no card, the notice says why), then the run followed to its end. */
  async function submitThenFollow(run: Run, signal: AbortSignal, submit: () => Promise<void>): Promise<GenerateOutcome> {
    try {
      await submit();
    } catch (error) {
      if (signal.aborted || isAbortError(error)) return { status: 'cancelled', runId: run.runId };
      const short = shortfallOf(error);
      if (short) {
        // The server refused it for credits: no card, nothing charged, the notice says why.
        const wasCurrent = context.isCurrent(run.runId);
        store.dispatch({ type: 'local.refused', runId: run.runId });
        context.release(run.runId);
        if (wasCurrent) context.toast('error', noCreditsNotice(run.look, short.required, short.available));
        else staleEnd(context, error);
        return { status: 'insufficient', ...short };
      }
      return failRun(context, run, error);
    }
    return follow(run, signal);
  }

  async function follow(run: Run, signal: AbortSignal): Promise<GenerateOutcome> {
    try {
      const card = await followRun({
        runId: run.runId,
        api: deps.api,
        timers: deps.timers,
        signal,
        isCurrent: () => context.isCurrent(run.runId),
        getUserId: deps.getUserId,
        stream: deps.stream ?? null,
        store,
      });
      if (card === null) return { status: 'stale', runId: run.runId };
      return finishRun(context, run, card);
    } catch (error) {
      if (signal.aborted || isAbortError(error)) return { status: 'cancelled', runId: run.runId };
      return failRun(context, run, error);
    }
  }

  async function cancelRun(runId: string): Promise<boolean> {
    store.dispatch({ type: 'local.cancel', runId });
    try {
      const answer = await deps.api.cancelRun(runId);
      // It had just finished: the card stays "Canceling…" until its done event (or the poll)
      // says "Finished before it could be canceled · N credits charged".
      if (answer.status === 'finished') return false;
      // 'canceled': ended now; 'canceling': its run.canceled (or done) event ends it.
      if (answer.status === 'canceled') store.dispatch({ type: 'event', event: { type: 'run.canceled', runId, refunded: answer.refunded, balance: answer.balance } });
      else store.dispatch({ type: 'local.balance', balance: answer.balance });
      return true;
    } catch (error) {
      const card = store.get().runs[runId];
      if (card && !isTerminal(card)) {
        store.dispatch({ type: 'local.cancel-refused', runId });
        context.toast('error', { title: 'Could not cancel', message: errorText(error) || 'Try again' });
      }
      return false;
    }
  }

  async function retryRun(runId: string): Promise<GenerateOutcome> {
    const before = store.get().runs[runId];
    try {
      await deps.api.retryRun(runId);
    } catch (error) {
      const message = errorText(error) || 'Try again';
      context.toast('error', { title: 'Could not try again', message });
      return { status: 'failed', runId, error: message };
    }
    const mode: ClientMode = before?.mode ?? 'custom';
    const controller = new AbortController();
    current = { runId, controller };
    store.dispatch({ type: 'local.retry', runId, at: deps.now().getTime() });
    const run: Run = {
      runId,
      mode,
      look: before?.look ?? null,
      request: { mode, ...(before?.prompt ? { prompt: before.prompt } : {}) } as Run['request'],
      onOpen: deps.onOpen ?? (() => deps.navigate(destinationAfterStart(deps.isMobile()))),
    };
    return follow(run, controller.signal);
  }

  function cancel() {
    if (!current) return;
    const { runId, controller } = current;
    current = null;
    controller.abort();
    store.dispatch({ type: 'local.released', runId });
    context.announce('clear-generating-state', { runId });
  }

  async function quote(request: GenerationRequest, signal?: AbortSignal): Promise<QuoteAnswer | null> {
    if (!isCompleteRequest(request)) return null;
    const answer = await deps.api.quote(request, signal);
    store.dispatch({ type: 'local.balance', balance: answer.balance });
    return answer;
  }

  async function quoteVariation(mediaId: string, signal?: AbortSignal): Promise<QuoteAnswer> {
    const answer = await deps.api.quoteVariation(mediaId, signal);
    store.dispatch({ type: 'local.balance', balance: answer.balance });
    return answer;
  }

  return {
    generate,
    generateVariation,
    quote,
    quoteVariation,
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
