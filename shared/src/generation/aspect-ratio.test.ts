import { describe, expect, it } from 'vitest';
import { ASPECT_RATIO_VALUES, DEFAULT_ASPECT_RATIO, nearestAspectRatio } from './aspect-ratio';

describe('nearestAspectRatio', () => {
  it('returns exact ratios', () => {
    expect(nearestAspectRatio(1024, 1024)).toBe('1:1');
    expect(nearestAspectRatio(800, 1000)).toBe('4:5');
    expect(nearestAspectRatio(1920, 1080)).toBe('16:9');
    expect(nearestAspectRatio(1080, 1920)).toBe('9:16');
    expect(nearestAspectRatio(3000, 4000)).toBe('3:4');
  });

  it('picks the closest supported ratio', () => {
    expect(nearestAspectRatio(4032, 3024)).toBe('4:3');
    expect(nearestAspectRatio(1000, 1490)).toBe('2:3');
    expect(nearestAspectRatio(2000, 1000)).toBe('16:9');
  });

  it('falls back to 1:1 without a usable size', () => {
    expect(DEFAULT_ASPECT_RATIO).toBe('1:1');
    expect(nearestAspectRatio(undefined, 100)).toBe('1:1');
    expect(nearestAspectRatio(0, 0)).toBe('1:1');
    expect(nearestAspectRatio(-5, 10)).toBe('1:1');
    expect(nearestAspectRatio(Number.NaN, 10)).toBe('1:1');
  });

  it('knows the seven ratios of the type', () => {
    expect(Object.keys(ASPECT_RATIO_VALUES)).toHaveLength(7);
  });
});
