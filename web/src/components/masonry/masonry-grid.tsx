import { type ReactNode, useMemo } from 'react';
import { placeInColumns } from './place-in-columns';
import './masonry.css';

type MasonryGridProps<T extends { id: string }> = {
  items: readonly T[];
  columns: number;
  /** width / height of an item's media: its space is reserved before the media loads. */
  ratioOf: (item: T) => number;
  /** Height each tile adds besides its media (captions, action bars), as a share of the column width. */
  extra?: number;
  className?: string;
  laneClassName?: string;
  testId?: string;
  renderItem: (item: T, index: number) => ReactNode;
};

/**
 * The one masonry grid (spec 1 §2, spec 2 §2): each item in the shortest column so far, the
 * placement of earlier items kept when a page is added.
 */
export function MasonryGrid<T extends { id: string }>({
  items,
  columns,
  ratioOf,
  extra = 0,
  className = '',
  laneClassName = '',
  testId,
  renderItem,
}: MasonryGridProps<T>) {
  const lanes = useMemo(() => {
    const indexOf = new Map(items.map((item, index) => [item.id, index]));
    return placeInColumns(items, columns, (item) => 1 / (1 / ratioOf(item) + extra)).map((lane) =>
      lane.items.map((item) => ({ item, index: indexOf.get(item.id) ?? 0 })),
    );
  }, [items, columns, ratioOf, extra]);
  return (
    <div className={`masonry ${className}`} style={{ ['--masonry-columns' as string]: lanes.length }} role="list" data-testid={testId}>
      {lanes.map((lane, laneIndex) => (
        <div className={`masonry__lane ${laneClassName}`} key={laneIndex}>
          {lane.map(({ item, index }) => (
            // data-index: the item's place in the list (the DOM's order is column by column).
            <div role="listitem" key={item.id} className="masonry__cell" data-index={index}>
              {renderItem(item, index)}
            </div>
          ))}
        </div>
      ))}
    </div>
  );
}
