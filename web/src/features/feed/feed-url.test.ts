import { describe, expect, it } from 'vitest';
import { NO_FILTER } from './feed-api';
import { feedHref, filterFromParams, withFilter } from './feed-url';

const CREATOR = '7d3f1c2a-4b5e-4f60-8a9b-0c1d2e3f4a5b';
const read = (search: string) => filterFromParams(new URLSearchParams(search));
const write = (search: string, patch: Parameters<typeof withFilter>[1]) => withFilter(new URLSearchParams(search), patch).toString();

describe('the feed filter in the address of /', () => {
  it('reads the plain feed from no parameters', () => {
    expect(read('')).toEqual(NO_FILTER);
  });

  it('reads every parameter', () => {
    expect(read(`type=custom_prompt&creator=${CREATOR}&sort=top&period=week&q=neon+rain&tag=tokyo`)).toEqual({
      presetType: 'custom_prompt',
      creatorId: CREATOR,
      sort: 'top',
      period: 'week',
      q: 'neon rain',
      tag: 'tokyo',
      feed: null,
    });
    expect(read('sort=trending').sort).toBe('trending');
  });

  it('leaves what the feed cannot do at its default', () => {
    expect(read('sort=oldest&period=year')).toEqual(NO_FILTER);
    // A period is `top`'s only.
    expect(read('sort=trending&period=day')).toMatchObject({ sort: 'trending', period: 'all' });
    expect(read('period=week').period).toBe('all');
    expect(read('tag=not a tag').tag).toBeNull();
    expect(read('tag=-dash').tag).toBeNull();
    expect(read('q=++&type=&creator=')).toEqual(NO_FILTER);
  });

  it('reads a tag in any case, and a search as the server takes it', () => {
    expect(read('tag=Tokyo').tag).toBe('tokyo');
    expect(read(`q=${encodeURIComponent('  neon\t rain ')}`).q).toBe('neon rain');
    expect(read(`q=${'a'.repeat(140)}`).q).toHaveLength(100);
  });

  it('writes a change without the defaults, in one order, keeping other parameters', () => {
    expect(write('', { sort: 'top', period: 'week' })).toBe('sort=top&period=week');
    expect(write('sort=top&period=week', { sort: 'new' })).toBe('');
    expect(write('sort=top&period=week', { period: 'all' })).toBe('sort=top');
    expect(write('sort=trending', { period: 'day' })).toBe('sort=trending');
    expect(write('ref=mail&tag=cat', { q: 'neon rain', tag: null })).toBe('ref=mail&q=neon+rain');
    expect(write(`q=x&creator=${CREATOR}`, { presetType: 'story_time' })).toBe(`type=story_time&creator=${CREATOR}&q=x`);
    expect(write('type=story_time&q=x&tag=cat', { presetType: null, q: null, tag: null })).toBe('');
  });

  it('reads back what it wrote', () => {
    const filter = { ...NO_FILTER, sort: 'top', period: 'day', q: 'golden hour', tag: 'sea' } as const;
    expect(filterFromParams(withFilter(new URLSearchParams(), filter))).toEqual(filter);
  });

  it('reads and writes the Following feed, which is newest first and narrowed by nothing else', () => {
    expect(read('feed=following')).toEqual({ ...NO_FILTER, feed: 'following' });
    expect(read('feed=following&sort=top&q=neon&tag=sea').feed).toBe('following');
    expect(read('feed=following&sort=top&q=neon&tag=sea')).toEqual({ ...NO_FILTER, feed: 'following' });
    expect(read('feed=friends').feed).toBeNull();
    expect(write('sort=top&period=week&q=x', { feed: 'following' })).toBe('feed=following');
    // Another order, a search or a narrowing leaves it for everyone's feed.
    expect(write('feed=following', { feed: null, sort: 'trending' })).toBe('sort=trending');
    expect(write('feed=following', { q: 'neon rain' })).toBe('q=neon+rain');
    expect(write('feed=following', { tag: 'sea' })).toBe('tag=sea');
    expect(write('feed=following', { q: null, tag: null })).toBe('feed=following');
  });

  it('links to the feed narrowed by a tag, or to / for the plain feed', () => {
    expect(feedHref({ tag: 'neon-rain' })).toBe('/?tag=neon-rain');
    expect(feedHref({})).toBe('/');
  });
});
