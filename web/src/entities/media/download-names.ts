import type { MediaItem } from './media-item';

/** File names of downloads (spec 2 §9). */

export const DOWNLOAD_BRAND_PREFIX = 'mirrorverse';

function pad(value: number, length = 2): string {
  return String(value).padStart(length, '0');
}

/** YYYY-MM-DD in the viewer's own calendar. */
export function dateStamp(date: Date = new Date()): string {
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

function itemDate(item: Pick<MediaItem, 'createdAt'>, fallback: Date): string {
  const date = item.createdAt ? new Date(item.createdAt) : null;
  return dateStamp(date && !Number.isNaN(date.getTime()) ? date : fallback);
}

export function extensionOf(item: Pick<MediaItem, 'mediaType'>): 'jpg' | 'mp4' {
  return item.mediaType === 'video' ? 'mp4' : 'jpg';
}

/** all-media-{date}.zip or selected-media-{date}.zip. */
export function zipFileName(scope: 'all' | 'selected', date: Date = new Date()): string {
  return `${scope === 'all' ? 'all-media' : 'selected-media'}-${dateStamp(date)}.zip`;
}

/** Only letters, digits, dashes and underscores survive in a name part. */
function safePart(value: string): string {
  return value.replace(/[^A-Za-z0-9_-]+/g, '-').replace(/^-+|-+$/g, '');
}

/**
 * Names of the files inside a zip, in the order of `items`:
 * `{brand}-{preset type}-{preset key without underscores}-{date}.{jpg|mp4}`, the date being the
 * item's creation day. Names that would clash get a 3-digit index (-001, -002…).
 */
export function zipEntryNames(
  items: ReadonlyArray<Pick<MediaItem, 'presetType' | 'presetKey' | 'createdAt' | 'mediaType'>>,
  today: Date = new Date(),
): string[] {
  const bases = items.map((item) => {
    const parts = [
      DOWNLOAD_BRAND_PREFIX,
      safePart(item.presetType ?? '') || 'media',
      safePart((item.presetKey ?? '').replace(/_/g, '')),
      itemDate(item, today),
    ].filter(Boolean);
    return { base: parts.join('-'), ext: extensionOf(item) };
  });
  const counts = new Map<string, number>();
  for (const { base, ext } of bases) counts.set(`${base}.${ext}`, (counts.get(`${base}.${ext}`) ?? 0) + 1);
  const used = new Map<string, number>();
  return bases.map(({ base, ext }) => {
    const key = `${base}.${ext}`;
    if ((counts.get(key) ?? 0) < 2) return key;
    const index = (used.get(key) ?? 0) + 1;
    used.set(key, index);
    return `${base}-${pad(index, 3)}.${ext}`;
  });
}

/** `{brand}-{id}.jpg` or `.mp4`. */
export function singleDownloadName(item: Pick<MediaItem, 'id' | 'mediaType'>): string {
  return `${DOWNLOAD_BRAND_PREFIX}-${item.id}.${extensionOf(item)}`;
}
