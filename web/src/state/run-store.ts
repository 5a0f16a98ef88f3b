import type { ClientMode } from '@app/shared';
import type { RunMedia } from '@app/shared/api/media';
import { useMemo } from 'react';
import { createStore, type Store, useStore } from '../lib/create-store';

/**
 * The one state of a person's runs, keyed by run id. The stream's events and the poll's answers
 * both arrive here as the shared `RunEvent`s; the engine adds what only this browser knows (a
 * run it started, a cancel it asked for, a retry, a submit the server refused). One pure reducer
 * makes every change; the engine, the cards, the Creating overlay, the library and the profile
 * button all read the same store.
 */

export type RunPhase = 'starting' | 'queued' | 'generating' | 'checking' | 'videos' | 'canceling' | 'done' | 'failed' | 'canceled';

export interface RunCard {
  runId: string;
  mode: ClientMode | null;
  prompt: string | null;
  /** The look's name, shown on the card while it runs ('The Syndicate', 'Story Time'). */
  look: string | null;
  /** The item a variation is a new take of (the viewer showing it shows the run's progress). */
  variationOf: string | null;
  startedAt: number;
  phase: RunPhase;
  /** Queue: jobs ahead, and the server's estimate with when it was heard (the card counts it down). */
  position: number | null;
  etaSeconds: number | null;
  etaAt: number | null;
  provider: string | null;
  attempt: { n: number; of: number; score: number | null; threshold: number | null } | null;
  videos: { done: number; total: number } | null;
  /** The phase before a cancel was asked for (a refused cancel goes back to it). */
  beforeCancel: RunPhase | null;
  /** A cancel was asked for in this round (a run that finishes anyway says so). */
  cancelRequested: boolean;
  error: string | null;
  refunded: number;
  /** What the run was charged (the 202's `cost`). */
  cost: number | null;
  /** What the run finally cost (run.done's `charged`: reserved − refunded). */
  charged: number | null;
  media: RunMedia | null;
  /** 1, then +1 on every retry: each round has one outcome. */
  round: number;
  /** The stream position of the last event applied (older or repeated ones are dropped). */
  lastEventId: string | null;
}

export interface RunsState {
  runs: Readonly<Record<string, RunCard>>;
  /** Run ids, newest first. */
  order: readonly string[];
  /** The run the engine follows now (null: none): the profile button's spinner, Generate's state. */
  current: string | null;
  /** The start spinner: from the start for 1 s. */
  navigating: boolean;
  /** The last balance the server told (202, quote, 402, events, cancel); null: none yet. */
  balance: number | null;
}

export const TERMINAL: ReadonlySet<RunPhase> = new Set(['done', 'failed', 'canceled']);

export function isTerminal(card: Pick<RunCard, 'phase'> | null | undefined): boolean {
  return !!card && TERMINAL.has(card.phase);
}

export const INITIAL_RUNS: RunsState = { runs: {}, order: [], current: null, navigating: false, balance: null };

/** The app's one store of runs. */
export const runStore: Store<RunsState> = createStore<RunsState>(INITIAL_RUNS);

export function useRuns<S>(select: (state: RunsState) => S, store: Store<RunsState> = runStore): S {
  return useStore(store, select);
}

/** The newest run still going that makes a variation of `mediaId`, or null. */
export function useRunningVariationOf(mediaId: string): RunCard | null {
  const runId = useRuns((state) => state.order.find((id) => state.runs[id]?.variationOf === mediaId && !isTerminal(state.runs[id])) ?? null);
  return useRunCard(runId);
}

export function useRunCard(runId: string | null | undefined): RunCard | null {
  return useStore(runStore, (state) => (runId ? (state.runs[runId] ?? null) : null));
}

/** Whether a run the engine follows is going (the profile button's spinner ring, Generate). */
export function useIsGenerating(): boolean {
  return useStore(runStore, (state) => state.current !== null);
}

/** Every run this browser knows, newest first. */
export function useRunList(): readonly RunCard[] {
  const runs = useStore(runStore, (state) => state.runs);
  const order = useStore(runStore, (state) => state.order);
  return useMemo(() => order.flatMap((id) => (runs[id] ? [runs[id]] : [])), [runs, order]);
}

/**
 * Whether this browser started the run (it knows its mode, prompt and look). Runs heard of only
 * through the stream (started elsewhere) show once the server lists them.
 */
export function startedHere(card: Pick<RunCard, 'mode'>): boolean {
  return card.mode !== null;
}

/** The runs started here and not yet ended, newest first (the Creating overlay). */
export function useActiveRuns(): readonly RunCard[] {
  const runs = useStore(runStore, (state) => state.runs);
  const order = useStore(runStore, (state) => state.order);
  return useMemo(() => order.map((id) => runs[id]!).filter((card) => card && startedHere(card) && !isTerminal(card)), [runs, order]);
}


