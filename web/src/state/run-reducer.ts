import type { ClientMode } from '@app/shared';
import type { RunEvent } from '@app/shared/api/runs';
import { createStore, type Store } from '../lib/create-store';
import { credits } from '../lib/count-text';
import { INITIAL_RUNS, isTerminal, type RunCard, type RunPhase, type RunsState } from './run-store';

/**
 * Every change of the runs' state (`reduceRuns`, pure), the store that applies it and tells each
 * outcome once (`createRunStore`), and the words a card says (`runText`). Loaded with the engine
 * and the screens that show runs, not with the first view.
 */

/** The events that settle a run: done (with its media), failed or canceled. */
export type SettlingRunEvent = Extract<RunEvent, { type: 'run.done' | 'run.failed' | 'run.canceled' }>;

/** A settling event without the figures its source did not say (`balance`, `charged`). */
type Untold<E> = E extends unknown ? Omit<E, 'balance' | 'charged'> & { balance?: number; charged?: number } : never;

/**
 * A run event as the web learned it: from the stream, exactly the shared RunEvent; from a poll
 * answer or the web's own timeout, a settling event that may not tell the balance or the charge.
 */
export type ObservedRunEvent = RunEvent | Untold<SettlingRunEvent>;

export type LocalRunAction =
  | { type: 'local.start'; runId: string; mode: ClientMode; prompt: string | null; look: string | null; at: number; variationOf?: string | null }
  | { type: 'local.accepted'; runId: string; cost: number | null; balance: number | null }
  /** The server refused the submit (402, 400…): no card, nothing charged. */
  | { type: 'local.refused'; runId: string }
  | { type: 'local.navigated'; runId: string }
  /** The engine stopped following the run here (its card stays as the server says). */
  | { type: 'local.released'; runId: string }
  | { type: 'local.cancel'; runId: string }
  | { type: 'local.cancel-refused'; runId: string }
  | { type: 'local.retry'; runId: string; at: number }
  | { type: 'local.forget'; runId: string }
  | { type: 'local.balance'; balance: number };

/** A run event with where it came from: the stream gives its position; a poll answer none. */
export interface ArrivedEvent {
  type: 'event';
  event: ObservedRunEvent;
  id?: string | null;
}

export type RunAction = ArrivedEvent | LocalRunAction;

const finite = (value: unknown): number | null => (typeof value === 'number' && Number.isFinite(value) ? value : null);

/** The balance an event carries (after its debit or refund), when it tells one. */
export function balanceOf(event: ObservedRunEvent): number | null {
  return 'balance' in event ? finite(event.balance) : null;
}

/** Redis stream ids ("1700000000000-3"): -1, 0, 1. */
export function compareEventIds(a: string, b: string): number {
  const [am = 0, as = 0] = a.split('-').map(Number);
  const [bm = 0, bs = 0] = b.split('-').map(Number);
  return am !== bm ? Math.sign(am - bm) : Math.sign(as - bs);
}

function blankCard(runId: string, at: number): RunCard {
  return {
    runId,
    mode: null,
    prompt: null,
    look: null,
    variationOf: null,
    startedAt: at,
    phase: 'queued',
    position: null,
    etaSeconds: null,
    etaAt: null,
    provider: null,
    attempt: null,
    videos: null,
    beforeCancel: null,
    cancelRequested: false,
    error: null,
    refunded: 0,
    cost: null,
    charged: null,
    media: null,
    round: 1,
    lastEventId: null,
  };
}

