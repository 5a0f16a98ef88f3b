import type { StoredVariant } from '@app/shared/server/db';
import type { Storage } from '@app/shared/server/storage';
import sharp from 'sharp';

/**
 * The widths the grids load beside the 480 px thumbnail (docs/performance.md, "Right-sized
 * images"): a phone's single column is ~360 CSS px wide, so 360 serves it at 1× and 720 at 2× (and
 * at Lighthouse's 1.75×); a desktop column (~400 px) takes the thumbnail at 1×. Denser screens and
 * the viewer load the full image.
 */
export const VARIANT_WIDTHS = [360, 720] as const;

/**
 * WebP only. AVIF is ~40 % smaller at these widths, but sharp encodes it 3–6× slower than WebP at
 * effort 2, which would more than double a worker's codec time per image (measured in
 * docs/performance.md); quality 78 at effort 2 keeps WebP's encode close to a resize.
 */
const WEBP = { quality: 78, effort: 2 } as const;

/** The variant key of a width in a media item's folder. */
export const variantKey = (folder: string, width: number) => `${folder}/w${width}.webp`;

/**
 * Stores a still's WebP variants at the widths narrower than the still (never an enlargement), from
 * one decode of the still, and answers what was stored. Keys are fixed per folder, so making them
 * again (a retried job, the backfill run twice) overwrites the same files.
 */
export async function storeVariants(
  storage: Pick<Storage, 'put'>,
  folder: string,
  still: sharp.Sharp,
  stillWidth: number,
  candidateWidths: readonly number[] = VARIANT_WIDTHS,
): Promise<StoredVariant[]> {
  const widths = candidateWidths.filter((width) => width < stillWidth);
  const encoded = await Promise.all(widths.map((width) => still.clone().resize({ width }).webp(WEBP).toBuffer()));
  const variants: StoredVariant[] = [];
  for (const [i, width] of widths.entries()) {
    const key = variantKey(folder, width);
    await storage.put(key, encoded[i]!, { contentType: 'image/webp', immutable: true });
    variants.push({ key, width, format: 'webp' });
  }
  return variants;
}
