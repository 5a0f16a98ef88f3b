import { getAuthState } from '../../state/auth-store';
import { getUploadManager, type UploadManager } from '../upload/upload-manager';
import { toastNotifier } from '../upload/upload-notifier';
import { systemTimers } from '../upload/scheduler';
import { isMobileDevice } from './device';
import { createGenerationApi } from './generation-api';
import { createGenerationEngine, type GenerationEngine, type GenerationEngineDeps } from './generation-engine';
import type { GenerateOptions, GenerateOutcome, GenerationRequest, GenerationState } from './generation-types';
import { createIntentQueue, type IntentQueue } from './intent-queue';
import { createRunId } from './run-id';
import { getWeeklyPresetsState } from './weekly-presets-store';

/**
 * The app's generation engine and intent queue, created on first use and importable without
 * React: the home screen, the profile and the profile button read the same state.
 */

/** Without a router at hand: a history push that React Router (listening to popstate) follows. */
function historyNavigate(path: string): void {
  if (typeof window === 'undefined') return;
  window.history.pushState({}, '', path);
  window.dispatchEvent(new PopStateEvent('popstate', { state: {} }));
}

export function defaultGenerationDeps(): GenerationEngineDeps {
  return {
    api: createGenerationApi(),
    events: typeof window !== 'undefined' ? window : new EventTarget(),
    notifier: toastNotifier,
    timers: systemTimers,
    createRunId,
    isSignedIn: () => getAuthState().isAuthenticated,
    getUserId: () => getAuthState().user?.id ?? null,
    isMobile: () => isMobileDevice(),
    navigate: historyNavigate,
    getWeeklyPresets: () => getWeeklyPresetsState().presets,
    now: () => new Date(),
  };
}

let engine: GenerationEngine | null = null;
let intentQueue: IntentQueue | null = null;

export function getGenerationEngine(): GenerationEngine {
  engine ??= createGenerationEngine(defaultGenerationDeps());
  return engine;
}

/** Wires app-wide dependencies once (e.g. the router's navigate, the viewer's onOpen). */
export function configureGeneration(patch: Partial<GenerationEngineDeps>): void {
  getGenerationEngine().configure(patch);
}

export function getGenerationState(): GenerationState {
  return getGenerationEngine().getState();
}

export function subscribeGeneration(listener: () => void): () => void {
  return getGenerationEngine().subscribe(listener);
}

export function generate(request: GenerationRequest, options?: GenerateOptions): Promise<GenerateOutcome> {
  return getGenerationEngine().generate(request, options);
}

export function cancelGeneration(): void {
  getGenerationEngine().cancel();
}

/**
 * Lets the queue follow the engine (isGenerating) and the uploads (isUploading); queued intents
 * run on the engine. Returns the function that stops following.
 */
export function connectIntentQueue(
  queue: IntentQueue,
  generation: Pick<GenerationEngine, 'getState' | 'subscribe'>,
  uploads: Pick<UploadManager, 'getState' | 'subscribe'>,
): () => void {
  queue.setGenerating(generation.getState().isGenerating);
  queue.setUploading(uploads.getState().isUploading);
  const stopGeneration = generation.subscribe(() => queue.setGenerating(generation.getState().isGenerating));
  const stopUploads = uploads.subscribe(() => queue.setUploading(uploads.getState().isUploading));
  return () => {
    stopGeneration();
    stopUploads();
  };
}

/** The app's intent queue: follows the upload manager and the engine, runs intents on the engine. */
export function getIntentQueue(): IntentQueue {
  if (intentQueue) return intentQueue;
  const generation = getGenerationEngine();
  const queue = createIntentQueue({
    // Deferred, so that a run that ends and the queued one that starts do not interleave.
    run: (intent, options) => queueMicrotask(() => void generation.generate(intent, options)),
    notifier: toastNotifier,
  });
  connectIntentQueue(queue, generation, getUploadManager());
  intentQueue = queue;
  return queue;
}