/** The card after one event of the stream or the poll (the card's own phase rules apply). */
function cardAfterEvent(card: RunCard, event: ObservedRunEvent, at: number): RunCard {
  switch (event.type) {
    case 'run.queued':
      return { ...card, phase: progress(card, 'queued'), position: placeAfter(card.position, event.position), ...reanchored(card, event.etaSeconds, at) };
    case 'run.started':
      return { ...card, phase: progress(card, 'generating'), provider: event.provider, position: null, etaSeconds: etaOf(event), etaAt: at };
    case 'run.attempt':
      return {
        ...card,
        phase: progress(card, 'checking'),
        attempt: { n: event.attempt, of: event.of, score: event.identityScore ?? null, threshold: event.threshold ?? null },
        etaSeconds: etaOf(event),
        etaAt: at,
      };
    case 'run.video':
      return { ...card, phase: progress(card, 'videos'), videos: { done: event.done, total: event.total }, etaSeconds: etaOf(event), etaAt: at };
    case 'run.done':
      return { ...card, phase: 'done', media: event.media, charged: finite(event.charged) ?? card.charged, error: null, etaSeconds: null };
    case 'run.failed':
      return { ...card, phase: 'failed', error: event.error, refunded: event.refunded, etaSeconds: null };
    case 'run.canceled':
      return { ...card, phase: 'canceled', refunded: event.refunded, etaSeconds: null };
  }
}

/**
 * The place a queued card shows after the server's `told`: it never grows (a person with fewer runs
 * in flight may be put ahead fairly; the wait, re-estimated, says so), yet "next" only when the
 * server says no run is ahead.
 */
function placeAfter(shown: number | null, told: number): number {
  if (shown === null || told === 0) return told;
  return Math.max(1, Math.min(shown, told));
}

/**
 * The countdown after a new estimate: from it, unless it agrees within a second with the wait being
 * counted down (then the count keeps its beat, and a second is never shown for two).
 */
function reanchored(card: RunCard, etaSeconds: number | null, at: number): Pick<RunCard, 'etaSeconds' | 'etaAt'> {
  if (etaSeconds === null || card.etaSeconds === null || card.etaAt === null) return { etaSeconds, etaAt: at };
  const counting = card.etaSeconds - (at - card.etaAt) / 1000;
  return Math.abs(counting - etaSeconds) < 1 ? { etaSeconds: card.etaSeconds, etaAt: card.etaAt } : { etaSeconds, etaAt: at };
}

/** An ETA the server re-estimated with a progress event (when it sends one). */
function etaOf(event: RunEvent): number | null {
  const value = (event as { etaSeconds?: unknown }).etaSeconds;
  return typeof value === 'number' && Number.isFinite(value) ? value : null;
}

/** A card being canceled stays "Canceling…" through progress events until its outcome. */
function progress(card: RunCard, phase: RunPhase): RunPhase {
  return card.phase === 'canceling' ? 'canceling' : phase;
}

function withCard(state: RunsState, card: RunCard): RunsState {
  const known = card.runId in state.runs;
  return { ...state, runs: { ...state.runs, [card.runId]: card }, order: known ? state.order : [card.runId, ...state.order] };
}

function withoutCard(state: RunsState, runId: string): RunsState {
  if (!(runId in state.runs)) return state;
  const runs = { ...state.runs };
  delete runs[runId];
  return {
    ...state,
    runs,
    order: state.order.filter((id) => id !== runId),
    current: state.current === runId ? null : state.current,
    navigating: state.current === runId ? false : state.navigating,
  };
}

function applyEvent(state: RunsState, action: ArrivedEvent, at: number): RunsState {
  const { event } = action;
  const id = action.id ?? null;
  const card = state.runs[event.runId] ?? blankCard(event.runId, at);
  // A repeated or older stream event (a replay after reconnecting) changes nothing: not the run,
  // not the credits (its balance is an old one).
  if (id && card.lastEventId && compareEventIds(id, card.lastEventId) <= 0) return state;
  const balance = balanceOf(event);
  const next = balance === null ? state : { ...state, balance };
  // An ended round stays as it ended: late progress, a second outcome, a replay — all dropped.
  if (isTerminal(card)) return id ? withCard(next, { ...card, lastEventId: id }) : next;
  const after = cardAfterEvent(card, event, at);
  const ended = isTerminal(after);
  return {
    ...withCard(next, id ? { ...after, lastEventId: id } : after),
    ...(ended && state.current === event.runId ? { current: null, navigating: false } : {}),
  };
}

