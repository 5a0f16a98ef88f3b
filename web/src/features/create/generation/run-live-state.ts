import type { RunEvent } from '@app/shared/api/runs';
import { createStore, useStore } from '../../../lib/create-store';

/**
 * What the event stream says about each run, by run id: where it waits, what it does, how it
 * ended. The engine writes it (stream events, cancel, retry); the processing cards read it.
 */
export type LiveRun =
  | { phase: 'queued'; position: number; etaSeconds: number | null }
  | { phase: 'generating'; provider: string | null }
  | { phase: 'checking'; attempt: number; of: number; score: number | null; threshold: number | null }
  | { phase: 'videos'; done: number; total: number }
  | { phase: 'canceling' }
  | { phase: 'done' }
  | { phase: 'failed'; error: string; refunded: number }
  | { phase: 'canceled'; refunded: number };

export type LiveRuns = Readonly<Record<string, LiveRun>>;

/** The state after one event of the stream (events of other kinds leave it as it is). */
export function liveRunAfter(event: RunEvent): LiveRun {
  switch (event.type) {
    case 'run.queued':
      return { phase: 'queued', position: event.position, etaSeconds: event.etaSeconds };
    case 'run.started':
      return { phase: 'generating', provider: event.provider };
    case 'run.attempt':
      return { phase: 'checking', attempt: event.attempt, of: event.of, score: event.identityScore ?? null, threshold: event.threshold ?? null };
    case 'run.video':
      return { phase: 'videos', done: event.done, total: event.total };
    case 'run.done':
      return { phase: 'done' };
    case 'run.failed':
      return { phase: 'failed', error: event.error, refunded: event.refunded };
    case 'run.canceled':
      return { phase: 'canceled', refunded: event.refunded };
  }
}

const ENDED: ReadonlySet<LiveRun['phase']> = new Set(['done', 'failed', 'canceled']);

export function isEnded(live: LiveRun | null | undefined): boolean {
  return live !== null && live !== undefined && ENDED.has(live.phase);
}

/** "about 40 s", "about 2 min". */
export function etaText(seconds: number): string {
  if (seconds < 90) return `about ${Math.max(5, Math.round(seconds / 5) * 5)} s`;
  return `about ${Math.round(seconds / 60)} min`;
}

const credits = (n: number) => `${n} ${n === 1 ? 'credit' : 'credits'}`;

/** The card's line: "In queue · 3 ahead · about 40 s", "Checking likeness 2/3 (0.71, needs 0.75)"… */
export function liveRunText(live: LiveRun): string {
  switch (live.phase) {
    case 'queued': {
      const parts = ['In queue', live.position === 0 ? 'next' : `${live.position} ahead`];
      if (live.etaSeconds !== null) parts.push(etaText(live.etaSeconds));
      return parts.join(' · ');
    }
    case 'generating':
      return 'Generating';
    case 'checking': {
      const base = `Checking likeness ${live.attempt}/${live.of}`;
      if (live.score === null) return base;
      return live.threshold === null ? `${base} (${live.score.toFixed(2)})` : `${base} (${live.score.toFixed(2)}, needs ${live.threshold.toFixed(2)})`;
    }
    case 'videos':
      return `Making videos ${live.done}/${live.total}`;
    case 'canceling':
      return 'Canceling…';
    case 'done':
      return 'Done';
    case 'failed':
      return live.refunded > 0 ? `${live.error} · ${credits(live.refunded)} refunded` : live.error;
    case 'canceled':
      return live.refunded > 0 ? `Canceled · ${credits(live.refunded)} refunded` : 'Canceled';
  }
}

/** Whether the run can still be canceled from its card. */
export function isCancelable(live: LiveRun | null | undefined): boolean {
  return !live || !(isEnded(live) || live.phase === 'canceling');
}

export const runLiveState = createStore<LiveRuns>({});

export function setLiveRun(runId: string, live: LiveRun, store = runLiveState): void {
  store.set((runs) => ({ ...runs, [runId]: live }));
}

export function applyRunEvent(event: RunEvent, store = runLiveState): void {
  const previous = store.get()[event.runId];
  // A late progress event never reopens a run that ended (events of a retry start with run.queued).
  if (isEnded(previous) && !ENDED.has(liveRunAfter(event).phase) && event.type !== 'run.queued') return;
  setLiveRun(event.runId, liveRunAfter(event), store);
}

export function forgetLiveRun(runId: string, store = runLiveState): void {
  store.set((runs) => {
    if (!(runId in runs)) return runs;
    const next = { ...runs };
    delete next[runId];
    return next;
  });
}

/** The live state of one run (null: nothing heard yet, or no stream). */
export function useLiveRun(runId: string | null | undefined): LiveRun | null {
  return useStore(runLiveState, (runs) => (runId ? (runs[runId] ?? null) : null));
}
