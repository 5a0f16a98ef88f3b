import { getAuthState } from '../../state/auth-store';
import { createRunStore } from '../../state/run-reducer';
import { runStore } from '../../state/run-store';
import { systemTimers } from '../../lib/scheduler';
import { prefetchLibrary } from '../library';
import { getUploadManager, type UploadManager } from '../upload';
import { toastNotifier } from '../../components/toast/toast-notifier';
import { isMobileDevice } from '../../lib/is-mobile-device';
import { createGenerationApi } from './generation-api';
import { sharedRunEventStream, type RunEventStream } from '../../api/run-event-stream';
import { createGenerationEngine, type GenerationEngine, type GenerationEngineDeps } from './generation-engine';
import { createIntentQueue, type IntentQueue } from './intent-queue';
import { followWiredGenerationDeps, wiredGenerationDeps } from './wired-deps';
import { createRunId } from './run-id';
import { appPriceContext, priceGeneration } from './price-generation';
import type { GenerationRequest } from './generation-types';

/**
 * The app's generation engine and intent queue, created on first use and importable without
 * React. The engine writes `state/run-store` (the one state of every run, by run id); the
 * app wires query invalidation and the weekly presets, and the composer how to close and clear
 * it (`wireGenerationDeps`, usually before this code loads).
 */

/** Without a router at hand: a history push that React Router (listening to popstate) follows. */
function historyNavigate(path: string): void {
  if (typeof window === 'undefined') return;
  window.history.pushState({}, '', path);
  window.dispatchEvent(new PopStateEvent('popstate', { state: {} }));
}

/** The run events over EventSource where the browser has it (the page's one stream, the bell's too); else null (the spec's polling). */
function defaultRunStream(): RunEventStream | null {
  return sharedRunEventStream();
}

export function defaultGenerationDeps(): GenerationEngineDeps {
  return {
    stream: defaultRunStream(),
    api: createGenerationApi(),
    events: typeof window !== 'undefined' ? window : new EventTarget(),
    notifier: toastNotifier,
    timers: systemTimers,
    createRunId,
    isSignedIn: () => getAuthState().isAuthenticated,
    getUserId: () => getAuthState().user?.id ?? null,
    isMobile: () => isMobileDevice(),
    navigate: historyNavigate,
    getWeeklyPresets: () => null,
    now: () => new Date(),
  };
}

let engine: GenerationEngine | null = null;
let intentQueue: IntentQueue | null = null;

/** The engine, made on first use with what was wired (`wireGenerationDeps`: the app's query invalidation and weekly presets, the composer). */
export function getGenerationEngine(): GenerationEngine {
  if (engine) return engine;
  engine = createGenerationEngine({ ...defaultGenerationDeps(), ...wiredGenerationDeps() }, createRunStore(Date.now, runStore));
  followWiredGenerationDeps(engine);
  return engine;
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
  queue.setGenerating(generation.getState().current !== null);
  queue.setUploading(uploads.getState().isUploading);
  const stopGeneration = generation.subscribe(() => queue.setGenerating(generation.getState().current !== null));
  const stopUploads = uploads.subscribe(() => queue.setUploading(uploads.getState().isUploading));
  return () => {
    stopGeneration();
    stopUploads();
  };
}

/** What the composer's controls show before they spend (loaded with the engine): see priceGeneration. */
export function priceRequest(request: GenerationRequest, known: { balance: number | null; what: string }, signal?: AbortSignal) {
  const made = getGenerationEngine();
  const context = appPriceContext(made.quote);
  return priceGeneration(context, request, known, signal);
}

/**
 * A run started here lands in the library: its list is asked for as the engine gets ready (the
 * composer opened or holds a photo; nothing is asked while it is fresh), so the earlier creations
 * are on screen beside the run's card from the first paint, however slow the list is then.
 */
export function warmLibrary(): void {
  const { queryClient } = wiredGenerationDeps();
  const userId = getAuthState().user?.id;
  if (queryClient && userId) void prefetchLibrary(queryClient, userId);
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
