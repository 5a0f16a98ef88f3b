import { KEEP_IDENTITY, findPreset } from '@app/shared';
import type { FeedItem } from '@app/shared/api/feed';
import type { MediaItem as LibraryAnswerItem, RunMedia } from '@app/shared/api/media';
import { describe, expect, it } from 'vitest';
import { captionOf } from './caption';
import { DEFAULT_ASPECT_RATIO, fromFeedItem, fromFeedItems, fromLibraryItem, fromRunMedia, isWaitingForVideos, presetTypeLabel } from './media-item';

const syndicate = findPreset('unreal-reflection', 'unreal_reflection_syndicate')!;

const feedItem: FeedItem = {
  id: 'm1',
  userId: 'u1',
  user_id: 'u1',
  user: { avatar: null, tier: 'free', name: 'Ada', username: 'ada' },
  mediaType: 'image',
  presetType: 'unreal_reflection',
  type: 'unreal_reflection',
  presetKey: 'unreal_reflection_syndicate',
  prompt: syndicate.prompt,
  finalUrl: 'http://localhost:3000/media/a.jpg',
  imageUrl: 'http://localhost:3000/media/a.jpg',
  thumbnailUrl: 'http://localhost:3000/media/a.webp',
  width: 800,
  height: 1000,
  variants: [],
  tags: [],
  likes_count: 3,
  createdAt: '2025-01-02T03:04:05.000Z',
  created_at: '2025-01-02T03:04:05.000Z',
  source_url: null,
  cloudinaryPublicId: null,
  metadata: { videoResults: [], totalVideos: 0, successfulVideos: 0, identity: { score: 0.91, threshold: 0.75, attempts: 1 } },
};

const libraryItem: LibraryAnswerItem = {
  id: 'm2',
  userId: 'u1',
  runId: 'run-2',
  mediaType: 'video',
  presetType: 'story_time',
  type: 'story_time',
  presetKey: null,
  prompt: 'A day at the beach',
  finalUrl: 'videos/v.mp4',
  url: 'videos/v.mp4',
  imageUrl: null,
  thumbnailUrl: null,
  width: null,
  height: null,
  variants: [],
  tags: [],
  likes_count: 0,
  createdAt: '2025-01-02T03:04:05.000Z',
  cloudinaryPublicId: null,
  status: 'completed',
  isPublic: false,
  expiresAt: null,
  metadata: { width: 720, height: 1280, videoResults: [{ videoUrl: 'https://cdn.example/clip-1.mp4', success: true }, { videoUrl: 'x', success: false }] },
};

describe('one media item from every answer', () => {
  it('reads a feed item with its creator, ratio and identity check', () => {
    expect(fromFeedItem(feedItem)).toMatchObject({
      id: 'm1',
      mediaType: 'photo',
      url: feedItem.finalUrl,
      posterUrl: feedItem.finalUrl,
      aspectRatio: 0.8,
      isPublic: true,
      creator: { name: 'Ada', avatar: null, username: 'ada' },
      identity: { score: 0.91, threshold: 0.75, attempts: 1 },
    });
  });

  it('skips feed items without an http address, and repeats', () => {
    expect(fromFeedItem({ ...feedItem, finalUrl: '/media/a.jpg', imageUrl: 'blob:xyz' })).toBeNull();
    expect(fromFeedItems([feedItem, feedItem, { ...feedItem, id: 'm3' }], new Set(['m3'])).map((item) => item.id)).toEqual(['m1']);
  });

  it("reads a library item's size from its metadata and plays a video's first clip", () => {
    expect(fromLibraryItem(libraryItem)).toMatchObject({
      mediaType: 'video',
      url: 'https://cdn.example/clip-1.mp4',
      aspectRatio: 720 / 1280,
      videoResults: ['https://cdn.example/clip-1.mp4'],
      isPublic: false,
      creator: null,
    });
    // A stored path is served under /media; without a size the one default ratio applies.
    expect(fromLibraryItem({ ...libraryItem, metadata: {} })).toMatchObject({ url: '/media/videos/v.mp4', aspectRatio: DEFAULT_ASPECT_RATIO });
  });

  it("reads a run's media (getMediaByRunId, run.done), whose `type` is the media kind, not the preset kind", () => {
    const runMedia: RunMedia = { ...libraryItem, presetType: 'story_time', type: 'video', created_at: libraryItem.createdAt };
    expect(fromRunMedia(runMedia)).toMatchObject({ id: 'm2', runId: 'run-2', presetType: 'story_time', mediaType: 'video', url: 'https://cdn.example/clip-1.mp4' });
    // An item whose preset kind was left blank never takes 'image' or 'video' as its preset.
    expect(fromRunMedia({ ...runMedia, presetType: '', type: 'image', mediaType: 'photo' }).presetType).toBeNull();
  });
});

describe('captions', () => {
  it("shows a catalogue look by its name and a short description, never the engineering prompt", () => {
    const caption = captionOf({ presetType: 'unreal_reflection', presetKey: 'unreal_reflection_syndicate', prompt: syndicate.prompt });
    expect(caption.title).toBe('The Syndicate');
    expect(caption.text).toBe('A cinematic crime-drama still');
    expect(caption.fullPrompt).not.toContain(KEEP_IDENTITY);
  });

  it("shows a person's prompt as written, else 'Generated with {presetKey}' or 'AI Generated Content'", () => {
    expect(captionOf({ presetType: 'custom_prompt', presetKey: null, prompt: 'A city' })).toEqual({ title: null, text: 'A city', fullPrompt: null });
    expect(captionOf({ presetType: 'custom_prompt', presetKey: 'neo_tokyo_base', prompt: '  ' }).text).toBe('Generated with neo_tokyo_base');
    expect(captionOf({ presetType: null, presetKey: null, prompt: null }).text).toBe('AI Generated Content');
  });

  it('names preset kinds with the labels of the spec', () => {
    expect(presetTypeLabel('unreal_reflection')).toBe('Unreal Reflection');
    expect(presetTypeLabel('ghibli-reaction')).toBe('Ghibli Reaction');
    expect(presetTypeLabel(null)).toBeNull();
  });
});

describe('Story Time', () => {
  it('waits for its videos until it has a clip, unless it failed', () => {
    expect(isWaitingForVideos({ presetType: 'story_time', videoResults: [], status: 'completed' })).toBe(true);
    expect(isWaitingForVideos({ presetType: 'story_time', videoResults: ['https://v'], status: 'completed' })).toBe(false);
    expect(isWaitingForVideos({ presetType: 'story_time', videoResults: [], status: 'failed' })).toBe(false);
  });
});
