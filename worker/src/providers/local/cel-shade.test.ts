import { readFile } from 'node:fs/promises';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { celShade, inkMask, type CelOptions } from './cel-shade';
import { locateFace } from './face-locate';
import type { Frame } from './frame';

const FIXTURE = new URL('../../../../tests/fixtures/faces/astronaut.png', import.meta.url);
const OPTIONS: CelOptions = { smooth: 3, levels: 5, chromaStep: 18, edges: 0.85, edgeThreshold: 1, thickness: 1, edgeColour: [20, 20, 20] };

let photo: Frame;

function copy(frame: Frame): Frame {
  return { data: frame.data.slice(), width: frame.width, height: frame.height };
}

/**
 * How many distinct colours it takes to paint 90% of the picture: a photo needs a different
 * colour for nearly every pixel, a cel image a few flat ones (anti-aliased ink is the rest).
 */
function coloursFor90Percent(frame: Frame): number {
  const counts = new Map<number, number>();
  const { data } = frame;
  for (let i = 0; i < data.length; i += 3) {
    const key = (data[i]! << 16) | (data[i + 1]! << 8) | data[i + 2]!;
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  const sorted = [...counts.values()].sort((a, b) => b - a);
  const target = (data.length / 3) * 0.9;
  let covered = 0;
  let n = 0;
  while (covered < target) covered += sorted[n++]!;
  return n;
}

function luminanceAt(frame: Frame, pixels: number[]): number {
  let sum = 0;
  for (const p of pixels) sum += 0.2126 * frame.data[p * 3]! + 0.7152 * frame.data[p * 3 + 1]! + 0.0722 * frame.data[p * 3 + 2]!;
  return sum / pixels.length;
}

beforeAll(async () => {
  const { data, info } = await sharp(await readFile(FIXTURE)).resize(819, 1024, { fit: 'cover' }).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  photo = { data: new Uint8Array(data), width: info.width, height: info.height };
});

describe('celShade', () => {
  it('flattens the photo into a few colours', async () => {
    const out = copy(photo);
    await celShade(out, OPTIONS, locateFace(photo));
    expect(coloursFor90Percent(photo)).toBeGreaterThan(100_000);
    expect(coloursFor90Percent(out)).toBeLessThan(coloursFor90Percent(photo) / 8);
  });

  it('draws dark ink along the outlines and leaves flat areas clear', async () => {
    const face = locateFace(photo);
    const out = copy(photo);
    await celShade(out, OPTIONS, face);
    const mask = inkMask(photo, OPTIONS, face);
    const inked: number[] = [];
    const clear: number[] = [];
    mask.forEach((v, p) => (v >= 250 ? inked : v === 0 ? clear : null)?.push(p));
    // Outlines are a visible minority of the picture, not noise all over it.
    expect(inked.length / mask.length).toBeGreaterThan(0.01);
    expect(inked.length / mask.length).toBeLessThan(0.3);
    expect(luminanceAt(out, inked)).toBeLessThan(luminanceAt(photo, inked) - 40);
    expect(Math.abs(luminanceAt(out, clear) - luminanceAt(photo, clear))).toBeLessThan(25);
  });

  it('thicker lines ink more of the picture', () => {
    const thin = inkMask(photo, { ...OPTIONS, thickness: 0 }).reduce((s, v) => s + v, 0);
    const thick = inkMask(photo, { ...OPTIONS, thickness: 2 }).reduce((s, v) => s + v, 0);
    expect(thick).toBeGreaterThan(thin * 1.8);
  });

});
