import { MOBILE_MAX_WIDTH_PX } from '../constants';

/** What is known of an item's still and its stored copies (a feed answer's fields, or the web's item). */
export interface StillFiles {
  /** The full still: the image, or a video's first frame. */
  still: string | null;
  thumbnailUrl: string | null;
  variants: readonly { url: string; width: number }[];
  width: number | null;
}

export interface StillSources {
  src: string | undefined;
  srcSet: string | undefined;
}

/** The thumbnail is stored 480 px wide (or the image's own width when narrower). */
const THUMBNAIL_WIDTH = 480;
/** The widest copy `src` may name (browsers without srcset): never the full file when a copy exists. */
const SRC_MAX_WIDTH = 720;

/** A feed tile's rendered width: one column on a phone (the page's padding aside), ~400 px beside others. */
export const FEED_TILE_SIZES = '(max-width: 768px) calc(100vw - 32px), 400px';

/*
 * The rendered widths of the story archive's cards, a story's hero and a tag page's tiles (their
 * CSS), for their `<img>` and for the server's preload of the first of them (page-meta): the same
 * `sizes`, so the browser picks the same copy for both.
 */
/** stories.css: one column on a phone (16 px gutters), two from 769 px until three of 300 px fit, then three of at most ~357 px in the 1200 px page. */
export const STORY_CARD_SIZES = '(max-width: 768px) calc(100vw - 32px), (max-width: 1030px) calc(46vw - 12px), 360px';
/** story.css: the 980 px column less the page's gutters (16 px on a phone, 4vw to 40 px wider); a picture squarer than the box is drawn a little wider (cover). */
export const STORY_HERO_SIZES = '(max-width: 768px) calc(100vw - 32px), (max-width: 1000px) 92vw, 900px';
/** tag.css, use-tag-columns.ts: two columns on a phone (16 px gutters, 12 px gap), three to 1100 px (4vw gutters, 12 px gaps), then four of at most 268 px (40 px gutters, 16 px gaps). */
export const TAG_TILE_SIZES = '(max-width: 768px) calc(50vw - 22px), (max-width: 1100px) calc(31vw - 8px), 268px';

/**
 * What an <img> of a grid tile loads: every size the server stored — the WebP variants, the
 * thumbnail, the full still — as `srcset` width candidates, so the browser fetches the smallest that
 * fills the tile at the screen's density. The web's tiles and the server's preload of the first
 * ones use this one function, so both name the same file.
 */
export function stillSources(files: StillFiles): StillSources {
  const full = files.still ?? undefined;
  const candidates = new Map<number, string>();
  if (files.width) {
    if (full) candidates.set(files.width, full);
    if (files.thumbnailUrl) candidates.set(Math.min(THUMBNAIL_WIDTH, files.width), files.thumbnailUrl);
  }
  for (const variant of files.variants) candidates.set(variant.width, variant.url);
  const widths = [...candidates.keys()].sort((a, b) => a - b);
  const mid = widths.filter((w) => w <= SRC_MAX_WIDTH).at(-1);
  const src = (mid !== undefined ? candidates.get(mid) : undefined) ?? files.thumbnailUrl ?? full;
  return { src, srcSet: widths.length > 1 ? widths.map((w) => `${candidates.get(w)} ${w}w`).join(', ') : undefined };
}

/** The stored copies of a story's hero (its `hero_still`) as the picture's rule reads them. */
type HeroCopies = Pick<StillFiles, 'thumbnailUrl' | 'variants' | 'width'>;

/**
 * A story's picture, on its card and as its hero: the copies of the creation whose still it is,
 * else the file alone. StoryArt and the server's preload of the first one both read it here.
 */
export function storyArtSources(story: { hero_image_url: string | null; hero_still: HeroCopies | null }): StillSources {
  const copies = story.hero_still;
  return stillSources({ still: story.hero_image_url, thumbnailUrl: copies?.thumbnailUrl ?? null, variants: copies?.variants ?? [], width: copies?.width ?? null });
}

/** A tag page's tile: its creation's stored copies (a tag answer names no thumbnail). TagTile and the server's preload of the first row read it here. */
export function tagTileSources(item: { image_url: string | null; variants: StillFiles['variants']; width: number | null }): StillSources {
  return stillSources({ still: item.image_url, thumbnailUrl: null, variants: item.variants, width: item.width });
}

/**
 * The viewer's picture's rendered width, for the `sizes` of its still (`stillSources`): on a phone
 * the screen less the stage's 12 px sides; on a desktop the stage beside the 380 px panel (less its
 * 96 px sides), or less for a tall picture, whose height fills the stage (100vh less 112 px).
 * The viewer and the server's preload of a creation's page both read it, so both name one file.
 */
export function viewerStillSizes(ratio: number): string {
  return `(max-width: ${MOBILE_MAX_WIDTH_PX}px) calc(100vw - 24px), min(calc(100vw - 572px), calc((100vh - 112px) * ${ratio.toFixed(4)}))`;
}
