import { afterEach, beforeEach, vi } from 'vitest';

/**
 * Gives every test of the enclosing suite fake timers (and, with `now`, a fixed clock), and
 * puts the real ones back after it.
 */
export function useFakeTimersInEachTest(now?: number): void {
  beforeEach(() => {
    vi.useFakeTimers();
    if (now !== undefined) vi.setSystemTime(now);
  });
  afterEach(() => {
    vi.useRealTimers();
  });
}
