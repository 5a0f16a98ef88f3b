import {
  type ClientMode,
  errorText,
  failedNotice,
  IDENTITY_CHECK_FAILED_NOTICE,
  MEDIA_READY_NOTICE,
  type Notice,
  PREFLIGHT_MIN_CREDITS,
  type WeeklyPreset,
} from '@app/shared';
import { paths } from '../../config/paths';
import { isAbortError, sleep, type TimerHandle, type Timers } from '../upload/scheduler';
import type { Notifier } from '../upload/upload-notifier';
import { destinationAfterStart } from './device';
import { dispatchErrorNotice, failedRunNotice, InsufficientCreditsError, isInsufficientCredits } from './error-notices';
import type { GenerationApi } from './generation-api';
import { emitGenerationEvent, type GenerationEventDetails, type GenerationEventName } from './generation-events';
import { createGenerationStore, type GenerationStore } from './generation-store';
import {
  POST_START_CLEANUP_MS,
  PRE_NAVIGATION_DELAY_MS,
  REFRESH_AFTER_COMPLETION_MS,
  STATE_REFRESH_AFTER_FAILURE_MS,
  STATE_REFRESH_AFTER_SUCCESS_MS,
} from './generation-timing';
import type {
  GenerateOptions,
  GenerateOutcome,
  GeneratedMediaItem,
  GenerationRequest,
  GenerationRequestBody,
  GenerationResult,
  GenerationState,
} from './generation-types';
import { pollRun } from './poll-run';
import { failedResult, resultFromSubmitAnswer, toViewerItem } from './result-mapping';
import { validateGenerationRequest } from './validate-request';

/** Everything the engine talks to; all injectable (tests pass fakes and fake timers). */
export interface GenerationEngineDeps {
  api: GenerationApi;
  /** Where the events of spec 1 §4 are dispatched (window in the app). */
  events: EventTarget;
  notifier: Notifier;
  timers: Timers;
  /** A fresh run id: 8–100 of [A-Za-z0-9_-] (crypto.randomUUID in the app). */
  createRunId: () => string;
  isSignedIn: () => boolean;
  getUserId: () => string | null;
  isMobile: () => boolean;
  navigate: (path: string) => void;
  /** The loaded weekly presets (null: not loaded). */
  getWeeklyPresets: () => readonly WeeklyPreset[] | null;
  now: () => Date;
  /** The ready toast's tap; default: go where the new media shows (/gallery or /profile). */
  onOpen?: (item: GeneratedMediaItem) => void;
  /** Default: navigate to /auth. */
  onSignInRequired?: () => void;
  /** Also run at the state refresh (3 s after a success, 1 s after a failure). */
  refreshState?: () => void;
}

export interface GenerationEngine {
  /** The generate sequence of spec 1 §4; resolves when the run ends (or is refused). */
  generate(request: GenerationRequest, options?: GenerateOptions): Promise<GenerateOutcome>;
  /** Stops the current run here (polling ends; the server may still finish it). */
  cancel(): void;
  getState(): GenerationState;
  subscribe(listener: () => void): () => void;
  /** Replaces dependencies (the app wires navigate, onOpen…). */
  configure(patch: Partial<GenerationEngineDeps>): void;
  /** Forgets the optimistic viewer items. */
  clearViewerItems(): void;
  /** Cancels the run and every pending timer. */
  dispose(): void;
}

interface CurrentRun {
  runId: string;
  mode: ClientMode;
  controller: AbortController;
}

