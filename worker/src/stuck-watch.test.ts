import { describe, expect, it } from 'vitest';
import { StuckWatch } from './stuck-watch';

const idle = { waiting: 0, paused: false, inFlight: 0, concurrency: 2, taken: 0 };

describe('StuckWatch', () => {
  it('calls a worker stuck once jobs waited with a free slot and none was taken for the whole time', () => {
    const watch = new StuckWatch(10_000);
    expect(watch.look(0, { ...idle, waiting: 3 })).toBe(false);
    expect(watch.look(5_000, { ...idle, waiting: 3 })).toBe(false);
    expect(watch.look(10_000, { ...idle, waiting: 4 })).toBe(true);
    // The count starts over after a recovery.
    expect(watch.look(11_000, { ...idle, waiting: 4 })).toBe(false);
    expect(watch.look(20_000, { ...idle, waiting: 4 })).toBe(false);
    expect(watch.look(21_000, { ...idle, waiting: 4 })).toBe(true);
  });

  it('never calls an idle, a busy or a working worker stuck', () => {
    const watch = new StuckWatch(10_000);
    // Nothing waits.
    expect([0, 20_000, 40_000].map((t) => watch.look(t, idle))).toEqual([false, false, false]);
    // Jobs wait but every slot is taken (long generations).
    expect([50_000, 70_000, 90_000].map((t) => watch.look(t, { ...idle, waiting: 5, inFlight: 2 }))).toEqual([false, false, false]);
    // Jobs wait and it keeps taking them.
    expect([100_000, 108_000, 116_000, 124_000].map((t, i) => watch.look(t, { ...idle, waiting: 5, taken: i + 1 }))).toEqual([false, false, false, false]);
    // The queue is paused: its jobs wait in the wait list and none is to be taken.
    expect([130_000, 150_000, 170_000].map((t) => watch.look(t, { ...idle, waiting: 5, paused: true }))).toEqual([false, false, false]);
  });

  it('does not count jobs that arrived since the last look against it, nor a look that failed', () => {
    const watch = new StuckWatch(10_000);
    expect(watch.look(0, idle)).toBe(false);
    // A burst arrives just before a look: the count starts here, not at the last job taken long ago.
    expect(watch.look(60_000, { ...idle, waiting: 9 })).toBe(false);
    expect(watch.look(65_000, { ...idle, waiting: 9 })).toBe(false);
    watch.unknown();
    expect(watch.look(72_000, { ...idle, waiting: 9 })).toBe(false);
    expect(watch.look(81_000, { ...idle, waiting: 9 })).toBe(false);
    expect(watch.look(82_000, { ...idle, waiting: 9 })).toBe(true);
  });

  it('starts the count over when a paused queue is resumed', () => {
    const watch = new StuckWatch(10_000);
    expect(watch.look(0, { ...idle, waiting: 4 })).toBe(false);
    expect(watch.look(5_000, { ...idle, waiting: 4, paused: true })).toBe(false);
    expect(watch.look(12_000, { ...idle, waiting: 4 })).toBe(false);
    expect(watch.look(21_000, { ...idle, waiting: 4 })).toBe(false);
    expect(watch.look(22_000, { ...idle, waiting: 4 })).toBe(true);
  });
});
