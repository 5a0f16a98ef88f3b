import { useMemo } from 'react';
import type { FeedItem } from '../feed-item';
import { placeInColumns } from '../masonry';
import { FeedTile } from './feed-tile';

/** The gap between tiles as a share of a column's width (for the shortest-column sum). */
const GAP_SHARE = 0.04;

type FeedGridProps = {
  items: readonly FeedItem[];
  columns: number;
  onOpen: (item: FeedItem, index: number) => void;
  onPresetType: (presetType: string) => void;
  onCreator: (userId: string) => void;
};

/** The masonry grid: each item in the shortest column so far, its space reserved from its ratio. */
export function FeedGrid({ items, columns, onOpen, onPresetType, onCreator }: FeedGridProps) {
  const placed = useMemo(() => placeInColumns(items, columns, (item) => item.aspectRatio, GAP_SHARE), [items, columns]);
  const indexOf = useMemo(() => new Map(items.map((item, index) => [item.id, index])), [items]);
  return (
    <div className="feed-grid" style={{ gridTemplateColumns: `repeat(${placed.length}, minmax(0, 1fr))` }} data-testid="feed-grid">
      {placed.map((column, columnIndex) => (
        <div key={columnIndex} className="feed-grid__column">
          {column.items.map((item, row) => (
            <FeedTile
              key={item.id}
              item={item}
              playInView={columns === 1}
              eager={row < 4}
              onOpen={(opened) => onOpen(opened, indexOf.get(opened.id) ?? 0)}
              onPresetType={onPresetType}
              onCreator={onCreator}
            />
          ))}
        </div>
      ))}
    </div>
  );
}
