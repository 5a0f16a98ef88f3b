/**
 * The masonry placement of spec 1 §2: each item goes into the column that is shortest so far.
 * Heights come from the known aspect ratios, so a tile's space is reserved before its image
 * loads and nothing moves; the placement of earlier items never changes when a page is added.
 */
export interface MasonryColumn<T> {
  items: T[];
  /** Height in column widths (the sum of height / width of its items, plus gaps). */
  height: number;
}

export function placeInColumns<T>(
  items: readonly T[],
  columns: number,
  aspectRatioOf: (item: T) => number,
  /** The gap between tiles, as a fraction of the column width. */
  gap = 0,
): MasonryColumn<T>[] {
  const count = Math.max(1, Math.floor(columns));
  const result: MasonryColumn<T>[] = Array.from({ length: count }, () => ({ items: [], height: 0 }));
  for (const item of items) {
    let shortest = result[0]!;
    for (const column of result) if (column.height < shortest.height - 1e-9) shortest = column;
    const ratio = aspectRatioOf(item);
    const safe = Number.isFinite(ratio) && ratio > 0 ? ratio : 1;
    shortest.height += (shortest.items.length > 0 ? gap : 0) + 1 / safe;
    shortest.items.push(item);
  }
  return result;
}
