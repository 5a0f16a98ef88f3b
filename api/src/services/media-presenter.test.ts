import { getPublicFeedCall, getTrendingCall } from '@app/shared/api/feed';
import { getUserMediaCall, runMediaSchema } from '@app/shared/api/media';
import { describe, expect, it } from 'vitest';
import { toFeedItem, toMediaItem, toRunMedia, toTrendingItem } from './media-presenter';
import { aFeedRow, aMedia } from './testing/rows';

describe('the media presenter', () => {
  it('answers getUserMedia in the shape of its schema, the preset kind under `type`', () => {
    const item = toMediaItem(aMedia({ type: 'video', expires_at: new Date('2025-03-03T00:00:00Z') }));
    const answer = getUserMediaCall.response.parse({ success: true, items: [item], total: 1, hasMore: false });
    expect(answer.items[0]).toEqual(item);
    expect(item).toMatchObject({ mediaType: 'video', type: 'ghibli_reaction', presetType: 'ghibli_reaction', expiresAt: '2025-03-03T00:00:00.000Z' });
    // Spec 2 §3 reads width and height from the metadata.
    expect(item.metadata).toMatchObject({ provider: 'fal', width: 819, height: 1024 });
  });

  it('answers getMediaByRunId with the media kind under `type`', () => {
    const item = runMediaSchema.parse(toRunMedia(aMedia()));
    expect(item).toMatchObject({ type: 'image', mediaType: 'photo', presetType: 'ghibli_reaction', url: 'https://cdn.example/final.jpg' });
  });

  it('names the creator in the feed by name, else username, else null', () => {
    expect(toFeedItem(aFeedRow({ name: 'Ada', username: 'ada_l' })).user.name).toBe('Ada');
    expect(toFeedItem(aFeedRow({ name: '  ', username: 'ada_l' })).user.name).toBe('ada_l');
    expect(toFeedItem(aFeedRow()).user.name).toBeNull();
  });

  it('answers the feed in its schema and shows the source photo to its owner only', () => {
    const row = aFeedRow({ metadata: { videoResults: [{ videoUrl: 'https://cdn.example/v.mp4' }], totalVideos: 1, secret: 'x' } });
    const page = getPublicFeedCall.response.parse({ success: true, items: [toFeedItem(row)], hasMore: false, nextCursor: null });
    expect(page.items[0]).toMatchObject({ mediaType: 'image', type: 'ghibli_reaction', user_id: row.user_id, source_url: null });
    expect(page.items[0]!.metadata).toEqual({ videoResults: [{ videoUrl: 'https://cdn.example/v.mp4' }], totalVideos: 1, successfulVideos: 0 });
    expect(toFeedItem(row, row.user_id!).source_url).toBe('https://cdn.example/source.jpg');
    expect(toFeedItem(row, 'someone-else').source_url).toBeNull();
  });

  it('scores trending items as likes × e^(−age in days / decay)', () => {
    const created = new Date('2025-03-01T00:00:00Z');
    const now = new Date('2025-03-08T00:00:00Z');
    const item = toTrendingItem(aFeedRow({ likes_count: 10, created_at: created }), now, 7);
    expect(getTrendingCall.response.parse({ success: true, items: [item] }).items[0]!.trendingScore).toBeCloseTo(10 / Math.E, 6);
  });
});
