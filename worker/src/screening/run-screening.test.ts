import { parseConfig } from '@app/shared/server/config';
import type { Screening, Upload } from '@app/shared/server/db';
import pino from 'pino';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { FakeScreener, scores } from '../../testing/fake-screener';
import { solidImage } from '../../testing/pipeline-fakes';
import type { Output } from '../pipeline/produce-output';
import { animateStill } from '../pipeline/video/animate';
import { RunScreening } from './run-screening';
import { videoFrames } from './video-frames';

const thresholds = parseConfig({ NODE_ENV: 'test' }).screening.thresholds;

/** Uploads in memory: their stored screening by public id. */
function uploadsInMemory() {
  const stored = new Map<string, Screening>();
  return {
    stored,
    findByPublicId: async (publicId: string) => (stored.has(publicId) ? ({ public_id: publicId, screening: stored.get(publicId) } as Upload) : undefined),
    saveScreening: async (publicId: string, screening: Screening) => void stored.set(publicId, screening),
  };
}

function screeningWith(screener: FakeScreener, uploads = uploadsInMemory()) {
  return { screening: new RunScreening({ screener, thresholds, uploads, logger: pino({ level: 'silent' }) }), uploads };
}

describe('RunScreening', () => {
  let clip: Buffer;
  let still: Output['still'];
  beforeAll(async () => {
    still = await solidImage(64, 80);
    clip = await animateStill(still.data, { durationSeconds: 1, width: 64, height: 80, motion: 'push-in' });
  });

  it('takes the first, middle and last frames of a clip', async () => {
    const frames = await videoFrames(clip);
    expect(frames).toHaveLength(3);
    for (const frame of frames) expect(await sharp(frame).metadata()).toMatchObject({ format: 'png', width: 64, height: 80 });
  });

  it('classifies a video\'s still and three frames: one frame above "block" holds the item', async () => {
    // still, start, middle, end: only the end frame is explicit.
    const screener = new FakeScreener().answer({ Neutral: 1 }, { Neutral: 1 }, { Neutral: 0.9, Sexy: 0.1 }, { Porn: 0.88, Neutral: 0.12 });
    const { screening } = screeningWith(screener);
    const result = await screening.screen('run-1', { type: 'video', still, video: clip }, []);
    expect(screener.screened).toBe(4);
    expect(result).toMatchObject({ moderation: 'held', moderation_reason: 'Porn', is_public: false });
    expect(JSON.parse(result.screening ?? '')).toMatchObject({ verdict: 'block', scores: { Porn: 0.88, Neutral: 1, Sexy: 0.1 } });
  });

  it('classifies every Story Time clip, skipping the ones that failed', async () => {
    const screener = new FakeScreener();
    const { screening } = screeningWith(screener);
    const output: Output = { type: 'video', still, video: clip, videos: [{ video: clip, still }, { error: 'provider hiccup' }, { video: clip, still }] };
    expect(await screening.screen('run-2', output, [])).toMatchObject({ moderation: 'clear' });
    expect(screener.screened).toBe(1 + 3 + 3);
  });

  it('stores a source photo\'s scores on its upload and reuses them on the next run', async () => {
    const screener = new FakeScreener().answer({ Neutral: 1 }, { Sexy: 0.9, Neutral: 0.1 });
    const { screening, uploads } = screeningWith(screener);
    const source = { publicId: 'upload-1', data: still.data };
    expect(await screening.screen('run-3', { type: 'image', still }, [source])).toMatchObject({ moderation: 'review', moderation_reason: 'Sexy' });
    expect(uploads.stored.get('upload-1')).toMatchObject({ classifier: 'fake', verdict: 'review', scores: scores({ Sexy: 0.9, Neutral: 0.1 }) });
    expect(screener.screened).toBe(2);
    // The same photo in another run: only the new output is classified; the stored scores still count.
    expect(await screening.screen('run-4', { type: 'image', still }, [source])).toMatchObject({ moderation: 'review', moderation_reason: 'Sexy' });
    expect(screener.screened).toBe(3);
  });

  it('holds an image its provider flagged, whatever the scores', async () => {
    const { screening } = screeningWith(new FakeScreener());
    const result = await screening.screen('run-5', { type: 'image', still: { ...still, flagged: true } }, []);
    expect(result).toMatchObject({ moderation: 'held', moderation_reason: 'Provider flagged', is_public: false });
    expect(JSON.parse(result.screening ?? '')).toMatchObject({ providerFlagged: true, verdict: 'block' });
  });

  it('lets a failing classifier keep the item, waiting for review as unscreened', async () => {
    const { screening } = screeningWith(new FakeScreener().answer({ Neutral: 1 }, new Error('wasm out of memory')));
    const result = await screening.screen('run-6', { type: 'image', still }, [{ publicId: 'upload-2', data: still.data }]);
    expect(result).toEqual({ moderation: 'review', moderation_reason: 'unscreened', screening: null });
  });
});
