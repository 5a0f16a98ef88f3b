import { readFile } from 'node:fs/promises';
import { beforeAll, describe, expect, it } from 'vitest';
import { animateStill } from './animate';
import { probeVideoData } from '@app/shared/server/media/probe-video';

const FIXTURE = new URL('../../../../tests/fixtures/faces/astronaut.png', import.meta.url);

/** Top-level mp4 boxes in order: faststart puts `moov` before `mdat`. */
function topLevelBoxes(mp4: Buffer): string[] {
  const boxes: string[] = [];
  for (let offset = 0; offset + 8 <= mp4.length; ) {
    const size = mp4.readUInt32BE(offset);
    boxes.push(mp4.toString('latin1', offset + 4, offset + 8));
    if (size < 8) break;
    offset += size;
  }
  return boxes;
}

let still: Buffer;
beforeAll(async () => {
  still = await readFile(FIXTURE);
});

describe('animateStill', () => {
  it('makes a playable 3 s 720×900 H.264 clip with faststart', async () => {
    const clip = await animateStill(still, { durationSeconds: 3, width: 720, height: 900, motion: 'push-in' });
    const info = await probeVideoData(clip);
    expect(info.codec).toBe('h264');
    expect(info.pixFmt).toBe('yuv420p');
    expect({ width: info.width, height: info.height }).toEqual({ width: 720, height: 900 });
    expect(info.durationSeconds).toBeGreaterThan(2.8);
    expect(info.durationSeconds).toBeLessThan(3.2);
    const boxes = topLevelBoxes(clip);
    expect(boxes[0]).toBe('ftyp');
    expect(boxes.indexOf('moov')).toBeLessThan(boxes.indexOf('mdat'));
  }, 30_000);

  it.each(['pan-left', 'pan-right', 'drift'] as const)('%s at 24 fps keeps duration and size, rounded to even', async (motion) => {
    const clip = await animateStill(still, { durationSeconds: 4, width: 481, height: 601, motion, fps: 24 });
    const info = await probeVideoData(clip);
    expect({ width: info.width, height: info.height, codec: info.codec, pixFmt: info.pixFmt }).toEqual({ width: 480, height: 600, codec: 'h264', pixFmt: 'yuv420p' });
    expect(Math.abs((info.durationSeconds ?? 0) - 4)).toBeLessThanOrEqual(0.2);
  }, 30_000);

  it('refuses a duration out of range', async () => {
    await expect(animateStill(still, { durationSeconds: 0, width: 720, height: 900, motion: 'push-in' })).rejects.toBeInstanceOf(RangeError);
  });

  it('stops ffmpeg when the signal aborts', async () => {
    const controller = new AbortController();
    const pending = animateStill(still, { durationSeconds: 5, width: 720, height: 900, motion: 'drift' }, controller.signal);
    setTimeout(() => controller.abort(new Error('job cancelled')), 300);
    await expect(pending).rejects.toThrow('job cancelled');
  }, 30_000);
});
