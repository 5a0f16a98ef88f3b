import { describe, expect, it } from 'vitest';
import { applyGrade } from './grade';

function ramp(): Uint8Array {
  const data = new Uint8Array(256 * 3 * 3);
  for (let i = 0; i < 256 * 3; i++) {
    data[i * 3] = i % 256;
    data[i * 3 + 1] = (i * 7) % 256;
    data[i * 3 + 2] = (i * 13) % 256;
  }
  return data;
}

describe('applyGrade', () => {
  it('leaves pixels alone with an empty grade', () => {
    const data = ramp();
    const before = Uint8Array.from(data);
    applyGrade(data, 256, 3, {});
    for (let i = 0; i < data.length; i++) expect(Math.abs(data[i]! - before[i]!)).toBeLessThanOrEqual(1);
  });

  it('saturation 0 gives grey', () => {
    const data = ramp();
    applyGrade(data, 256, 3, { saturation: 0 });
    for (let i = 0; i < data.length; i += 3) {
      expect(Math.max(data[i]!, data[i + 1]!, data[i + 2]!) - Math.min(data[i]!, data[i + 1]!, data[i + 2]!)).toBeLessThanOrEqual(1);
    }
  });

  it('warm temperature raises red over blue', () => {
    const data = new Uint8Array([128, 128, 128]);
    applyGrade(data, 1, 1, { temperature: 0.5 });
    expect(data[0]! - data[2]!).toBeGreaterThan(20);
  });

  it('a vignette darkens the corners, not the middle', () => {
    const data = new Uint8Array(101 * 101 * 3).fill(200);
    applyGrade(data, 101, 101, {}, { amount: 0.6 });
    expect(data[(46 * 101 + 50) * 3]).toBe(200);
    expect(data[0]).toBeLessThan(120);
  });
});
