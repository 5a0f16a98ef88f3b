import type { MediaItem } from '../../entities/media/media-item';

/**
 * The library's order with each variation right after its original (newest variation first),
 * when the original is among the items shown; a variation whose original is not (deleted, or on
 * a page not loaded yet) keeps its own place. Everything else keeps the order it came in.
 */
export function groupVariations(items: readonly MediaItem[]): MediaItem[] {
  const shown = new Set(items.map((item) => item.id));
  const under = new Map<string, MediaItem[]>();
  for (const item of items) {
    if (item.variationOf && shown.has(item.variationOf)) under.set(item.variationOf, [...(under.get(item.variationOf) ?? []), item]);
  }
  if (under.size === 0) return [...items];
  const grouped: MediaItem[] = [];
  for (const item of items) {
    if (item.variationOf && shown.has(item.variationOf)) continue;
    grouped.push(item, ...(under.get(item.id) ?? []));
  }
  return grouped;
}
