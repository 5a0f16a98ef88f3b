import { describe, expect, it } from 'vitest';
import { dateStamp, singleDownloadName, zipEntryNames, zipFileName } from './download-names';

const day = new Date(2025, 7, 4, 15, 30);

describe('download names (spec 2 §9)', () => {
  it('names the zips all-media-{date}.zip and selected-media-{date}.zip', () => {
    expect(dateStamp(day)).toBe('2025-08-04');
    expect(zipFileName('all', day)).toBe('all-media-2025-08-04.zip');
    expect(zipFileName('selected', day)).toBe('selected-media-2025-08-04.zip');
  });

  it('names entries brand-presettype-presetkey-date, the key without underscores, jpg or mp4', () => {
    const createdAt = new Date(2025, 6, 1, 12).toISOString();
    expect(
      zipEntryNames(
        [
          { presetType: 'unreal_reflection', presetKey: 'unreal_reflection_syndicate', createdAt, mediaType: 'photo' },
          { presetType: 'story_time', presetKey: 'story_time_cinematic', createdAt, mediaType: 'video' },
        ],
        day,
      ),
    ).toEqual(['mirrorverse-unreal_reflection-unrealreflectionsyndicate-2025-07-01.jpg', 'mirrorverse-story_time-storytimecinematic-2025-07-01.mp4']);
  });

  it('adds a 3-digit index only where names would clash', () => {
    const createdAt = new Date(2025, 6, 1, 12).toISOString();
    const names = zipEntryNames(
      [
        { presetType: 'custom_prompt', presetKey: null, createdAt, mediaType: 'photo' },
        { presetType: 'edit', presetKey: null, createdAt, mediaType: 'photo' },
        { presetType: 'custom_prompt', presetKey: null, createdAt, mediaType: 'photo' },
        { presetType: 'custom_prompt', presetKey: null, createdAt, mediaType: 'video' },
      ],
      day,
    );
    expect(names).toEqual([
      'mirrorverse-custom_prompt-2025-07-01-001.jpg',
      'mirrorverse-edit-2025-07-01.jpg',
      'mirrorverse-custom_prompt-2025-07-01-002.jpg',
      'mirrorverse-custom_prompt-2025-07-01.mp4',
    ]);
    expect(new Set(names).size).toBe(names.length);
  });

  it('falls back to the download day and to "media" when the item says nothing', () => {
    expect(zipEntryNames([{ presetType: null, presetKey: null, createdAt: null, mediaType: 'photo' }], day)).toEqual([
      'mirrorverse-media-2025-08-04.jpg',
    ]);
  });

  it('names a single download {brand}-{id}.jpg or .mp4', () => {
    expect(singleDownloadName({ id: 'abc', mediaType: 'photo' })).toBe('mirrorverse-abc.jpg');
    expect(singleDownloadName({ id: 'abc', mediaType: 'video' })).toBe('mirrorverse-abc.mp4');
  });
});
