import { useEffect, useMemo, useState } from 'react';
import { Link } from 'react-router-dom';
import { ConfirmDialog } from '../../../components/dialog/confirm-dialog';
import { DownloadIcon } from '../../../components/icons/creation-icons';
import { ImageIcon, RefreshIcon, SelectIcon, TrashIcon } from '../../../components/icons/line-icons';
import { MasonryGrid } from '../../../components/masonry/masonry-grid';
import { paths } from '../../../config/paths';
import { type MediaItem, TOKENS_PER_ITEM } from '../../../entities/media/media-item';
import { useInfiniteScroll } from '../../../lib/use-infinite-scroll';
import { useMediaActions } from '../use-media-actions';
import type { MediaLibrary } from '../use-media-library';
import { useTogglePublic } from '../use-toggle-public';
import type { LibraryViewer } from './library-viewer';
import { MediaCard } from './media-card';
import { MediaSkeleton } from './media-skeleton';
import '../../../styles/panels.css';


type Pending = { kind: 'one'; item: MediaItem } | { kind: 'selected' } | { kind: 'all' } | null;

const COLUMNS = 3;
const ratioOf = (item: MediaItem) => item.aspectRatio;

/**
 * The All Media tab (spec 2 §2): a 3-column grid with infinite scroll, a viewer, selection
 * mode with bulk download and delete, Download All and Delete All behind a confirmation.
 */
