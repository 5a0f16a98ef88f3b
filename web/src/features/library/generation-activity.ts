import { useSyncExternalStore } from 'react';
import { MEDIA_EVENTS, promptOf, runIdOf } from './media-events';

/**
 * Whether a generation is running, followed from the engine's window events from the start of
 * the app: a generation starts on / and the gallery or profile opens right after, so they must
 * learn of a run that began before they mounted.
 */
export interface ActiveRun {
  key: string;
  runId: string | null;
  prompt: string | null;
  startedAt: number;
}

export interface GenerationActivity {
  runs: readonly ActiveRun[];
}

/** A run that never reports back is forgotten after the engine's polling limit (72 × 5 s) and a margin. */
const FORGET_AFTER_MS = 7 * 60 * 1000;

let state: GenerationActivity = { runs: [] };
const listeners = new Set<() => void>();
let installed = 0;
let sequence = 0;

function setRuns(runs: readonly ActiveRun[]): void {
  state = { runs };
  for (const listener of listeners) listener();
}

function onStart(event: Event): void {
  const runId = runIdOf(event);
  if (runId && state.runs.some((run) => run.runId === runId)) return;
  sequence += 1;
  const run: ActiveRun = { key: runId ?? `run-${sequence}`, runId, prompt: promptOf(event), startedAt: Date.now() };
  setRuns([...state.runs.filter((r) => Date.now() - r.startedAt < FORGET_AFTER_MS), run]);
}

/** A finished run: the one it names, else the oldest. */
function onFinish(event: Event): void {
  if (state.runs.length === 0) return;
  const runId = runIdOf(event);
  const index = runId ? state.runs.findIndex((run) => run.runId === runId) : -1;
  const drop = index >= 0 ? index : 0;
  setRuns(state.runs.filter((_, i) => i !== drop));
}

function onClear(): void {
  if (state.runs.length > 0) setRuns([]);
}

/** Starts following the engine's events (idempotent); returns a function that stops. */
export function startGenerationActivity(): () => void {
  installed += 1;
  if (installed === 1) {
    window.addEventListener(MEDIA_EVENTS.generationStart, onStart);
    window.addEventListener(MEDIA_EVENTS.generationDone, onFinish);
    window.addEventListener(MEDIA_EVENTS.generationError, onFinish);
    window.addEventListener(MEDIA_EVENTS.clearGenerating, onClear);
  }
  return () => {
    installed -= 1;
    if (installed > 0) return;
    window.removeEventListener(MEDIA_EVENTS.generationStart, onStart);
    window.removeEventListener(MEDIA_EVENTS.generationDone, onFinish);
    window.removeEventListener(MEDIA_EVENTS.generationError, onFinish);
    window.removeEventListener(MEDIA_EVENTS.clearGenerating, onClear);
  };
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  const stop = startGenerationActivity();
  return () => {
    listeners.delete(listener);
    stop();
  };
}

function snapshot(): GenerationActivity {
  return state;
}

export function useGenerationActivity(): GenerationActivity {
  return useSyncExternalStore(subscribe, snapshot, snapshot);
}
