import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { repeat } from '../lib/scheduler';
import { createRunStore, nextSecondIn, runText } from './run-reducer';

/**
 * The queued card's line over time (issue 41), as the live card ticks it: the project's timers
 * (faked here) call back each time the counted-down wait shows its next second.
 */
describe('the queued card counts', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(1_000_000);
  });
  afterEach(() => vi.useRealTimers());

  function queuedCard() {
    const store = createRunStore(() => Date.now());
    const queued = (position: number, etaSeconds: number | null) =>
      store.dispatch({ type: 'event', event: { type: 'run.queued', runId: 'r1', position, etaSeconds } });
    const text = () => runText(store.get().runs.r1!, Date.now());
    /** Each change of the line, with when it happened (ms from the start). */
    const seen: Array<{ at: number; text: string }> = [];
    const start = Date.now();
    const record = () => {
      if (seen.at(-1)?.text !== text()) seen.push({ at: Date.now() - start, text: text() });
    };
    const follow = () => repeat(() => nextSecondIn(store.get().runs.r1!, Date.now()), record);
    return { queued, text, seen, record, follow };
  }

  it('counts the wait down each second between events, re-anchors it on each, and says "a few s" only under 5 s', () => {
    const card = queuedCard();
    card.queued(12, 40);
    card.record();
    let stop = card.follow();
    vi.advanceTimersByTime(3_000);
    expect(card.seen.map((s) => s.text)).toEqual([
      'In queue · 12 ahead · about\u00a040\u00a0s',
      'In queue · 12 ahead · about\u00a039\u00a0s',
      'In queue · 12 ahead · about\u00a038\u00a0s',
      'In queue · 12 ahead · about\u00a037\u00a0s',
    ]);

    // An event between seconds: the wait starts again from its estimate and counts from then.
    vi.advanceTimersByTime(400);
    card.queued(11, 30);
    stop();
    card.record();
    stop = card.follow();
    expect(card.text()).toBe('In queue · 11 ahead · about\u00a030\u00a0s');
    vi.advanceTimersByTime(999);
    expect(card.text()).toBe('In queue · 11 ahead · about\u00a030\u00a0s');
    vi.advanceTimersByTime(1);
    expect(card.text()).toBe('In queue · 11 ahead · about\u00a029\u00a0s');

    vi.advanceTimersByTime(24_000);
    expect(card.text()).toBe('In queue · 11 ahead · about\u00a05\u00a0s');
    vi.advanceTimersByTime(1_000);
    expect(card.text()).toBe('In queue · 11 ahead · a few\u00a0s');
    // Nothing is left to count at zero: the timers stop, the line stays "a few s".
    vi.advanceTimersByTime(10_000);
    expect(card.text()).toBe('In queue · 11 ahead · a few\u00a0s');
    expect(vi.getTimerCount()).toBe(0);

    // Every second of the wait above 5 s was shown, one a second.
    const counting = card.seen.filter((s) => s.text.includes('about'));
    const gaps = counting.slice(1).map((s, i) => s.at - counting[i]!.at);
    expect(Math.max(...gaps)).toBeLessThanOrEqual(1_000);
    expect(counting).toHaveLength(4 + 26);
    stop();
  });

  it('keeps the beat when a new estimate agrees within a second with the count: no second is shown for two', () => {
    const card = queuedCard();
    card.queued(8, 30);
    card.follow();
    vi.advanceTimersByTime(2_900);
    expect(card.text()).toBe('In queue · 8 ahead · about\u00a028\u00a0s');
    // 27.1 s were left by the count; 27.5 s says the server: the count goes on, 27 s 0.1 s later.
    card.queued(8, 27.5);
    vi.advanceTimersByTime(100);
    expect(card.text()).toBe('In queue · 8 ahead · about\u00a027\u00a0s');
    // An estimate a second or more away re-anchors the count at once.
    card.queued(7, 40);
    expect(card.text()).toBe('In queue · 7 ahead · about\u00a040\u00a0s');
  });

  it('never shows the place growing, and "next" only when the server says no run is ahead', () => {
    const card = queuedCard();
    const places = [5, 6, 3, 1, 2, 0].map((position) => {
      card.queued(position, 20);
      return /· (next|\d+ ahead) ·/.exec(card.text())![1];
    });
    expect(places).toEqual(['5 ahead', '5 ahead', '3 ahead', '1 ahead', '1 ahead', 'next']);
  });

  it('says no wait while the server knows none, and has nothing to count', () => {
    const card = queuedCard();
    card.queued(3, null);
    expect(card.text()).toBe('In queue · 3 ahead');
    card.follow();
    expect(vi.getTimerCount()).toBe(0);
  });
});
