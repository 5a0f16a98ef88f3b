import { errorText, type Notice, UPLOAD_FAILED_NOTICE, UPLOADING_NOTICE } from '@app/shared';
import { type Notifier, toastNotifier } from '../../components/toast/toast-notifier';
import type { ToastKind } from '../../components/toast/toast-store';
import { createStore } from '../../lib/create-store';
import { isAbortError } from '../../lib/scheduler';
import type { UploadInput, UploadOptions, UploadResult } from './upload-types';

/** Spec 1 §4: 'Uploading... / Please wait...' while uploading, 'Upload failed / Please try again.' on failure. */
const UPLOAD_TOASTS = {
  uploading: { kind: 'queue', notice: UPLOADING_NOTICE },
  failed: { kind: 'error', notice: UPLOAD_FAILED_NOTICE },
} as const satisfies Record<string, { kind: ToastKind; notice: Notice }>;

export type UploadStatus = 'idle' | 'uploading' | 'done' | 'error' | 'cancelled';

/** One upload as the manager tracks it. */
export interface UploadEntry {
  id: string;
  status: Exclude<UploadStatus, 'idle'>;
  /** The simulated progress, 0–100. */
  progress: number;
  error: string | null;
  result: UploadResult | null;
}

export interface UploadManagerState {
  uploads: readonly UploadEntry[];
  /** Whether any upload is in flight (the intent queue waits for it). */
  isUploading: boolean;
}

export interface StartedUpload {
  id: string;
  /** The result; rejects with the error, or with an AbortError when cancelled. */
  promise: Promise<UploadResult>;
}

export type ManagedUploadOptions = Omit<UploadOptions, 'signal'> & {
  /** Aborting it cancels this upload, like `cancel(id)`. */
  signal?: AbortSignal;
  /** No 'Uploading...' / 'Upload failed' toasts for this one. */
  silent?: boolean;
};

export interface UploadManager {
  start(input: UploadInput, options?: ManagedUploadOptions): StartedUpload;
  /** `start(...).promise`. */
  upload(input: UploadInput, options?: ManagedUploadOptions): Promise<UploadResult>;
  /** Cancels one upload (its promise rejects with an AbortError). */
  cancel(id: string): void;
  /** Cancels every upload in flight and forgets all of them. */
  clearAll(): void;
  /** Forgets a finished upload. */
  remove(id: string): void;
  getState(): UploadManagerState;
  subscribe(listener: () => void): () => void;
}

export interface UploadManagerDeps {
  upload: (input: UploadInput, options: UploadOptions) => Promise<UploadResult>;
  notifier: Notifier;
  createId: () => string;
}

let counter = 0;

/** The transport (file checks, retries, the media cloud's calls) loads with the first upload, not with the home screen. */
const uploadOnDemand: UploadManagerDeps['upload'] = (input, options) =>
  import('./upload-to-media-cloud').then(({ uploadToMediaCloud }) => uploadToMediaCloud(input, options));

/** Tracks uploads (status, simulated progress, error) and cancels them with AbortControllers. */
export function createUploadManager(overrides: Partial<UploadManagerDeps> = {}): UploadManager {
  const deps: UploadManagerDeps = {
    upload: uploadOnDemand,
    notifier: toastNotifier,
    createId: () => `upload-${Date.now().toString(36)}-${(counter += 1)}`,
    ...overrides,
  };
  const store = createStore<UploadManagerState>({ uploads: [], isUploading: false });
  const controllers = new Map<string, AbortController>();

  const setUploads = (uploads: readonly UploadEntry[]) =>
    store.set({ uploads, isUploading: uploads.some((entry) => entry.status === 'uploading') });
  const patch = (id: string, change: Partial<UploadEntry>) => {
    if (!store.get().uploads.some((entry) => entry.id === id)) return;
    setUploads(store.get().uploads.map((entry) => (entry.id === id ? { ...entry, ...change } : entry)));
  };
  const isLive = (id: string) => store.get().uploads.some((entry) => entry.id === id && entry.status === 'uploading');

  const start = (input: UploadInput, options: ManagedUploadOptions = {}): StartedUpload => {
    const id = deps.createId();
    const controller = new AbortController();
    controllers.set(id, controller);
    const outer = options.signal;
    if (outer?.aborted) controller.abort(outer.reason);
    else outer?.addEventListener('abort', () => controller.abort(outer.reason), { once: true });

    setUploads([...store.get().uploads, { id, status: 'uploading', progress: 0, error: null, result: null }]);
    // 'Uploading... / Please wait...' stays only while the upload runs.
    const dismissUploading = options.silent ? undefined : deps.notifier.show(UPLOAD_TOASTS.uploading.kind, UPLOAD_TOASTS.uploading.notice);

    const { silent, signal: _signal, onProgress, ...rest } = options;
    const promise = deps
      .upload(input, {
        ...rest,
        signal: controller.signal,
        onProgress: (percent) => {
          if (isLive(id)) patch(id, { progress: percent });
          onProgress?.(percent);
        },
      })
      .then(
        (result) => {
          dismissUploading?.();
          controllers.delete(id);
          patch(id, { status: 'done', progress: 100, result });
          return result;
        },
        (error: unknown) => {
          dismissUploading?.();
          controllers.delete(id);
          if (controller.signal.aborted || isAbortError(error)) {
            patch(id, { status: 'cancelled' });
          } else {
            patch(id, { status: 'error', error: errorText(error) || 'Upload failed' });
            if (!silent) deps.notifier.show(UPLOAD_TOASTS.failed.kind, UPLOAD_TOASTS.failed.notice);
          }
          throw error;
        },
      );
    return { id, promise };
  };

  return {
    start,
    upload: (input, options) => start(input, options).promise,
    cancel: (id) => {
      controllers.get(id)?.abort();
      controllers.delete(id);
      if (isLive(id)) patch(id, { status: 'cancelled' });
    },
    clearAll: () => {
      for (const controller of controllers.values()) controller.abort();
      controllers.clear();
      setUploads([]);
    },
    remove: (id) => {
      if (isLive(id)) return;
      setUploads(store.get().uploads.filter((entry) => entry.id !== id));
    },
    getState: store.get,
    subscribe: store.subscribe,
  };
}

let shared: UploadManager | null = null;

/** The app's upload manager (created on first use). */
export function getUploadManager(): UploadManager {
  shared ??= createUploadManager();
  return shared;
}
