import type { ClientMode } from '@app/shared';
import { useMemo } from 'react';
import { createStore, useStore } from '../lib/create-store';

/** The run the engine follows now (a generation starts on / and the gallery or profile open right after). */
export interface RunningGeneration {
  /** A stable key for lists (the run id). */
  key: string;
  runId: string;
  mode: ClientMode;
  prompt: string | null;
  startedAt: number;
}

export type GenerationPhase = 'idle' | 'processing' | 'completed' | 'failed';

/**
 * The one truth of "which run is running", written by the generation engine only and read by
 * the profile button's spinner ring, the gallery's Creating overlay and the composer.
 */
export interface GenerationStatus {
  /** From the start of a run until its completion (or failure, or cancel). */
  isGenerating: boolean;
  /** The start spinner: from the start for 1 s (Generate is disabled meanwhile). */
  isNavigating: boolean;
  /** Back to idle 3 s after a success, 1 s after a failure. */
  phase: GenerationPhase;
  runId: string | null;
  jobId: string | null;
  mode: ClientMode | null;
  error: string | null;
  running: RunningGeneration | null;
  /** The run that ended last and how (a failed one leaves a stand-in card in the gallery). */
  lastFinished: { run: RunningGeneration; outcome: 'completed' | 'failed' | 'canceled' } | null;
}

export const INITIAL_GENERATION_STATUS: GenerationStatus = {
  isGenerating: false,
  isNavigating: false,
  phase: 'idle',
  runId: null,
  jobId: null,
  mode: null,
  error: null,
  running: null,
  lastFinished: null,
};

export type GenerationStatusStore = ReturnType<typeof createGenerationStatusStore>;

export function createGenerationStatusStore(initial: GenerationStatus = INITIAL_GENERATION_STATUS) {
  return createStore<GenerationStatus>(initial);
}

/** The app's store (the engine writes it; tests make their own). */
export const generationStatus = createGenerationStatusStore();

export function useGenerationStatus(): GenerationStatus;
export function useGenerationStatus<S>(select: (status: GenerationStatus) => S): S;
export function useGenerationStatus<S>(select?: (status: GenerationStatus) => S): GenerationStatus | S {
  return useStore(generationStatus, (select ?? ((status) => status)) as (status: GenerationStatus) => S | GenerationStatus);
}

/** The runs in flight as a list (the gallery shows one Creating card per run). */
export function useRunningGenerations(): readonly RunningGeneration[] {
  const running = useGenerationStatus((status) => status.running);
  return useMemo(() => (running ? [running] : NO_RUNS), [running]);
}

const NO_RUNS: readonly RunningGeneration[] = [];