export function AllMediaTab({ library, userId, Viewer }: { library: MediaLibrary; userId: string; Viewer: LibraryViewer }) {
  const actions = useMediaActions(library, userId);
  const togglePublic = useTogglePublic(library);
  const [selecting, setSelecting] = useState(false);
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [viewerId, setViewerId] = useState<string | null>(null);
  const [confirm, setConfirm] = useState<Pending>(null);
  const end = useInfiniteScroll<HTMLDivElement>(library.loadMore, library.status === 'ready' && library.hasMore, library.items.length);

  const viewable = useMemo(() => library.items.filter((item) => !item.pending), [library.items]);
  const viewerIndex = viewerId ? viewable.findIndex((item) => item.id === viewerId) : -1;
  const chosen = useMemo(() => library.items.filter((item) => selected.has(item.id)), [library.items, selected]);

  // Items that went away leave the selection too.
  useEffect(() => {
    setSelected((current) => {
      const present = new Set(library.items.map((item) => item.id));
      const next = new Set([...current].filter((id) => present.has(id)));
      return next.size === current.size ? current : next;
    });
  }, [library.items]);

  const leaveSelection = () => {
    setSelecting(false);
    setSelected(new Set());
  };
  const toggleSelection = () => (selecting ? leaveSelection() : setSelecting(true));
  const toggleItem = (id: string) =>
    setSelected((current) => {
      const next = new Set(current);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  const allSelected = library.items.length > 0 && selected.size === library.items.length;

  const runConfirmed = async () => {
    if (!confirm) return;
    if (confirm.kind === 'one') {
      const gone = await actions.deleteOne(confirm.item);
      if (gone && viewerId === confirm.item.id) setViewerId(null);
    } else if (confirm.kind === 'selected') {
      await actions.deleteMany([...selected]);
      leaveSelection();
    } else {
      await actions.deleteAll();
      setViewerId(null);
      leaveSelection();
    }
    setConfirm(null);
  };

  const askDeleteSelected = () => {
    if (selected.size === 0) return;
    setConfirm({ kind: 'selected' });
  };

  const downloadSelected = async () => {
    const ok = await actions.downloadSelected(chosen);
    if (ok) leaveSelection();
  };

  const count = library.total;
  return (
    <section className="library" aria-labelledby="all-media-title">
      <header className="panel-header">
        <div>
          <h2 id="all-media-title" className="panel-header__title">
            All Media
          </h2>
          <p className="panel-header__subtitle">
            {library.status === 'loading'
              ? 'Loading your creations…'
              : `${count} ${count === 1 ? 'creation' : 'creations'} · ${count * TOKENS_PER_ITEM} tokens used · `}
            {library.status !== 'loading' && (
              <Link to={paths.profile.getHref('tokens')} className="inline-link">
                How credits work
              </Link>
            )}
          </p>
        </div>
        <div className="library-toolbar" role="toolbar" aria-label="Library actions">
          {selecting ? (
            <>
              <span className="library-toolbar__count" aria-live="polite">
                {selected.size} selected
              </span>
              <button
                type="button"
                className="button button--small"
                onClick={() => setSelected(allSelected ? new Set() : new Set(library.items.map((item) => item.id)))}
                disabled={library.items.length === 0}
              >
                {allSelected ? 'Select None' : 'Select All'}
              </button>
              <button
                type="button"
                className="button button--small"
                onClick={() => void downloadSelected()}
                disabled={actions.busy !== null}
              >
                {actions.busy === 'download' ? <span className="button__spinner" aria-hidden="true" /> : <DownloadIcon />}
                Download Selected
              </button>
              <button
                type="button"
                className="button button--small button--ghost-danger"
                onClick={askDeleteSelected}
                disabled={selected.size === 0 || actions.busy !== null}
              >
                <TrashIcon />
                Delete Selected
              </button>
              <button type="button" className="button button--small button--primary" onClick={leaveSelection}>
                Done
              </button>
            </>
          ) : (
            <>
              <button type="button" className="button button--small" onClick={toggleSelection} disabled={library.items.length === 0}>
                <SelectIcon />
                Select
              </button>
              <button
                type="button"
                className="button button--small"
                onClick={() => void actions.downloadAll()}
                disabled={actions.busy !== null || library.status !== 'ready'}
              >
                {actions.busy === 'download' ? <span className="button__spinner" aria-hidden="true" /> : <DownloadIcon />}
                Download All
              </button>
              <button
                type="button"
                className="button button--small button--ghost-danger"
                onClick={() => setConfirm({ kind: 'all' })}
                disabled={actions.busy !== null || library.status !== 'ready'}
              >
                <TrashIcon />
                Delete All
              </button>
            </>
          )}
        </div>
      </header>

      {library.status === 'loading' && <MediaSkeleton columns={COLUMNS} />}

      {library.status === 'error' && (
        <div className="panel-empty">
          <span className="panel-empty__icon" aria-hidden="true">
            <ImageIcon />
          </span>
          <p className="panel-empty__title">Could not load your media</p>
          <p className="panel-empty__text">Check your connection and try again.</p>
          <button type="button" className="button button--small" onClick={library.refresh}>
            <RefreshIcon />
            Try Again
          </button>
        </div>
      )}

      {library.status === 'ready' && library.items.length === 0 && (
        <div className="panel-empty">
          <span className="panel-empty__icon" aria-hidden="true">
            <ImageIcon />
          </span>
          <p className="panel-empty__title">No media yet</p>
          <p className="panel-empty__text">Everything you create lands here — photos, videos and Story Time clips.</p>
          <Link to={paths.home.getHref()} className="button button--primary button--small">
            Start Creating
          </Link>
        </div>
      )}

      {library.items.length > 0 && (
        <MasonryGrid
          items={library.items}
          columns={COLUMNS}
          ratioOf={ratioOf}
          extra={0.24}
          className="library-grid"
          renderItem={(item) => (
              <MediaCard
                item={item}
                selecting={selecting}
                selected={selected.has(item.id)}
                onOpen={() => setViewerId(item.id)}
                onToggleSelect={() => toggleItem(item.id)}
                onDownload={() => void actions.downloadOne(item)}
                onDelete={() => setConfirm({ kind: 'one', item })}
              />
          )}
        />
      )}
      <div ref={end} aria-hidden="true" />

      {library.loadingMore && (
        <div className="library-more" role="status">
          <span className="spinner" aria-hidden="true" />
          Loading more…
        </div>
      )}
      {library.status === 'ready' && !library.hasMore && library.items.length > 6 && (
        <p className="library-end">That's everything — {count} {count === 1 ? 'creation' : 'creations'}.</p>
      )}

      {viewerIndex >= 0 && (
        <Viewer
          items={viewable}
          index={viewerIndex}
          onStep={(step) => setViewerId(viewable[(viewerIndex + step + viewable.length) % viewable.length]?.id ?? null)}
          onClose={() => setViewerId(null)}
          owner={{
            onDownload: (item) => void actions.downloadOne(item),
            onDelete: (item) => setConfirm({ kind: 'one', item }),
            onTogglePublic: (item) => void togglePublic(item),
          }}
        />
      )}

      <ConfirmDialog
        open={confirm !== null}
        tone="danger"
        busy={actions.busy === 'delete'}
        title={confirm?.kind === 'all' ? 'Delete All Media' : confirm?.kind === 'selected' ? 'Delete Selected Media' : 'Delete Media'}
        message={
          confirm?.kind === 'all'
            ? `This permanently deletes all ${count} of your creations. This cannot be undone.`
            : confirm?.kind === 'selected'
              ? `This permanently deletes the ${selected.size} selected ${selected.size === 1 ? 'item' : 'items'}. This cannot be undone.`
              : 'This permanently deletes this creation. This cannot be undone.'
        }
        confirmLabel="Delete"
        onConfirm={() => void runConfirmed()}
        onCancel={() => setConfirm(null)}
      />
    </section>
  );
}
