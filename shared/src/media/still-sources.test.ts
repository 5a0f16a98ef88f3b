import { describe, expect, it } from 'vitest';
import { stillSources } from './still-sources';

const base = 'https://media.example/users/u/media/m';

describe('stillSources', () => {
  it('offers every stored size as a width candidate, a mid-size copy as src', () => {
    const sources = stillSources({
      width: 1024,
      still: `${base}/full.jpg`,
      thumbnailUrl: `${base}/thumb.webp`,
      variants: [
        { url: `${base}/w360.webp`, width: 360 },
        { url: `${base}/w720.webp`, width: 720 },
      ],
    });
    expect(sources.srcSet).toBe(`${base}/w360.webp 360w, ${base}/thumb.webp 480w, ${base}/w720.webp 720w, ${base}/full.jpg 1024w`);
    expect(sources.src).toBe(`${base}/w720.webp`);
  });

  it('falls back to the thumbnail, then the still, when nothing else was stored or the size is unknown', () => {
    expect(stillSources({ width: null, still: `${base}/full.jpg`, thumbnailUrl: `${base}/thumb.webp`, variants: [] })).toEqual({ src: `${base}/thumb.webp`, srcSet: undefined });
    expect(stillSources({ width: 300, still: `${base}/full.jpg`, thumbnailUrl: null, variants: [] })).toEqual({ src: `${base}/full.jpg`, srcSet: undefined });
  });
});
