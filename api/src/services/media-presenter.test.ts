import { getPublicFeedCall, getTrendingCall } from '@app/shared/api/feed';
import { getUserMediaCall, runMediaSchema } from '@app/shared/api/media';
import { MediaUrls } from '@app/shared/server/storage';
import { describe, expect, it } from 'vitest';
import { toFeedItem, toMediaItem, toRunMedia, toTrendingItem } from '@app/shared/server/media/media-presenter';
import { aFeedRow, aMedia, testMediaSigner, testMediaUrls as urls } from '../../testing/rows';

describe('the media presenter', () => {
  it('answers getUserMedia in the shape of its schema, the preset kind under `type`', () => {
    const item = toMediaItem(aMedia({ type: 'video', expires_at: new Date('2025-03-03T00:00:00Z') }), urls);
    const answer = getUserMediaCall.response.parse({ success: true, items: [item], total: 1, hasMore: false });
    expect(answer.items[0]).toEqual(item);
    expect(item).toMatchObject({ mediaType: 'video', type: 'ghibli_reaction', presetType: 'ghibli_reaction', expiresAt: '2025-03-03T00:00:00.000Z' });
    // Spec 2 §3 reads width and height from the metadata.
    expect(item.metadata).toMatchObject({ provider: 'fal', width: 819, height: 1024 });
  });

  it('answers getMediaByRunId with the media kind under `type`', () => {
    const item = runMediaSchema.parse(toRunMedia(aMedia(), urls));
    expect(item).toMatchObject({ type: 'image', mediaType: 'photo', presetType: 'ghibli_reaction', url: 'https://cdn.example/final.jpg' });
  });

  it('names the creator in the feed by name, else username, else null', () => {
    expect(toFeedItem(aFeedRow({ name: 'Ada', username: 'ada_l' }), urls).user.name).toBe('Ada');
    expect(toFeedItem(aFeedRow({ name: '  ', username: 'ada_l' }), urls).user.name).toBe('ada_l');
    expect(toFeedItem(aFeedRow(), urls).user.name).toBeNull();
  });

  it('answers the feed in its schema and shows the source photo to its owner only', () => {
    const row = aFeedRow({ metadata: { videoResults: [{ videoUrl: 'https://cdn.example/v.mp4' }], totalVideos: 1, secret: 'x' } });
    const page = getPublicFeedCall.response.parse({ success: true, items: [toFeedItem(row, urls)], hasMore: false, nextCursor: null });
    expect(page.items[0]).toMatchObject({ mediaType: 'image', type: 'ghibli_reaction', user_id: row.user_id, source_url: null });
    expect(page.items[0]!.metadata).toEqual({ videoResults: [{ videoUrl: 'https://cdn.example/v.mp4' }], totalVideos: 1, successfulVideos: 0 });
    expect(toFeedItem(row, urls, row.user_id!).source_url).toBe('https://cdn.example/source.jpg');
    expect(toFeedItem(row, urls, 'someone-else').source_url).toBeNull();
  });

  it('makes addresses of stored keys from the storage’s base, and leaves addresses of files not ours as they are', () => {
    const base = 'users/u-1/media/m-1';
    const stored = {
      final_url: `${base}/clip-0.mp4`,
      thumbnail_url: `${base}/thumb.webp`,
      source_url: 'users/u-1/uploads/p.jpg',
      metadata: { imageUrl: `${base}/full.jpg`, videoResults: [{ index: 0, success: true, videoUrl: `${base}/clip-0.mp4` }, { index: 1, success: false, error: 'x' }] },
    };
    // The owner's view: signed addresses (issue 42), which still name their keys.
    const signed = (key: string) => expect.stringMatching(new RegExp(`^http://media\\.test/${key.replace(/\./g, '\\.')}\\?exp=\\d+&sig=[\\w-]{43}$`));
    const item = toMediaItem(aMedia({ ...stored, type: 'video' }), urls);
    expect(item).toMatchObject({
      finalUrl: signed(`${base}/clip-0.mp4`),
      url: signed(`${base}/clip-0.mp4`),
      imageUrl: signed(`${base}/full.jpg`),
      thumbnailUrl: signed(`${base}/thumb.webp`),
    });
    expect(item.metadata).toMatchObject({ imageUrl: signed(`${base}/full.jpg`), videoResults: [{ videoUrl: signed(`${base}/clip-0.mp4`) }, { success: false, error: 'x' }] });
    const row = aFeedRow({ ...stored, avatar_url: 'users/u-1/avatar/a.webp' });
    const feedItem = toFeedItem(row, urls, row.user_id!);
    // A listed item's files are plain (CDN-cacheable); its source photo is signed, for its owner only.
    expect(feedItem).toMatchObject({ finalUrl: `http://media.test/${base}/clip-0.mp4`, source_url: signed('users/u-1/uploads/p.jpg'), user: { avatar: 'http://media.test/users/u-1/avatar/a.webp' } });
    expect(feedItem.metadata.videoResults).toEqual([{ index: 0, success: true, videoUrl: `http://media.test/${base}/clip-0.mp4` }, { index: 1, success: false, error: 'x' }]);
    // The owner's own item that is not listed (their private item's page): signed.
    expect(toFeedItem(row, urls, row.user_id!, false)).toMatchObject({ finalUrl: signed(`${base}/clip-0.mp4`), thumbnailUrl: signed(`${base}/thumb.webp`) });
    // Another deployment's base serves the same rows at its own addresses.
    const elsewhere = new MediaUrls({ publicUrl: (key) => `https://cdn.example.org/m/${key}` }, testMediaSigner);
    expect(toFeedItem(row, elsewhere).finalUrl).toBe(`https://cdn.example.org/m/${base}/clip-0.mp4`);
  });

  it('scores trending items as likes × e^(−age in days / decay)', () => {
    const created = new Date('2025-03-01T00:00:00Z');
    const now = new Date('2025-03-08T00:00:00Z');
    const item = toTrendingItem(aFeedRow({ likes_count: 10, created_at: created }), urls, now, 7);
    expect(getTrendingCall.response.parse({ success: true, items: [item] }).items[0]!.trendingScore).toBeCloseTo(10 / Math.E, 6);
  });
});