export function createGenerationEngine(initialDeps: GenerationEngineDeps, store: GenerationStore = createGenerationStore()): GenerationEngine {
  let deps = initialDeps;
  let current: CurrentRun | null = null;
  const pending = new Set<TimerHandle>();

  const later = (ms: number, callback: () => void) => {
    const handle = deps.timers.setTimeout(() => {
      pending.delete(handle);
      callback();
    }, ms);
    pending.add(handle);
  };
  const emit = <K extends GenerationEventName>(name: K, detail: GenerationEventDetails[K]) =>
    emitGenerationEvent(deps.events, name, detail);
  const isCurrent = (runId: string) => current?.runId === runId;
  const toast = (kind: 'ready' | 'error', notice: Notice, onClick?: () => void) =>
    deps.notifier.show(kind, onClick ? { ...notice, onClick } : notice);

  /** Spec 1 §5: blocked below 2 credits. An unreadable quota lets the server decide. */
  async function preflight(signal: AbortSignal): Promise<void> {
    let remaining: number | null;
    try {
      remaining = await deps.api.getQuota(signal);
    } catch (error) {
      if (signal.aborted || isAbortError(error)) throw error;
      remaining = null;
    }
    if (remaining !== null && remaining < PREFLIGHT_MIN_CREDITS) throw new InsufficientCreditsError();
  }

  /** Spec 1 §4 Completion, after either outcome. */
  function afterCompletion(runId: string, success: boolean) {
    emit('clear-composer-state', { runId, reason: 'completed' });
    later(REFRESH_AFTER_COMPLETION_MS, () => {
      emit('refreshFeed', { runId });
      emit('userMediaUpdated', { runId });
      emit('refreshUserMedia', { runId });
    });
    later(success ? STATE_REFRESH_AFTER_SUCCESS_MS : STATE_REFRESH_AFTER_FAILURE_MS, () => {
      const state = store.getState();
      if (state.runId === runId && !state.isGenerating) store.update({ phase: 'idle', isNavigating: false, error: null });
      deps.refreshState?.();
    });
  }

  function finish(
    run: { runId: string; mode: ClientMode; request: GenerationRequest },
    result: GenerationResult,
    onOpen: (item: GeneratedMediaItem) => void,
  ): GenerateOutcome {
    const { runId, mode } = run;
    if (!isCurrent(runId)) {
      // A stale run's late result is ignored, except running out of credits.
      if (!result.success && isInsufficientCredits(result.error)) toast('error', failedRunNotice(result.error));
      return { status: 'stale', runId };
    }
    current = null;
    const completed = result.status === 'completed';
    store.update({
      isGenerating: false,
      phase: completed ? 'completed' : 'failed',
      lastResult: result,
      error: result.success ? null : result.error,
    });
    emit('generation:done', {
      runId,
      status: completed ? 'completed' : 'failed',
      success: result.success,
      error: completed ? null : result.error,
      resultUrl: completed ? result.outputUrl : null,
      result,
    });
    emit('clear-generating-state', { runId });

    if (completed) {
      const item = toViewerItem(result, run.request, deps.now());
      const others = store.getState().viewerItems.filter((existing) => existing.id !== item.id);
      store.update({ viewerItems: [item, ...others] });
      emit('generation-complete', { record: item, resultUrl: item.url });
      if (result.success) {
        emit('generation-success', { message: MEDIA_READY_NOTICE.title, mode, thumbUrl: item.thumbnailUrl });
        toast('ready', MEDIA_READY_NOTICE, () => onOpen(item));
      } else {
        toast('ready', IDENTITY_CHECK_FAILED_NOTICE, () => onOpen(item));
      }
    } else {
      const notice = failedRunNotice(result.error);
      emit('generation-error', { message: notice.message, mode, runId });
      toast('error', notice);
    }
    afterCompletion(runId, result.success);
    return { status: completed ? 'completed' : 'failed', runId, result };
  }

  function fail(run: { runId: string; mode: ClientMode }, error: unknown): GenerateOutcome {
    const { runId, mode } = run;
    const notice = dispatchErrorNotice(error);
    if (!isCurrent(runId)) {
      if (isInsufficientCredits(error)) toast('error', notice);
      return { status: 'stale', runId };
    }
    current = null;
    const message = errorText(error) || notice.message;
    const result = failedResult(runId, message);
    store.update({ isGenerating: false, phase: 'failed', lastResult: result, error: message });
    emit('generation:done', { runId, status: 'failed', success: false, error: message, resultUrl: null, result });
    emit('clear-generating-state', { runId });
    emit('generation-error', { message: notice.message, mode, runId });
    // A 202 / processing answer mistaken for an error is handled quietly (spec 1 §8).
    if (failedNotice(error) !== null) toast('error', notice);
    afterCompletion(runId, false);
    return { status: 'failed', runId, result };
  }

  async function dispatch(
    run: { runId: string; mode: ClientMode; request: GenerationRequest },
    body: GenerationRequestBody,
    signal: AbortSignal,
    onOpen: (item: GeneratedMediaItem) => void,
  ): Promise<GenerateOutcome> {
    const { runId } = run;
    try {
      await preflight(signal);
      const answer = await deps.api.submit(body, signal);
      if (isCurrent(runId)) store.update({ jobId: answer.jobId ?? answer.runId ?? runId });
      const result =
        resultFromSubmitAnswer(answer, runId) ??
        (await pollRun({
          runId,
          api: deps.api,
          timers: deps.timers,
          signal,
          isCurrent: () => isCurrent(runId),
          getUserId: deps.getUserId,
        }));
      if (result === null) return { status: 'stale', runId };
      return finish(run, result, onOpen);
    } catch (error) {
      if (signal.aborted || isAbortError(error)) return { status: 'cancelled', runId };
      return fail(run, error);
    }
  }

  async function generate(request: GenerationRequest, options: GenerateOptions = {}): Promise<GenerateOutcome> {
    const navigate = options.navigate ?? deps.navigate;
    if (!deps.isSignedIn()) {
      (options.onSignInRequired ?? deps.onSignInRequired ?? (() => navigate(paths.auth.getHref())))();
      return { status: 'signed-out' };
    }
    const checked = validateGenerationRequest(request, { weeklyPresets: deps.getWeeklyPresets() });
    if (!checked.ok) {
      if (checked.notice) toast('error', checked.notice);
      return { status: 'invalid', reason: checked.reason, message: checked.message };
    }

    const destination = destinationAfterStart(deps.isMobile());
    const onOpen = options.onOpen ?? deps.onOpen ?? (() => navigate(destination));
    const runId = deps.createRunId();
    const userId = deps.getUserId();
    const mode = checked.mode;
    const body: GenerationRequestBody = { ...checked.request, runId, ...(userId ? { userId } : {}) };
    const controller = new AbortController();
    // An earlier run is not aborted: it goes stale, and only its credit error is still shown.
    current = { runId, mode, controller };

    store.update({ isGenerating: true, isNavigating: true, phase: 'processing', runId, jobId: null, mode, error: null });
    const prompt = (mode === 'edit' ? checked.request.editPrompt : checked.request.prompt) ?? null;
    emit('generation:start', { runId, mode, prompt });
    emit('close-composer', { runId });
    try {
      await sleep(PRE_NAVIGATION_DELAY_MS, { timers: deps.timers, signal: controller.signal });
    } catch {
      return { status: 'cancelled', runId };
    }
    navigate(destination);
    later(POST_START_CLEANUP_MS, () => {
      if (store.getState().runId === runId) store.update({ isNavigating: false });
      emit('clear-composer-state', { runId, reason: 'started' });
      emit('reset-hidden-uploader', { runId });
    });
    return dispatch({ runId, mode, request: checked.request }, body, controller.signal, onOpen);
  }

  function cancel() {
    if (!current) return;
    const { runId, controller } = current;
    current = null;
    controller.abort();
    store.update({ isGenerating: false, isNavigating: false, phase: 'idle', error: null });
    emit('clear-generating-state', { runId });
  }

  return {
    generate,
    cancel,
    getState: store.getState,
    subscribe: store.subscribe,
    configure: (patch) => {
      deps = { ...deps, ...patch };
    },
    clearViewerItems: () => store.update({ viewerItems: [] }),
    dispose: () => {
      cancel();
      for (const handle of pending) deps.timers.clearTimeout(handle);
      pending.clear();
    },
  };
}
