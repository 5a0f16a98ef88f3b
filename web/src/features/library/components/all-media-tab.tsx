import { type ButtonHTMLAttributes, type ReactNode, useEffect, useMemo, useState } from 'react';
import { Link } from 'react-router-dom';
import { ConfirmDialog } from '../../../components/dialog/confirm-dialog';
import { DownloadIcon } from '../../../components/icons/creation-icons';
import { ImageIcon, SelectIcon, TrashIcon } from '../../../components/icons/line-icons';
import { Panel } from '../../../components/page/panel';
import { paths } from '../../../config/paths';
import type { MediaItem } from '../../../entities/media/media-item';
import { creations, credits } from '../../../lib/count-text';
import { useCreditsUsed } from '../use-credits-used';
import { useLibraryViewer } from '../use-library-viewer';
import { useMediaActions } from '../use-media-actions';
import type { MediaLibrary } from '../use-media-library';
import { useTogglePublic } from '../use-toggle-public';
import type { LibraryViewer } from './library-viewer';
import { LibraryGrid, type LibraryGridLayout } from './library-grid';
import { MediaCard } from './media-card';
import '../../../styles/cluster.css';
import '../../../styles/panels.css';


type Pending = { kind: 'one'; item: MediaItem } | { kind: 'selected' } | { kind: 'all' } | null;

const GRID: LibraryGridLayout = { columns: 3, extra: 0.24, className: 'library-grid' };

/**
 * The All Media tab (spec 2 §2): a 3-column grid with infinite scroll, a viewer, selection
 * mode with bulk download and delete, Download All and Delete All behind a confirmation.
 */
export function AllMediaTab({
  library,
  userId,
  Viewer,
  renderStatus,
  onVariations,
}: {
  library: MediaLibrary;
  userId: string;
  Viewer: LibraryViewer;
  /** A card's live state, from the page (a feature does not import another). */
  renderStatus?: (item: MediaItem) => ReactNode;
  /** Variations of a finished item, from the page. */
  onVariations?: (item: MediaItem) => void;
}) {
  const actions = useMediaActions(library, userId);
  const togglePublic = useTogglePublic(library);
  const [selecting, setSelecting] = useState(false);
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const viewer = useLibraryViewer(library.items);
  const [confirm, setConfirm] = useState<Pending>(null);

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
      if (gone && viewer.viewerId === confirm.item.id) viewer.close();
    } else if (confirm.kind === 'selected') {
      await actions.deleteMany([...selected]);
      leaveSelection();
    } else {
      await actions.deleteAll();
      viewer.close();
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

  const count = library.count;
  const used = useCreditsUsed();
  const canActOnAll = actions.busy === null && library.status === 'ready';
  // Download All and Delete All act on what the server lists: with nothing listed (a run's card
  // alone) they look and read disabled; pressed anyway, the spec's 'No Media' says why.
  const nothingListed = library.listed === 0;
  const downloadIcon = actions.busy === 'download' ? <span className="button__spinner" aria-hidden="true" /> : <DownloadIcon />;
  return (
    <Panel
      className="library"
      title="All Media"
      subtitle={
        count === null ? (
          'Loading your creations…'
        ) : (
          <>
            {`${creations(count)}${used === null ? '' : ` · ${credits(used)} used`} · `}
            <Link to={paths.profile.getHref('tokens')} className="inline-link">
              How credits work
            </Link>
          </>
        )
      }
      actions={
        <div className="library-toolbar cluster" role="toolbar" aria-label="Library actions">
          {selecting ? (
            <>
              <span className="library-toolbar__count count-pill" aria-live="polite">
                {selected.size} selected
              </span>
              <ToolButton
                onClick={() => setSelected(allSelected ? new Set() : new Set(library.items.map((item) => item.id)))}
                disabled={library.items.length === 0}
              >
                {allSelected ? 'Select None' : 'Select All'}
              </ToolButton>
              <ToolButton icon={downloadIcon} onClick={() => void downloadSelected()} disabled={actions.busy !== null}>
                Download Selected
              </ToolButton>
              <ToolButton icon={<TrashIcon />} danger onClick={askDeleteSelected} disabled={selected.size === 0 || actions.busy !== null}>
                Delete Selected
              </ToolButton>
              <button type="button" className="button button--small button--primary" onClick={leaveSelection}>
                Done
              </button>
            </>
          ) : (
            <>
              <ToolButton icon={<SelectIcon />} onClick={toggleSelection} disabled={library.items.length === 0}>
                Select
              </ToolButton>
              <ToolButton icon={downloadIcon} onClick={() => void actions.downloadAll()} disabled={!canActOnAll} aria-disabled={nothingListed}>
                Download All
              </ToolButton>
              <ToolButton
                icon={<TrashIcon />}
                danger
                onClick={() => (nothingListed ? void actions.deleteAll() : setConfirm({ kind: 'all' }))}
                disabled={!canActOnAll}
                aria-disabled={nothingListed}
              >
                Delete All
              </ToolButton>
            </>
          )}
        </div>
      }
    >
      <LibraryGrid
        library={library}
        layout={GRID}
        failed={{ icon: <ImageIcon />, title: 'Could not load your media', text: 'Check your connection and try again.' }}
        empty={{ text: 'Everything you create lands here — photos, videos and Story Time clips.' }}
        renderCard={(item) => (
          <MediaCard
            item={item}
            selection={selecting ? { selected: selected.has(item.id), onToggle: () => toggleItem(item.id) } : undefined}
            onOpen={() => viewer.open(item.id)}
            onDownload={() => void actions.downloadOne(item)}
            onDelete={() => setConfirm({ kind: 'one', item })}
            {...(onVariations ? { onVariations: () => onVariations(item) } : {})}
            status={renderStatus?.(item)}
          />
        )}
      />
      {library.status === 'ready' && !library.hasMore && library.items.length > 6 && (
        <p className="library-end row">That's everything — {creations(count ?? library.total)}.</p>
      )}

      {viewer.shown && (
        <Viewer
          {...viewer.shown}
          owner={{
            onDownload: (item) => void actions.downloadOne(item),
            onDelete: (item) => setConfirm({ kind: 'one', item }),
            onTogglePublic: (item) => void togglePublic(item),
            ...(onVariations ? { onVariations } : {}),
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
            ? `This permanently deletes all ${library.total} of your creations. This cannot be undone.`
            : confirm?.kind === 'selected'
              ? `This permanently deletes the ${selected.size} selected ${selected.size === 1 ? 'item' : 'items'}. This cannot be undone.`
              : 'This permanently deletes this creation. This cannot be undone.'
        }
        confirmLabel="Delete"
        onConfirm={() => void runConfirmed()}
        onCancel={() => setConfirm(null)}
      />
    </Panel>
  );
}

type ToolButtonProps = ButtonHTMLAttributes<HTMLButtonElement> & { icon?: ReactNode; danger?: boolean };

/** A small button of the library toolbar. */
function ToolButton({ icon, danger = false, children, ...button }: ToolButtonProps) {
  return (
    <button type="button" className={danger ? 'button button--small button--ghost-danger' : 'button button--small'} {...button}>
      {icon}
      {children}
    </button>
  );
}
