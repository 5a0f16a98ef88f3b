import { describe, expect, it } from 'vitest';
import { isWaitingForVideos, presetTypeLabel, toFeedItem, toFeedItems } from './feed-item';

const base = {
  id: 'm1',
  user_id: 'u1',
  user: { avatar: null, tier: 'free', name: 'Ada' },
  mediaType: 'image',
  finalUrl: 'http://localhost:3000/media/a.jpg',
  imageUrl: 'http://localhost:3000/media/a.jpg',
  thumbnailUrl: 'http://localhost:3000/media/a.webp',
  prompt: 'neon city',
  presetKey: 'unreal_reflection_syndicate',
  type: 'unreal_reflection',
  created_at: '2025-01-02T03:04:05.000Z',
  likes_count: 3,
  width: 800,
  height: 1000,
  metadata: { videoResults: [], totalVideos: 0, successfulVideos: 0, identity: { score: 0.91, threshold: 0.75, attempts: 1 } },
};

describe('toFeedItem', () => {
  it('maps an image with its tokens, ratio and identity check', () => {
    const item = toFeedItem(base);
    expect(item).toMatchObject({
      id: 'm1',
      type: 'photo',
      url: base.finalUrl,
      posterUrl: base.finalUrl,
      tokensUsed: 2,
      isPublic: true,
      aspectRatio: 0.8,
      likes_count: 3,
      presetType: 'unreal_reflection',
      identity: { score: 0.91, threshold: 0.75, attempts: 1 },
    });
  });

  it('maps a video with the still as poster and 5 tokens', () => {
    const item = toFeedItem({ ...base, mediaType: 'video', finalUrl: 'https://cdn.example/v.mp4', imageUrl: 'https://cdn.example/v.jpg' });
    expect(item).toMatchObject({ type: 'video', url: 'https://cdn.example/v.mp4', posterUrl: 'https://cdn.example/v.jpg', tokensUsed: 5 });
  });

  it('skips items whose finalUrl and imageUrl do not start with http', () => {
    expect(toFeedItem({ ...base, finalUrl: '/media/a.jpg', imageUrl: 'blob:xyz' })).toBeNull();
    expect(toFeedItem({ ...base, finalUrl: 'data:image/png;base64,AA', imageUrl: 'https://x.example/a.jpg' })?.url).toBe(
      'https://x.example/a.jpg',
    );
  });

  it('drops repeats of items already loaded', () => {
    expect(toFeedItems([base, { ...base }, { ...base, id: 'm2' }], new Set(['m2'])).map((i) => i.id)).toEqual(['m1']);
  });
});

describe('presetTypeLabel and isWaitingForVideos', () => {
  it('names preset types with the labels of the spec', () => {
    expect(presetTypeLabel('unreal_reflection')).toBe('Unreal Reflection');
    expect(presetTypeLabel('ghibli-reaction')).toBe('Ghibli Reaction');
    expect(presetTypeLabel('edit')).toBe('Studio');
    expect(presetTypeLabel(null)).toBeNull();
  });

  it('says a story-time item waits for its videos until it has one', () => {
    expect(isWaitingForVideos({ presetType: 'story_time', videoResults: [], type: 'photo' })).toBe(true);
    expect(isWaitingForVideos({ presetType: 'story_time', videoResults: ['https://v'], type: 'photo' })).toBe(false);
  });
});
