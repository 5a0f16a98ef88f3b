import { describe, expect, it } from 'vitest';
import type { MediaItem } from '../../entities/media/media-item';
import { engineLabelOf } from './engine-of';

const base = {
  id: 'm1',
  userId: 'u1',
  runId: 'run-1',
  mediaType: 'photo',
  presetType: null,
  presetKey: null,
  prompt: 'A portrait in anime style',
  url: '/media/a.jpg',
  posterUrl: '/media/a.jpg',
  thumbnailUrl: null,
  variants: [],
  width: 819,
  height: 1024,
  aspectRatio: 0.8,
  createdAt: '2026-01-02T03:04:05.000Z',
  likes_count: 0,
  isPublic: false,
  status: 'completed',
  videoResults: [],
  identity: null,
  tags: [],
  creator: null,
} satisfies MediaItem;

const madeBy = (provider: string | null | undefined) => ({ ...base, provider }) as MediaItem;

describe('engineLabelOf', () => {
  it('names the local engine as the local preview and a provider by its name', () => {
    expect(engineLabelOf(madeBy('local'))).toBe('Local preview');
    expect(engineLabelOf(madeBy('instant'))).toBe('Instant preview');
    expect(engineLabelOf(madeBy('fal'))).toBe('fal.ai');
    expect(engineLabelOf(madeBy('bfl'))).toBe('Black Forest Labs');
  });

  it('says nothing when the item does not say', () => {
    expect(engineLabelOf(base)).toBeUndefined();
    expect(engineLabelOf(madeBy(null))).toBeUndefined();
  });
});
