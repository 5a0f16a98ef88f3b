import { describe, expect, it } from 'vitest';
import { seededRandom } from './seeded-random';

describe('seededRandom', () => {
  it('repeats the same sequence for the same seed', () => {
    const a = seededRandom('run_abc123');
    const b = seededRandom('run_abc123');
    const first = Array.from({ length: 10 }, a);
    expect(Array.from({ length: 10 }, b)).toEqual(first);
  });

  it('differs between seeds and stays in [0, 1)', () => {
    const a = Array.from({ length: 5 }, seededRandom('one'));
    const b = Array.from({ length: 5 }, seededRandom('two'));
    expect(a).not.toEqual(b);
    const many = Array.from({ length: 2000 }, seededRandom(7));
    expect(Math.min(...many)).toBeGreaterThanOrEqual(0);
    expect(Math.max(...many)).toBeLessThan(1);
    const mean = many.reduce((sum, value) => sum + value, 0) / many.length;
    expect(mean).toBeGreaterThan(0.4);
    expect(mean).toBeLessThan(0.6);
  });
});
