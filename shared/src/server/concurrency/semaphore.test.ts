import { describe, expect, it } from 'vitest';
import { Semaphore } from './semaphore';

const tick = () => new Promise((resolve) => setImmediate(resolve));

describe('Semaphore', () => {
  it('runs at most `limit` tasks at once and the rest in arrival order', async () => {
    const gate = new Semaphore(2);
    let running = 0;
    let peak = 0;
    const order: number[] = [];
    const releases: Array<() => void> = [];
    const tasks = [0, 1, 2, 3, 4].map((n) =>
      gate.run(async () => {
        running += 1;
        peak = Math.max(peak, running);
        order.push(n);
        await new Promise<void>((resolve) => releases.push(resolve));
        running -= 1;
        return n;
      }),
    );
    await tick();
    expect(order).toEqual([0, 1]);
    expect(gate.pending).toBe(3);
    while (releases.length > 0 || order.length < 5) {
      releases.shift()?.();
      await tick();
    }
    expect(await Promise.all(tasks)).toEqual([0, 1, 2, 3, 4]);
    expect(order).toEqual([0, 1, 2, 3, 4]);
    expect(peak).toBe(2);
  });

  it('frees the slot when a task fails', async () => {
    const gate = new Semaphore(1);
    await expect(gate.run(async () => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    expect(await gate.run(async () => 'next')).toBe('next');
  });
});
