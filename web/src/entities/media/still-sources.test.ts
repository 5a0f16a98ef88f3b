import { describe, expect, it } from 'vitest';
import { stillSources } from './still-sources';

const base = 'https://media.example/users/u/media/m';

describe('stillSources', () => {
  it('offers every stored size as a width candidate, a mid-size copy as src', () => {
    const sources = stillSources({
      width: 1024,
      posterUrl: `${base}/full.jpg`,
      thumbnailUrl: `${base}/thumb.webp`,
      variants: [
        { url: `${base}/w320.webp`, width: 320, format: 'webp' },
        { url: `${base}/w640.webp`, width: 640, format: 'webp' },
      ],
    });
    expect(sources.srcSet).toBe(`${base}/w320.webp 320w, ${base}/thumb.webp 480w, ${base}/w640.webp 640w, ${base}/full.jpg 1024w`);
    expect(sources.src).toBe(`${base}/w640.webp`);
  });

  it('falls back to the thumbnail, then the still, when nothing else was stored or the size is unknown', () => {
    expect(stillSources({ width: null, posterUrl: `${base}/full.jpg`, thumbnailUrl: `${base}/thumb.webp`, variants: [] })).toEqual({ src: `${base}/thumb.webp`, srcSet: undefined });
    expect(stillSources({ width: 300, posterUrl: `${base}/full.jpg`, thumbnailUrl: null, variants: [] })).toEqual({ src: `${base}/full.jpg`, srcSet: undefined });
  });
});
