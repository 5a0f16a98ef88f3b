import { describe, expect, it } from 'vitest';
import { canonicalAspectRatio, draftAspectRatioSchema } from './draft-aspect-ratio';

describe('draft aspect ratios', () => {
  it('stores a number and any spelling of the same ratio alike, as "w/h"', () => {
    for (const input of [4 / 3, 1.3333, '4/3', '4:3', '8/6', ' 800 : 600 ']) {
      expect(draftAspectRatioSchema.parse(input), String(input)).toBe('4/3');
    }
    expect(draftAspectRatioSchema.parse(16 / 9)).toBe('16/9');
    expect(draftAspectRatioSchema.parse(0.8)).toBe('4/5');
    expect(draftAspectRatioSchema.parse(1)).toBe('1/1');
    expect(draftAspectRatioSchema.parse('9:16')).toBe('9/16');
  });

  it('keeps a ratio no small fraction matches as four decimals over 1', () => {
    expect(canonicalAspectRatio(Math.PI)).toBe('3.1416/1');
  });

  it('refuses what is not a ratio', () => {
    for (const input of ['wide', '4/0', '0/3', -1, 0, Number.NaN, 1000, '', '1/2/3', true, null]) {
      expect(draftAspectRatioSchema.safeParse(input).success, String(input)).toBe(false);
    }
  });
});
