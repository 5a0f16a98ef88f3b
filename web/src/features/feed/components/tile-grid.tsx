import { useNavigate } from 'react-router-dom';
import { MasonryGrid } from '../../../components/masonry/masonry-grid';
import type { MediaItem } from '../../../entities/media/media-item';
import { feedHref } from '../feed-url';
import { FeedTile } from './feed-tile';
import '../feed.css';

/** The gap between tiles as a share of a column's width (for the shortest-column sum). */
const GAP_SHARE = 0.04;
const ratioOf = (item: MediaItem) => item.aspectRatio;

type TileGridProps = {
  items: readonly MediaItem[];
  columns: number;
  /** How many rows load at once (the first screenful); the rest wait until scrolled near. */
  eagerRows: number;
  testId: string;
  className?: string;
  onOpen: (index: number) => void;
  /** What a tile's look chip does; by default the feed opens narrowed to that look. */
  onPresetType?: (presetType: string) => void;
  /** A creator without a username: what their name does; by default the feed opens narrowed to their work. */
  onCreator?: (userId: string) => void;
};

/** Feed tiles in the masonry: the feed, a creator's page and the liked collection. */
export function TileGrid({ items, columns, eagerRows, testId, className, onOpen, onPresetType, onCreator }: TileGridProps) {
  const navigate = useNavigate();
  const toLook = onPresetType ?? ((presetType: string) => void navigate(feedHref({ presetType })));
  const toCreator = onCreator ?? ((creatorId: string) => void navigate(feedHref({ creatorId })));
  return (
    <MasonryGrid
      items={items}
      columns={columns}
      ratioOf={ratioOf}
      extra={GAP_SHARE}
      className={className ? `feed-grid ${className}` : 'feed-grid'}
      laneClassName="feed-grid__column"
      testId={testId}
      renderItem={(item, index) => (
        <FeedTile
          item={item}
          playInView={columns === 1}
          eager={index < columns * eagerRows}
          onOpen={() => onOpen(index)}
          onPresetType={toLook}
          onCreator={toCreator}
        />
      )}
    />
  );
}

/** The line under a tile grid while its next page loads. */
export function LoadingMore({ children }: { children: string }) {
  return (
    <p className="feed__more row" role="status">
      <span className="spinner feed__spinner" aria-hidden="true" />
      {children}
    </p>
  );
}