/** Every change of the runs' state (pure; `at` is the time the action arrived, in ms). */
export function reduceRuns(state: RunsState, action: RunAction, at: number): RunsState {
  switch (action.type) {
    case 'event':
      return applyEvent(state, action, at);
    case 'local.start': {
      const card: RunCard = {
        ...blankCard(action.runId, at),
        phase: 'starting',
        mode: action.mode,
        prompt: action.prompt,
        look: action.look,
        variationOf: action.variationOf ?? null,
      };
      return { ...withCard(withoutCard(state, action.runId), card), current: action.runId, navigating: true };
    }
    case 'local.accepted': {
      const card = state.runs[action.runId];
      const balanced = action.balance === null ? state : { ...state, balance: action.balance };
      if (!card || isTerminal(card)) return balanced;
      return withCard(balanced, { ...card, cost: action.cost ?? card.cost, phase: card.phase === 'starting' ? 'queued' : card.phase });
    }
    case 'local.refused': {
      const card = state.runs[action.runId];
      // Only a run the server never took can go; one it took ends by its events.
      return card && card.phase === 'starting' && card.round === 1 ? withoutCard(state, action.runId) : state;
    }
    case 'local.navigated':
      return state.current === action.runId ? { ...state, navigating: false } : state;
    case 'local.released':
      return state.current === action.runId ? { ...state, current: null, navigating: false } : state;
    case 'local.cancel': {
      const card = state.runs[action.runId];
      if (!card || isTerminal(card) || card.phase === 'canceling') return state;
      return withCard(state, { ...card, phase: 'canceling', beforeCancel: card.phase, cancelRequested: true });
    }
    case 'local.cancel-refused': {
      const card = state.runs[action.runId];
      if (!card || card.phase !== 'canceling') return state;
      return withCard(state, { ...card, phase: card.beforeCancel ?? 'queued', beforeCancel: null });
    }
    case 'local.retry': {
      const card = state.runs[action.runId];
      if (!card || !(card.phase === 'failed' || card.phase === 'canceled')) return state;
      const fresh = blankCard(card.runId, at);
      return {
        ...withCard(state, {
          ...fresh,
          mode: card.mode,
          prompt: card.prompt,
          look: card.look,
          phase: 'starting',
          round: card.round + 1,
          lastEventId: card.lastEventId,
        }),
        current: card.runId,
      };
    }
    case 'local.forget':
      return withoutCard(state, action.runId);
    case 'local.balance':
      return { ...state, balance: action.balance };
  }
}

/** How a round ended, told once (the toast, the card's last line). */
export type RunOutcome =
  | { kind: 'done'; runId: string; round: number; card: RunCard; afterCancel: boolean }
  | { kind: 'failed'; runId: string; round: number; card: RunCard }
  | { kind: 'canceled'; runId: string; round: number; card: RunCard };

/** The outcome a change made (a card that entered an end in this change), else null. */
export function outcomeOf(before: RunCard | undefined, after: RunCard | undefined): RunOutcome | null {
  if (!after || !isTerminal(after)) return null;
  if (before && isTerminal(before) && before.round === after.round) return null;
  const base = { runId: after.runId, round: after.round, card: after };
  if (after.phase === 'done') return { kind: 'done', ...base, afterCancel: after.cancelRequested };
  return after.phase === 'failed' ? { kind: 'failed', ...base } : { kind: 'canceled', ...base };
}

export interface RunStore extends Store<RunsState> {
  dispatch(action: RunAction): RunOutcome | null;
  /** Called once per outcome (a round that ended), after the state changed. */
  onOutcome(listener: (outcome: RunOutcome) => void): () => void;
}

