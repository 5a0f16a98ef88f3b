import type { ReactNode } from 'react';
import { aspectRatioOf, type LibraryItem } from '../media-item';

type MasonryProps = {
  items: readonly LibraryItem[];
  columns: number;
  /** Height added to each card besides the image, as a share of the column width (captions, action bars). */
  extra?: number;
  renderItem: (item: LibraryItem, index: number) => ReactNode;
  className?: string;
};

/**
 * Items laid out in `columns` columns, each placed in the shortest column so far (by the
 * aspect ratio of its media), keeping the reading order of the list stable as pages append.
 */
export function Masonry({ items, columns, extra = 0, renderItem, className = '' }: MasonryProps) {
  const heights = Array.from({ length: columns }, () => 0);
  const lanes: Array<Array<{ item: LibraryItem; index: number }>> = Array.from({ length: columns }, () => []);
  items.forEach((item, index) => {
    let lane = 0;
    for (let i = 1; i < columns; i += 1) if ((heights[i] ?? 0) < (heights[lane] ?? 0) - 0.01) lane = i;
    heights[lane] = (heights[lane] ?? 0) + 1 / aspectRatioOf(item) + extra;
    lanes[lane]?.push({ item, index });
  });
  return (
    <div className={`masonry ${className}`} style={{ ['--masonry-columns' as string]: columns }} role="list">
      {lanes.map((lane, laneIndex) => (
        <div className="masonry__lane" key={laneIndex}>
          {lane.map(({ item, index }) => (
            <div role="listitem" key={item.id} className="masonry__cell">
              {renderItem(item, index)}
            </div>
          ))}
        </div>
      ))}
    </div>
  );
}
