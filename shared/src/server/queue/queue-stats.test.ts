import { describe, expect, it } from 'vitest';
import { toBuckets } from './queue-stats';

describe('toBuckets', () => {
  it('turns per-minute counts, newest first, into twelve 5-minute bars, oldest first', () => {
    const perMinute = Array.from({ length: 60 }, (_, minutesAgo) => (minutesAgo < 5 ? 2 : minutesAgo >= 55 ? 1 : 0));
    expect(toBuckets(perMinute)).toEqual([5, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 10]);
    expect(toBuckets([])).toEqual(Array(12).fill(0));
    expect(toBuckets([1], 4)).toEqual([...Array(11).fill(0), 5]);
  });
});
