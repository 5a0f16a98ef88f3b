import { describe, expect, it, vi } from 'vitest';
import { startSimulatedProgress } from './simulated-progress';
import { useFakeTimersInEachTest } from '../../../testing/fake-timers';

describe('simulated upload progress (spec 1 §4)', () => {
  useFakeTimersInEachTest();

  it('grows by 5 at the least every 500 ms at the most, with random 0', () => {
    const seen: number[] = [];
    startSimulatedProgress((v) => seen.push(v), { random: () => 0 });
    expect(seen).toEqual([0]);
    vi.advanceTimersByTime(199);
    expect(seen).toEqual([0]);
    vi.advanceTimersByTime(1);
    expect(seen).toEqual([0, 5]);
    vi.advanceTimersByTime(200);
    expect(seen).toEqual([0, 5, 10]);
  });

  it('grows by 20 every 500 ms with random close to 1, and stops at 90', () => {
    const seen: number[] = [];
    const progress = startSimulatedProgress((v) => seen.push(v), { random: () => 0.9999 });
    vi.advanceTimersByTime(499);
    expect(seen).toEqual([0]);
    vi.advanceTimersByTime(1);
    expect(seen).toEqual([0, 20]);
    vi.advanceTimersByTime(60_000);
    expect(seen).toEqual([0, 20, 40, 60, 80, 90]);
    expect(progress.value()).toBe(90);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('never exceeds 90 before completion, whatever the dice say', () => {
    for (let seed = 1; seed < 20; seed += 1) {
      let x = seed;
      const random = () => {
        x = (x * 16807) % 2147483647;
        return x / 2147483647;
      };
      const seen: number[] = [];
      const progress = startSimulatedProgress((v) => seen.push(v), { random });
      vi.advanceTimersByTime(120_000);
      expect(Math.max(...seen)).toBe(90);
      progress.complete();
      expect(seen.at(-1)).toBe(100);
      expect(seen.slice(0, -1).every((v) => v <= 90)).toBe(true);
    }
  });

  it('stops where it is when stopped', () => {
    const seen: number[] = [];
    const progress = startSimulatedProgress((v) => seen.push(v), { random: () => 0 });
    vi.advanceTimersByTime(400);
    progress.stop();
    vi.advanceTimersByTime(10_000);
    expect(seen).toEqual([0, 5, 10]);
    progress.complete();
    expect(seen).toEqual([0, 5, 10]);
  });
});
