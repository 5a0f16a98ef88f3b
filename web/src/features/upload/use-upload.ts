import { useCallback, useRef, useState, useSyncExternalStore } from 'react';
import { getUploadManager, type ManagedUploadOptions, type UploadManager, type UploadStatus } from './upload-manager';
import type { UploadInput, UploadResult } from './upload-types';

export interface UseUpload {
  /** Uploads and resolves with the result; this hook then reports that upload's progress. */
  upload(input: UploadInput, options?: ManagedUploadOptions): Promise<UploadResult>;
  /** Cancels this hook's current upload. */
  cancel(): void;
  /** Cancels and forgets every upload of the manager. */
  clearAll(): void;
  progress: number;
  status: UploadStatus;
  error: string | null;
}

/** The upload of one screen (spec 1 §4): progress, status and error of its latest upload. */
export function useUpload(manager: UploadManager = getUploadManager()): UseUpload {
  const state = useSyncExternalStore(manager.subscribe, manager.getState, manager.getState);
  const [shownId, setShownId] = useState<string | null>(null);
  const currentId = useRef<string | null>(null);
  const current = shownId ? state.uploads.find((entry) => entry.id === shownId) : undefined;

  const upload = useCallback(
    (input: UploadInput, options?: ManagedUploadOptions) => {
      const started = manager.start(input, options);
      currentId.current = started.id;
      setShownId(started.id);
      return started.promise;
    },
    [manager],
  );
  const cancel = useCallback(() => {
    if (currentId.current) manager.cancel(currentId.current);
  }, [manager]);
  const clearAll = useCallback(() => {
    manager.clearAll();
    currentId.current = null;
    setShownId(null);
  }, [manager]);

  return {
    upload,
    cancel,
    clearAll,
    progress: current?.progress ?? 0,
    status: current?.status ?? 'idle',
    error: current?.error ?? null,
  };
}
