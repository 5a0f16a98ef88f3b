import type { MediaItem } from './media-item';

/** The thumbnail is stored 480 px wide (or the image's own width when narrower). */
const THUMBNAIL_WIDTH = 480;

export interface StillSources {
  src: string | undefined;
  srcSet: string | undefined;
}

/**
 * What a grid tile's <img> loads for an item's still (the image, or a video's first frame): every
 * size the server stored — its WebP variants, the thumbnail, the full still — as `srcset` width
 * candidates, so the browser fetches the smallest that fills the tile at the screen's density.
 * `src` (browsers without srcset) is a mid-size copy, never the full file.
 */
export function stillSources(item: Pick<MediaItem, 'variants' | 'thumbnailUrl' | 'posterUrl' | 'width'>): StillSources {
  const full = item.posterUrl ?? undefined;
  const candidates = new Map<number, string>();
  if (item.width) {
    if (full) candidates.set(item.width, full);
    if (item.thumbnailUrl) candidates.set(Math.min(THUMBNAIL_WIDTH, item.width), item.thumbnailUrl);
  }
  for (const variant of item.variants) candidates.set(variant.width, variant.url);
  const widths = [...candidates.keys()].sort((a, b) => a - b);
  const mid = widths.filter((w) => w <= 640).at(-1);
  const src = (mid !== undefined ? candidates.get(mid) : undefined) ?? item.thumbnailUrl ?? full;
  return { src, srcSet: widths.length > 1 ? widths.map((w) => `${candidates.get(w)} ${w}w`).join(', ') : undefined };
}
