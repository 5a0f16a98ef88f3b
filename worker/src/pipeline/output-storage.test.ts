import { COST_IMAGE, COST_VIDEO } from '@app/shared';
import { describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { storeOutput } from './output-storage';
import { MemoryStorage, solidImage, storedRequest } from '../../testing/pipeline-fakes';

const request = storedRequest({
  serviceMode: 'story-time',
  presetType: 'story_time',
  presetId: 'story_time_cinematic',
  prompt: 'a cinematic story',
  enableVideo: true,
  cost: 15,
});
const owner = { runId: 'run-00000001', userId: 'u1', isPublic: true };

describe('storeOutput', () => {
  it('keeps an image as a JPEG with a WebP thumbnail under the media folder, costing one image, and names its files by key', async () => {
    const storage = new MemoryStorage();
    const still = await solidImage(640, 800);
    const imageRequest = { ...request, serviceMode: 'custom-prompt', presetType: 'custom_prompt', enableVideo: false } as const;
    const identity = { applicable: true, score: 0.8, threshold: 0.5, passed: true, attempts: 1 };
    const { row, cost } = await storeOutput(storage, owner, imageRequest, undefined, { type: 'image', still, identity });
    expect(cost).toBe(COST_IMAGE);
    const base = `users/u1/media/${row.id}`;
    // A 640 px still gets the one grid width narrower than itself, never an enlargement.
    expect([...storage.objects.keys()].sort()).toEqual([`${base}/full.jpg`, `${base}/thumb.webp`, `${base}/w360.webp`]);
    expect(JSON.parse(String(row.variants))).toEqual([{ key: `${base}/w360.webp`, width: 360, format: 'webp' }]);
    const variant = await sharp(storage.objects.get(`${base}/w360.webp`)!.data).metadata();
    expect([variant.format, variant.width, variant.height]).toEqual(['webp', 360, 450]);
    expect(storage.objects.get(`${base}/full.jpg`)?.contentType).toBe('image/jpeg');
    expect(row).toMatchObject({
      run_id: 'run-00000001',
      type: 'image',
      // Keys, not addresses: the api makes addresses from the storage's base when it answers.
      final_url: `${base}/full.jpg`,
      thumbnail_url: `${base}/thumb.webp`,
      source_url: request.sources[0]!.key,
      is_public: true,
      width: 640,
      height: 800,
    });
    expect(JSON.parse(String(row.metadata))).toMatchObject({ provider: 'fake', imageUrl: `${base}/full.jpg`, identity: { score: 0.8, attempts: 1, passed: true } });
  });

  it('charges Story Time per clip made and points the media at the first one', async () => {
    const storage = new MemoryStorage();
    const still = await solidImage(64, 80);
    const videos = [{ error: 'provider hiccup' }, { still, video: Buffer.from('clip1') }, { still, video: Buffer.from('clip2') }];
    const { row, cost } = await storeOutput(storage, owner, request, undefined, { type: 'video', still, video: Buffer.from('clip1'), videos });
    expect(cost).toBe(2 * COST_VIDEO);
    expect(row.storage_key).toBe(`users/u1/media/${row.id}/clip-1.mp4`);
    expect(row.final_url).toBe(`users/u1/media/${row.id}/clip-1.mp4`);
    expect(JSON.parse(String(row.metadata))).toMatchObject({
      totalVideos: 3,
      successfulVideos: 2,
      videoResults: [
        { index: 0, success: false, error: 'provider hiccup' },
        { index: 1, success: true, videoUrl: `users/u1/media/${row.id}/clip-1.mp4` },
        { index: 2, success: true, videoUrl: `users/u1/media/${row.id}/clip-2.mp4` },
      ],
    });
  });

  it('stores a retried run under the same id (no second media item)', async () => {
    const still = await solidImage(64, 80);
    const first = await storeOutput(new MemoryStorage(), owner, request, undefined, { type: 'image', still });
    const again = await storeOutput(new MemoryStorage(), owner, request, undefined, { type: 'image', still });
    expect(again.row.id).toBe(first.row.id);
  });

  it('gives a run the person tried again new file addresses inside the same item, so no browser shows the old image', async () => {
    const still = await solidImage(64, 80);
    const first = await storeOutput(new MemoryStorage(), owner, request, undefined, { type: 'image', still });
    const retried = await storeOutput(new MemoryStorage(), owner, { ...request, retry: 1 }, undefined, { type: 'image', still });
    expect(retried.row.id).toBe(first.row.id);
    expect(retried.row.final_url).not.toBe(first.row.final_url);
    expect(retried.row.storage_key).toMatch(new RegExp(`^users/u1/media/${first.row.id}/retry-1/`));
  });
});
