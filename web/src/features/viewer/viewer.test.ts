import { describe, expect, it } from 'vitest';
import { wrapIndex } from './viewer-store';

describe('the viewer', () => {
  it('wraps around at both ends', () => {
    expect(wrapIndex(-1, 5)).toBe(4);
    expect(wrapIndex(5, 5)).toBe(0);
    expect(wrapIndex(7, 5)).toBe(2);
    expect(wrapIndex(3, 0)).toBe(0);
  });
});
