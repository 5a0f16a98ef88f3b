import { TOAST_DEFAULTS } from '@app/shared';
import { createStore } from '../../lib/create-store';
import type { Notifier } from '../../components/toast/toast-notifier';
import type { GenerateOptions, GenerationRequest } from './generation-types';
import { isSecureSource } from './secure-source';

/** The intent store of spec 1 §3: pending intent, sourceUrl, isUploading, isGenerating. */
export interface IntentQueueState {
  pendingIntent: GenerationRequest | null;
  sourceUrl: string | null;
  isUploading: boolean;
  isGenerating: boolean;
}

export interface IntentQueue {
  /**
   * Spec 1 §4: runs the intent now, or queues it (replacing any queued one) when there is no
   * https source (http on localhost counts), or an upload or a generation is in progress.
   */
  submit(intent: GenerationRequest, options?: GenerateOptions): 'started' | 'queued';
  /** The uploaded source (the upload's https URL); a queued intent runs once it is usable. */
  setSourceUrl(url: string | null): void;
  setUploading(isUploading: boolean): void;
  setGenerating(isGenerating: boolean): void;
  /** Drops the queued intent. */
  clear(): void;
  getState(): IntentQueueState;
  subscribe(listener: () => void): () => void;
}

export interface IntentQueueDeps {
  run: (intent: GenerationRequest, options?: GenerateOptions) => void;
  /** Shows 'Added to queue' when an intent is queued; null for none. */
  notifier?: Notifier | null;
}

export function createIntentQueue(deps: IntentQueueDeps): IntentQueue {
  const store = createStore<IntentQueueState>({ pendingIntent: null, sourceUrl: null, isUploading: false, isGenerating: false });
  let pendingOptions: GenerateOptions | undefined;
  const set = (patch: Partial<IntentQueueState>) => store.set((state) => ({ ...state, ...patch }));
  /** The intent's own source when secure, else the store's. */
  const sourceFor = (intent: GenerationRequest): string | null => {
    if (isSecureSource(intent.sourceAssetId)) return intent.sourceAssetId;
    return isSecureSource(store.get().sourceUrl) ? store.get().sourceUrl : null;
  };
  const canRun = (intent: GenerationRequest) => !!sourceFor(intent) && !store.get().isUploading && !store.get().isGenerating;
  const start = (intent: GenerationRequest, options: GenerateOptions | undefined) => {
    deps.run({ ...intent, sourceAssetId: sourceFor(intent) }, options);
  };
  const flush = () => {
    const intent = store.get().pendingIntent;
    if (!intent || !canRun(intent)) return;
    const options = pendingOptions;
    pendingOptions = undefined;
    set({ pendingIntent: null });
    start(intent, options);
  };

  return {
    submit: (intent, options) => {
      if (canRun(intent)) {
        start(intent, options);
        return 'started';
      }
      pendingOptions = options;
      set({ pendingIntent: intent });
      deps.notifier?.show('queue', TOAST_DEFAULTS.queue);
      return 'queued';
    },
    setSourceUrl: (url) => {
      if (url === store.get().sourceUrl) return;
      set({ sourceUrl: url });
      flush();
    },
    setUploading: (isUploading) => {
      if (isUploading === store.get().isUploading) return;
      set({ isUploading });
      flush();
    },
    setGenerating: (isGenerating) => {
      if (isGenerating === store.get().isGenerating) return;
      set({ isGenerating });
      flush();
    },
    clear: () => {
      pendingOptions = undefined;
      if (store.get().pendingIntent) set({ pendingIntent: null });
    },
    getState: store.get,
    subscribe: store.subscribe,
  };
}
