import { readFile } from 'node:fs/promises';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { medianFilter } from './median';

const FIXTURES = new URL('../../../../tests/fixtures/faces/', import.meta.url);

// The cel look's smoothing moved from sharp's median to ours: the looks must not change a byte.
describe('medianFilter', () => {
  it.each([
    ['astronaut.png', 3, 96, 120],
    ['astronaut.png', 5, 96, 120],
    ['camera.png', 3, 64, 37],
    ['grace_hopper.jpg', 5, 7, 6],
  ])('%s, window %i, %i×%i px: the bytes of sharp median', async (name, size, width, height) => {
    const { data } = await sharp(await readFile(new URL(name, FIXTURES)))
      .resize(width, height, { fit: 'cover' })
      .removeAlpha()
      .toColourspace('srgb')
      .raw()
      .toBuffer({ resolveWithObject: true });
    const expected = await sharp(data, { raw: { width, height, channels: 3 } }).median(size).raw().toBuffer();
    expect(Buffer.from(medianFilter(new Uint8Array(data), width, height, size)).equals(expected)).toBe(true);
  });
});
