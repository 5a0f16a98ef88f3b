import type { GenerationState } from './generation-types';

export const INITIAL_GENERATION_STATE: GenerationState = {
  isGenerating: false,
  isNavigating: false,
  phase: 'idle',
  runId: null,
  jobId: null,
  mode: null,
  lastResult: null,
  error: null,
  viewerItems: [],
};

/** A tiny external store (for `useSyncExternalStore`, or plain subscribers without React). */
export interface GenerationStore {
  getState(): GenerationState;
  subscribe(listener: () => void): () => void;
  update(patch: Partial<GenerationState>): void;
}

export function createGenerationStore(initial: GenerationState = INITIAL_GENERATION_STATE): GenerationStore {
  let state = initial;
  const listeners = new Set<() => void>();
  return {
    getState: () => state,
    subscribe: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    update: (patch) => {
      state = { ...state, ...patch };
      for (const listener of [...listeners]) listener();
    },
  };
}
