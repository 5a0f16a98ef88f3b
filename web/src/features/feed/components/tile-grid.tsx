import { memo, type RefObject, useRef } from 'react';
import { useNavigate } from 'react-router-dom';
import { MasonryGrid } from '../../../components/masonry/masonry-grid';
import type { MediaItem } from '../../../entities/media/media-item';
import { HydrateLater } from '../../../lib/hydrate-later';
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
  // The tiles read the grid's latest handlers through one ref, so a tile's props stay the same
  // while the grid renders again, and a tile the app has not taken over yet is left as drawn.
  const actions = useRef<TileActions>({ onOpen, onPresetType: toLook, onCreator: toCreator });
  actions.current = { onOpen, onPresetType: toLook, onCreator: toCreator };
  return (
    <MasonryGrid
      items={items}
      columns={columns}
      ratioOf={ratioOf}
      extra={GAP_SHARE}
      className={className ? `feed-grid ${className}` : 'feed-grid'}
      laneClassName="feed-grid__column"
      testId={testId}
      renderItem={(item, index) => <GridTile item={item} index={index} playInView={columns === 1} eager={index < columns * eagerRows} actions={actions} />}
    />
  );
}

interface TileActions {
  onOpen: (index: number) => void;
  onPresetType: (presetType: string) => void;
  onCreator: (userId: string) => void;
}

type GridTileProps = { item: MediaItem; index: number; playInView: boolean; eager: boolean; actions: RefObject<TileActions> };

/** A tile of a page drawn on the server is taken over after the rest of the page (HydrateLater). */
const GridTile = memo(function GridTile({ item, index, playInView, eager, actions }: GridTileProps) {
  return (
    <HydrateLater>
      <FeedTile
        item={item}
        playInView={playInView}
        eager={eager}
        onOpen={() => actions.current.onOpen(index)}
        onPresetType={(presetType) => actions.current.onPresetType(presetType)}
        onCreator={(creatorId) => actions.current.onCreator(creatorId)}
      />
    </HydrateLater>
  );
});

/** The line under a tile grid while its next page loads. */
export function LoadingMore({ children }: { children: string }) {
  return (
    <p className="feed__more row" role="status">
      <span className="spinner feed__spinner" aria-hidden="true" />
      {children}
    </p>
  );
}
