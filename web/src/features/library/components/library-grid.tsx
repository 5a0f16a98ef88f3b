import type { ReactNode } from 'react';
import { RefreshIcon } from '../../../components/icons/line-icons';
import { MasonryGrid } from '../../../components/masonry/masonry-grid';
import { PanelEmpty } from '../../../components/page/panel-empty';
import type { MediaItem } from '../../../entities/media/media-item';
import { useInfiniteScroll } from '../../../lib/use-infinite-scroll';
import type { MediaLibrary } from '../use-media-library';
import { LoadingMore, NoMediaYet } from './library-states';
import { MediaSkeleton } from './media-skeleton';

const ratioOf = (item: MediaItem) => item.aspectRatio;

/** How a screen lays the grid out. */
export type LibraryGridLayout = {
  columns: number;
  /** The masonry's `extra`: what a card adds to its picture's height, as a share of its width. */
  extra: number;
  className: string;
  skeletonCount?: number;
};

type LibraryGridProps = {
  library: MediaLibrary;
  layout: LibraryGridLayout;
  /** The panel shown when the first page failed; an icon there puts one on Try Again too. */
  failed: { title: string; icon?: ReactNode; text?: string };
  empty: { text: string; className?: string };
  renderCard: (item: MediaItem) => ReactNode;
};

/**
 * The owner's media as a grid, in every state (spec 2 §2): placeholders (under the cards of runs
 * started here), a failure with Try Again, nothing yet, then the cards with infinite scroll. The
 * profile tab and the gallery.
 */
export function LibraryGrid({ library, layout, failed, empty, renderCard }: LibraryGridProps) {
  const { columns, extra, className, skeletonCount } = layout;
  const end = useInfiniteScroll<HTMLDivElement>(library.loadMore, library.status === 'ready' && library.hasMore, library.items.length);
  return (
    <>
      {library.status === 'error' && (
        <PanelEmpty icon={failed.icon} title={failed.title} text={failed.text}>
          <button type="button" className="button button--small" onClick={library.refresh}>
            {failed.icon && <RefreshIcon />}
            Try Again
          </button>
        </PanelEmpty>
      )}

      {library.status === 'ready' && library.items.length === 0 && <NoMediaYet text={empty.text} className={empty.className} />}

      {library.items.length > 0 && (
        <MasonryGrid items={library.items} columns={columns} ratioOf={ratioOf} extra={extra} className={className} renderItem={renderCard} />
      )}
      {/* Under the run just started, never above it: its card is the first thing on screen. */}
      {library.status === 'loading' && <MediaSkeleton columns={columns} count={skeletonCount} />}
      <div ref={end} aria-hidden="true" />

      {library.loadingMore && <LoadingMore />}
    </>
  );
}
