import { describe, expect, it } from 'vitest';
import { cleanSearch, searchTextOf, searchToFilter } from './feed-search';

describe('the feed search box', () => {
  it('makes `#word` the tag filter, in lowercase', () => {
    expect(searchToFilter('#Tokyo')).toEqual({ q: null, tag: 'tokyo' });
    expect(searchToFilter('  #neon-rain ')).toEqual({ q: null, tag: 'neon-rain' });
  });

  it('keeps a bare word a search of prompts, tags and looks (it finds what the tag would, and more)', () => {
    expect(searchToFilter('sunset')).toEqual({ q: 'sunset', tag: null });
    expect(searchToFilter('Cyber-Siren')).toEqual({ q: 'Cyber-Siren', tag: null });
  });

  it('searches the words of prompts and tags otherwise', () => {
    expect(searchToFilter('neon  rain')).toEqual({ q: 'neon rain', tag: null });
    expect(searchToFilter("cat's")).toEqual({ q: "cat's", tag: null });
    expect(searchToFilter('#two words')).toEqual({ q: '#two words', tag: null });
    expect(searchToFilter('#-dash')).toEqual({ q: '#-dash', tag: null });
    expect(searchToFilter('a'.repeat(51))).toEqual({ q: 'a'.repeat(51), tag: null });
  });

  it('clears the search for empty text or a lone #', () => {
    expect(searchToFilter('')).toEqual({ q: null, tag: null });
    expect(searchToFilter('   ')).toEqual({ q: null, tag: null });
    expect(searchToFilter('#')).toEqual({ q: null, tag: null });
  });

  it('sends one line of at most 100 characters, never half an emoji', () => {
    expect(cleanSearch('neon\u0000\nrain\t')).toBe('neon rain');
    expect(cleanSearch(`${'a'.repeat(99)}😀`)).toBe('a'.repeat(99));
    expect(cleanSearch(`${'a '.repeat(50)}b`)).toBe('a '.repeat(49) + 'a');
  });

  it('shows the words, or #tag, in the box', () => {
    expect(searchTextOf({ q: 'neon rain', tag: null })).toBe('neon rain');
    expect(searchTextOf({ q: null, tag: 'tokyo' })).toBe('#tokyo');
    expect(searchTextOf({ q: null, tag: null })).toBe('');
    expect(searchTextOf(searchToFilter('#Tokyo'))).toBe('#tokyo');
  });
});
