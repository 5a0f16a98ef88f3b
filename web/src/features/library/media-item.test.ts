import { describe, expect, it } from 'vitest';
import {
  aspectRatioOf,
  displayPrompt,
  identityLabel,
  isAwaitingVideos,
  mediaSourceUrl,
  presetLabel,
  resolveMediaUrl,
  sizeOf,
  toLibraryItem,
} from './media-item';

const raw = {
  id: 'm1',
  userId: 'u1',
  runId: 'run-1',
  mediaType: 'photo',
  type: 'unreal_reflection',
  presetType: 'unreal_reflection',
  finalUrl: 'https://cdn.example/m1.jpg',
  url: 'https://cdn.example/m1.jpg',
  thumbnailUrl: 'https://cdn.example/m1-thumb.webp',
  prompt: '',
  presetKey: 'unreal_reflection_syndicate',
  status: 'completed',
  createdAt: '2025-08-04T10:00:00.000Z',
  isPublic: true,
  likes_count: 3,
  expiresAt: null,
  metadata: { width: 1024, height: 1280, identity: { score: 0.934, threshold: 0.75, attempts: 2, passed: true } },
};

describe('library items (spec 2 §3)', () => {
  it('reads the server item', () => {
    const item = toLibraryItem(raw)!;
    expect(item).toMatchObject({ id: 'm1', mediaType: 'photo', presetType: 'unreal_reflection', likes: 3, width: 1024, height: 1280, isPublic: true });
    expect(identityLabel(item.identity!)).toBe('Identity 0.93');
    expect(toLibraryItem({ prompt: 'no id' })).toBeNull();
  });

  it("shows 'Generated with {presetKey}' or 'AI Generated Content' without a prompt", () => {
    expect(displayPrompt({ prompt: '  ', presetKey: 'neo_tokyo_base' })).toBe('Generated with neo_tokyo_base');
    expect(displayPrompt({ prompt: null, presetKey: null })).toBe('AI Generated Content');
    expect(displayPrompt({ prompt: 'A city', presetKey: 'x' })).toBe('A city');
  });

  it('takes the aspect ratio from the metadata; 4:3 and 800×600 by default; 3D square 600×600', () => {
    expect(aspectRatioOf({ mediaType: 'photo', width: 1024, height: 1280 })).toBeCloseTo(0.8);
    expect(aspectRatioOf({ mediaType: 'photo', width: null, height: null })).toBeCloseTo(4 / 3);
    expect(sizeOf({ mediaType: 'photo', width: null, height: null })).toEqual({ width: 800, height: 600 });
    expect(sizeOf({ mediaType: '3d', width: 10, height: 20 })).toEqual({ width: 600, height: 600 });
    expect(aspectRatioOf({ mediaType: '3d', width: 10, height: 20 })).toBe(1);
  });

  it('keeps absolute, data: and blob: urls; prefixes bare storage paths', () => {
    expect(resolveMediaUrl('https://x/y.jpg')).toBe('https://x/y.jpg');
    expect(resolveMediaUrl('data:image/png;base64,AA')).toBe('data:image/png;base64,AA');
    expect(resolveMediaUrl('blob:http://x/1')).toBe('blob:http://x/1');
    expect(resolveMediaUrl('users/1/a.jpg')).toBe('/media/users/1/a.jpg');
  });

  it('labels preset types as spec 2 §9 does', () => {
    expect(presetLabel('edit')).toBe('Studio');
    expect(presetLabel('story-time')).toBe('Story Time');
    expect(presetLabel('something_new')).toBe('Something New');
  });

  it("shows Story Time as 'Generating Videos...' until a video is in, then plays the first clip", () => {
    const story = toLibraryItem({ ...raw, mediaType: 'video', presetType: 'story_time', metadata: { videoResults: [] } })!;
    expect(isAwaitingVideos(story)).toBe(true);
    const done = toLibraryItem({
      ...raw,
      mediaType: 'video',
      presetType: 'story_time',
      metadata: { videoResults: [{ videoUrl: 'https://x/fail.mp4', success: false }, { videoUrl: 'https://x/1.mp4', success: true }] },
    })!;
    expect(isAwaitingVideos(done)).toBe(false);
    expect(mediaSourceUrl(done)).toBe('https://x/1.mp4');
  });
});