export function createRunStore(now: () => number = Date.now, store: Store<RunsState> = createStore<RunsState>(INITIAL_RUNS)): RunStore {
  const listeners = new Set<(outcome: RunOutcome) => void>();
  return {
    ...store,
    dispatch(action) {
      const before = store.get();
      const after = reduceRuns(before, action, now());
      store.set(after);
      const runId = action.type === 'event' ? action.event.runId : 'runId' in action ? action.runId : null;
      const outcome = runId ? outcomeOf(before.runs[runId], after.runs[runId]) : null;
      if (outcome) for (const listener of [...listeners]) listener(outcome);
      return outcome;
    },
    onOutcome(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

/** What a finished run was charged: its receipt, else the 202's cost. */
export function chargedOf(card: Pick<RunCard, 'media' | 'cost' | 'charged'>): number {
  return card.charged ?? card.media?.receipt?.creditsCharged ?? card.cost ?? 0;
}

/** "about 40 s", "about 2 min" (a countdown under 5 s says "a few s"); a wait never breaks across lines. */
export function etaText(seconds: number): string {
  if (seconds < 5) return 'a few\u00a0s';
  if (seconds < 90) return `about\u00a0${Math.round(seconds)}\u00a0s`;
  return `about\u00a0${Math.round(seconds / 60)}\u00a0min`;
}

/** The seconds left of the server's last estimate at `now` (counted down between events). */
export function etaLeft(card: Pick<RunCard, 'etaSeconds' | 'etaAt'>, now: number): number | null {
  if (card.etaSeconds === null || card.etaAt === null) return null;
  return Math.max(0, card.etaSeconds - Math.floor((now - card.etaAt) / 1000));
}

/** Milliseconds until the counted-down wait shows its next second; null once there is nothing left to count. */
export function nextSecondIn(card: Pick<RunCard, 'etaSeconds' | 'etaAt'>, now: number): number | null {
  const left = etaLeft(card, now);
  if (left === null || left === 0 || card.etaAt === null) return null;
  return 1000 - ((((now - card.etaAt) % 1000) + 1000) % 1000);
}

/** The card's line: "In queue · 3 ahead · about 40 s", "Canceled · 2 credits refunded"… */
export function runText(card: RunCard, now: number): string {
  const eta = etaLeft(card, now);
  const withEta = (text: string) => (eta === null ? text : `${text} · ${etaText(eta)}`);
  switch (card.phase) {
    case 'starting':
      return 'Starting…';
    case 'queued':
      return withEta(['In queue', card.position === null ? null : card.position === 0 ? 'next' : `${card.position} ahead`].filter(Boolean).join(' · '));
    case 'generating':
      return withEta('Generating');
    case 'checking': {
      const attempt = card.attempt!;
      const base = `Checking likeness ${attempt.n}/${attempt.of}`;
      if (attempt.score === null) return base;
      return attempt.threshold === null ? `${base} (${attempt.score.toFixed(2)})` : `${base} (${attempt.score.toFixed(2)}, needs ${attempt.threshold.toFixed(2)})`;
    }
    case 'videos':
      return withEta(`Making videos ${card.videos!.done}/${card.videos!.total}`);
    case 'canceling':
      return 'Canceling…';
    case 'done':
      return card.cancelRequested ? `Finished before it could be canceled · ${credits(chargedOf(card))} charged` : 'Done';
    case 'failed':
      return card.refunded > 0 ? `${card.error ?? 'Generation failed'} · ${credits(card.refunded)} refunded` : (card.error ?? 'Generation failed');
    case 'canceled':
      return `Canceled · ${credits(card.refunded)} refunded`;
  }
}

/** Whether the run can still be canceled from its card. */
export function isCancelable(card: RunCard | null | undefined): boolean {
  return !!card && !isTerminal(card) && card.phase !== 'canceling' && card.phase !== 'starting';
}
