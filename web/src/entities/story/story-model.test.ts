import { describe, expect, it } from 'vitest';
import { mediaBasesFor, readingTime, storyBlocks, storyNeighbours, toggleCategory } from './story-model';

const bases = mediaBasesFor('https://mirror.example', ['https://cdn.example/bucket/']);

describe('storyBlocks', () => {
  it('splits paragraphs on blank lines and keeps line breaks inside one', () => {
    expect(storyBlocks('First line\nsame paragraph\n\n  \nSecond', bases)).toEqual([
      { kind: 'text', text: 'First line\nsame paragraph' },
      { kind: 'text', text: 'Second' },
    ]);
  });

  it('turns lines that are URLs of our media hosts into images, in place', () => {
    const body = 'Before\nhttps://mirror.example/media/a.jpg\nAfter\n\nhttps://cdn.example/bucket/b.png';
    expect(storyBlocks(body, bases)).toEqual([
      { kind: 'text', text: 'Before' },
      { kind: 'image', src: 'https://mirror.example/media/a.jpg' },
      { kind: 'text', text: 'After' },
      { kind: 'image', src: 'https://cdn.example/bucket/b.png' },
    ]);
  });

  it('leaves other hosts, look-alike hosts and URLs inside sentences as text', () => {
    const body = 'https://elsewhere.example/x.jpg\n\nhttps://mirror.example.evil/x.jpg\n\nSee https://mirror.example/media/a.jpg here';
    expect(storyBlocks(body, bases).every((block) => block.kind === 'text')).toBe(true);
  });

  it('gives nothing for an empty body', () => {
    expect(storyBlocks(' \n\n ', bases)).toEqual([]);
  });
});

describe('storyNeighbours', () => {
  const list = [{ slug: 'a' }, { slug: 'b' }, { slug: 'c' }];
  it('finds the stories either side, without wrapping', () => {
    expect(storyNeighbours(list, 'b')).toEqual({ previous: { slug: 'a' }, next: { slug: 'c' } });
    expect(storyNeighbours(list, 'a')).toEqual({ previous: null, next: { slug: 'b' } });
    expect(storyNeighbours(list, 'c')).toEqual({ previous: { slug: 'b' }, next: null });
  });
  it('has none for a story not in the list', () => {
    expect(storyNeighbours(list, 'z')).toEqual({ previous: null, next: null });
  });
});

describe('toggleCategory', () => {
  it('selects a category, and clicking the selected one resets to all', () => {
    expect(toggleCategory(null, 'the-haunted')).toBe('the-haunted');
    expect(toggleCategory('the-haunted', 'the-divine')).toBe('the-divine');
    expect(toggleCategory('the-haunted', 'the-haunted')).toBeNull();
    expect(toggleCategory('the-haunted', null)).toBeNull();
  });
});

describe('readingTime', () => {
  it('rounds to minutes at 200 words a minute, at least one', () => {
    expect(readingTime(0)).toBe('1 min read');
    expect(readingTime(1000)).toBe('5 min read');
  });
});
