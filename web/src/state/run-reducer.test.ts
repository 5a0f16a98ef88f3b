import type { RunMedia } from '@app/shared/api/media';
import type { RunEvent } from '@app/shared/api/runs';
import { describe, expect, it } from 'vitest';
import { createRunStore, etaLeft, type RunAction, type RunOutcome, runText } from './run-reducer';
import { isTerminal } from './run-store';

/** A small seeded PRNG (mulberry32): the same seed, the same sequences. */
function prng(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return { next, int: (n: number) => Math.floor(next() * n), pick: <T>(xs: readonly T[]) => xs[Math.floor(next() * xs.length)]! };
}

const media = (runId: string): RunMedia =>
  ({ id: `m-${runId}`, runId, type: 'image', status: 'completed', finalUrl: `https://cdn.test/${runId}.png`, metadata: {} }) as unknown as RunMedia;

/**
 * One run on the server, as the model knows it: the events it emitted in order (with stream
 * ids), and the balance after each. The browser sees those events duplicated, reordered, replayed,
 * interleaved with poll answers, its own cancels and retries.
 */
describe('the runs reducer (model-based)', () => {
  it('keeps one card per run, never changes an ended round, keeps the last server balance, tells each outcome at most once', () => {
    for (let seed = 1; seed <= 400; seed += 1) {
      const rnd = prng(seed);
      let clock = 1_000;
      const store = createRunStore(() => clock);
      const outcomes: RunOutcome[] = [];
      store.onOutcome((outcome) => outcomes.push(outcome));
      let balance = 50;
      let lastServerBalance: number | null = null;
      let streamSeq = 0;
      const runIds = Array.from({ length: 1 + rnd.int(4) }, (_, i) => `run-${seed}-${i}`);
      /** Every stream event sent so far (for replays), with its id. */
      const sent: { event: RunEvent; id: string }[] = [];
      /** Per run and round: the first terminal phase the browser applied. */
      const endedAs = new Map<string, string>();

      const streamId = () => {
        streamSeq += 1;
        return `${1700 + Math.floor(streamSeq / 3)}-${streamSeq % 3}`;
      };
      const emit = (event: RunEvent) => {
        const id = streamId();
        sent.push({ event, id });
        return { type: 'event', event, id } as RunAction;
      };

      for (const runId of runIds) store.dispatch({ type: 'local.start', runId, mode: 'custom', prompt: 'p', look: 'Custom', at: clock });

      for (let step = 0; step < 60; step += 1) {
        clock += rnd.int(3000);
        const runId = rnd.pick(runIds);
        const choice = rnd.int(12);
        let action: RunAction;
        let replay = false;
        if (choice === 0) {
          balance -= 2;
          action = { type: 'local.accepted', runId, cost: 2, balance };
        } else if (choice === 1) action = emit({ type: 'run.queued', runId, position: rnd.int(5), etaSeconds: rnd.int(60) });
        else if (choice === 2) action = emit({ type: 'run.started', runId, provider: 'instant' });
        else if (choice === 3) action = emit({ type: 'run.attempt', runId, attempt: 1, of: 3, identityScore: 0.7 });
        else if (choice === 4) action = emit({ type: 'run.done', runId, media: media(runId), charged: 2, balance });
        else if (choice === 5) {
          balance += 2;
          action = emit({ type: 'run.failed', runId, error: 'Provider timed out', refunded: 2, balance });
        } else if (choice === 6) {
          balance += 2;
          action = emit({ type: 'run.canceled', runId, refunded: 2, balance });
        } else if (choice === 7 && sent.length > 0) {
          // A replay after reconnecting, or a duplicate: an event already sent, with its id.
          const old = rnd.pick(sent);
          action = { type: 'event', event: old.event, id: old.id };
          replay = true;
        } else if (choice === 8) {
          // A poll answer: no stream id.
          // A poll answer does not say the balance unless it was read with it.
          const read = rnd.next() < 0.5 ? { balance } : {};
          action =
            rnd.next() < 0.5
              ? { type: 'event', event: { type: 'run.done', runId, media: media(runId), ...read } }
              : { type: 'event', event: { type: 'run.failed', runId, error: 'Generation failed', refunded: 0, ...read } };
        } else if (choice === 9) action = { type: 'local.cancel', runId };
        else if (choice === 10) action = rnd.next() < 0.5 ? { type: 'local.retry', runId, at: clock } : { type: 'local.cancel-refused', runId };
        else action = emit({ type: 'run.video', runId, done: 1, total: 3 });

        const before = store.get().runs[runId];
        store.dispatch(action);
        const after = store.get();
        const card = after.runs[runId];
        if (action.type === 'local.accepted') lastServerBalance = action.balance;
        if (action.type === 'event' && !replay && 'balance' in action.event && action.event.balance !== undefined) lastServerBalance = action.event.balance;
        // A replay or a duplicate changes nothing (a retried run is not ended by its old failure).
        if (replay) expect(card).toEqual(before);

        // One card per run.
        expect(after.order.length).toBe(new Set(after.order).size);
        expect(Object.keys(after.runs).sort()).toEqual([...after.order].sort());
        // An ended round never changes (only a retry starts a new round).
        if (before && isTerminal(before) && action.type !== 'local.retry') expect(card).toEqual({ ...before, lastEventId: card!.lastEventId });
        if (before && isTerminal(before) && action.type === 'local.retry' && before.phase === 'done') expect(card).toEqual(before);
        if (card && isTerminal(card)) {
          const key = `${runId}#${card.round}`;
          const first = endedAs.get(key);
          if (first) expect(card.phase).toBe(first);
          else endedAs.set(key, card.phase);
        }
        // Credits equal the last balance the server told.
        expect(after.balance).toBe(lastServerBalance);
        // The card says something after a cancel: never silence.
        if (card) expect(runText(card, clock).length).toBeGreaterThan(0);
      }

      // At most one toast per outcome (a run's round).
      const told = outcomes.map((outcome) => `${outcome.runId}#${outcome.round}`);
      expect(told.length).toBe(new Set(told).size);
    }
  });

  it('a cancel then the run finishing anyway says what it was charged', () => {
    const store = createRunStore(() => 0);
    store.dispatch({ type: 'local.start', runId: 'r1', mode: 'custom', prompt: null, look: null, at: 0 });
    store.dispatch({ type: 'local.accepted', runId: 'r1', cost: 2, balance: 18 });
    store.dispatch({ type: 'event', event: { type: 'run.started', runId: 'r1', provider: 'instant' }, id: '1-0' });
    store.dispatch({ type: 'local.cancel', runId: 'r1' });
    expect(runText(store.get().runs.r1!, 0)).toBe('Canceling…');
    const outcome = store.dispatch({ type: 'event', event: { type: 'run.done', runId: 'r1', media: media('r1'), charged: 2, balance: 18 }, id: '1-1' });
    expect(outcome).toMatchObject({ kind: 'done', afterCancel: true });
    expect(runText(store.get().runs.r1!, 0)).toBe('Finished before it could be canceled · 2 credits charged');
  });

  it('a cancel the server confirms says what it refunded', () => {
    const store = createRunStore(() => 0);
    store.dispatch({ type: 'local.start', runId: 'r1', mode: 'custom', prompt: null, look: null, at: 0 });
    store.dispatch({ type: 'local.cancel', runId: 'r1' });
    store.dispatch({ type: 'event', event: { type: 'run.canceled', runId: 'r1', refunded: 5, balance: 20 } });
    expect(runText(store.get().runs.r1!, 0)).toBe('Canceled · 5 credits refunded');
  });

  it('counts the wait down every second and re-estimates on each event', () => {
    let clock = 0;
    const store = createRunStore(() => clock);
    store.dispatch({ type: 'event', event: { type: 'run.queued', runId: 'r1', position: 2, etaSeconds: 40 } });
    clock = 3_000;
    expect(etaLeft(store.get().runs.r1!, clock)).toBe(37);
    expect(runText(store.get().runs.r1!, clock)).toBe('In queue · 2 ahead · about\u00a037\u00a0s');
    clock = 4_000;
    expect(runText(store.get().runs.r1!, clock)).toBe('In queue · 2 ahead · about\u00a036\u00a0s');
    store.dispatch({ type: 'event', event: { type: 'run.queued', runId: 'r1', position: 1, etaSeconds: 20 } });
    expect(runText(store.get().runs.r1!, clock)).toBe('In queue · 1 ahead · about\u00a020\u00a0s');
  });

  it('a refused submit leaves no card and no running run', () => {
    const store = createRunStore(() => 0);
    store.dispatch({ type: 'local.start', runId: 'r1', mode: 'storytime', prompt: null, look: 'Story Time', at: 0 });
    store.dispatch({ type: 'local.refused', runId: 'r1' });
    expect(store.get()).toMatchObject({ runs: {}, order: [], current: null, navigating: false });
  });
});
