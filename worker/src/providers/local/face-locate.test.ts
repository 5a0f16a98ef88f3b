import { readFile } from 'node:fs/promises';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { defaultFaceZone, locateFace } from './face-locate';

const FIXTURE = new URL('../../../../tests/fixtures/faces/astronaut.png', import.meta.url);

async function frame(image: Buffer, width: number, height: number) {
  const data = await sharp(image).resize(width, height, { fit: 'cover', position: 'attention' }).removeAlpha().raw().toBuffer();
  return { data: new Uint8Array(data), width, height };
}

describe('locateFace', () => {
  it('finds the astronaut’s face in the upper middle of a 4:5 crop', async () => {
    const zone = locateFace(await frame(await readFile(FIXTURE), 819, 1024));
    // The face of the fixture sits around x 400–500, y 130–330 in this crop.
    expect(zone.cx).toBeGreaterThan(380);
    expect(zone.cx).toBeLessThan(500);
    expect(zone.cy).toBeGreaterThan(130);
    expect(zone.cy).toBeLessThan(300);
    expect(zone.rx).toBeGreaterThan(90);
    expect(zone.rx).toBeLessThan(260);
  });

  it('falls back to the usual portrait position when nothing looks like skin', async () => {
    const grey = await sharp({ create: { width: 400, height: 500, channels: 3, background: { r: 90, g: 110, b: 140 } } }).png().toBuffer();
    expect(locateFace(await frame(grey, 400, 500))).toEqual(defaultFaceZone(400, 500));
  });
});
