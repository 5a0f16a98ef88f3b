import { describe, expect, it } from 'vitest';
import type { MediaItem } from '../../entities/media/media-item';
import { groupVariations } from './group-variations';

const item = (id: string, variationOf: string | null = null) => ({ id, variationOf }) as MediaItem;
const ids = (items: MediaItem[]) => items.map((entry) => entry.id);

describe('groupVariations', () => {
  it('puts each variation right after its original, newest first, and keeps the rest in order', () => {
    // Newest first, as the library lists: two variations of b made after c.
    const items = [item('v2', 'b'), item('v1', 'b'), item('c'), item('b'), item('a')];
    expect(ids(groupVariations(items))).toEqual(['c', 'b', 'v2', 'v1', 'a']);
  });

  it('leaves a variation in its place when its original is not shown', () => {
    expect(ids(groupVariations([item('v', 'gone'), item('a')]))).toEqual(['v', 'a']);
  });

  it('changes nothing without variations', () => {
    expect(ids(groupVariations([item('b'), item('a')]))).toEqual(['b', 'a']);
  });
});
