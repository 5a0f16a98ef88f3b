import type { AuthUser } from '@app/shared';
import { useState } from 'react';
import { Link, Navigate, useNavigate, useSearchParams } from 'react-router-dom';
import { ArrowLeftIcon, GiftIcon, LogoutIcon, TrashIcon } from '../../components/icons/line-icons';
import { pageTitle } from '../../config/brand';
import { paths } from '../../config/paths';
import { LikedCollection } from '../../features/feed';
import { shareInviteLink } from '../../features/invites';
import { ConfirmDialog } from '../../components/dialog/confirm-dialog';
import { DownloadIcon, ShareIcon } from '../../components/icons/creation-icons';
import { CoinsIcon } from '../../components/icons/line-icons';
import type { MediaItem } from '../../entities/media/media-item';
import {
  LibraryGrid,
  type LibraryGridLayout,
  MediaCard,
  ShareToFeedSwitch,
  useBalance,
  useLibraryViewer,
  useMediaActions,
  useMediaLibrary,
  useShareToFeed,
} from '../../features/library';
import { MediaViewer, openViewer } from '../../features/viewer';
import { LiveRunStatus, showsLiveStatus } from '../../features/live-run';
import { useVariations } from '../../features/variations';
import { credits } from '../../lib/count-text';
import { useActiveRuns } from '../../state/run-store';
import { useAuth } from '../../state/use-auth';
import { useProfile } from '../../state/profile';
import { useSignOut } from '../../state/use-sign-out';
import { CreatingOverlay } from './creating-overlay';
import { saveItem, shareItem } from './gallery-sharing';
import { LegalLink } from '../../features/legal';
import '../../styles/panels.css';

import '../../styles/cluster.css';
import './gallery.css';

/** The mobile gallery, /gallery (spec 2 §2). Signed-out visitors go to /auth. */
export function GalleryPage() {
  const { isAuthenticated, user } = useAuth();
  if (!isAuthenticated || !user) return <Navigate to={paths.auth.getHref()} replace />;
  return <Gallery user={user} />;
}

const GRID: LibraryGridLayout = { columns: 2, extra: 0.55, className: 'gallery-grid', skeletonCount: 4 };

function Gallery({ user }: { user: AuthUser }) {
  const navigate = useNavigate();
  const signOut = useSignOut();
  const { profile } = useProfile();
  const library = useMediaLibrary(user.id);
  const actions = useMediaActions(library, user.id);
  const balance = useBalance();
  const shareToFeed = useShareToFeed(user.shareToFeed ?? null);
  const runs = useActiveRuns();
  const viewer = useLibraryViewer(library.items);
  const variations = useVariations();
  const [deleting, setDeleting] = useState<MediaItem | null>(null);
  const [params] = useSearchParams();
  const liked = params.get('view') === 'liked';

  const email = profile?.email || profile?.user?.email || user.email || null;

  const confirmDelete = async () => {
    if (!deleting) return;
    const gone = await actions.deleteOne(deleting);
    if (gone && viewer.viewerId === deleting.id) viewer.close();
    setDeleting(null);
  };

  return (
    <div className="page gallery">
      <title>{pageTitle('My Gallery')}</title>
      <header className="gallery-header row">
        <button type="button" className="round-button place-center" onClick={() => void navigate(paths.home.getHref())} aria-label="Back">
          <ArrowLeftIcon />
        </button>
        <h1 className="gallery-header__title">My Gallery</h1>
        <span className="token-pill inline-row count-pill" aria-label={balance === null ? 'Loading credits' : credits(balance)} title="Credits">
          <CoinsIcon />
          <span data-testid="token-balance">{balance ?? '–'}</span>
        </span>
        <button type="button" className="round-button place-center round-button--accent" onClick={() => void shareInviteLink(email)} aria-label="Invite">
          <GiftIcon />
        </button>
        <button type="button" className="round-button place-center" onClick={() => void signOut()} aria-label="Logout">
          <LogoutIcon />
        </button>
      </header>

      <div className="gallery-settings">
        <ShareToFeedSwitch value={shareToFeed.value} saving={shareToFeed.saving} onToggle={shareToFeed.toggle} compact />
      </div>

      <nav className="gallery-views" aria-label="Gallery views">
        <Link to={paths.gallery.getHref()} replace className="gallery-views__link place-center" aria-current={liked ? undefined : 'page'}>
          My Creations
        </Link>
        <Link to={paths.gallery.getHref('liked')} replace className="gallery-views__link place-center" aria-current={liked ? 'page' : undefined}>
          Liked
        </Link>
      </nav>

      {liked ? (
        <LikedCollection userId={user.id} columns={2} onOpen={openViewer} />
      ) : (
        <LibraryGrid
          library={library}
          layout={GRID}
          failed={{ title: 'Could not load your gallery' }}
          empty={{ text: 'Start creating amazing AI art!', className: 'gallery-empty' }}
          renderCard={(item) => {
            const ready = !item.pending && item.status === 'completed';
            return (
              <MediaCard
                item={item}
                hoverActions={false}
                onOpen={() => viewer.open(item.id)}
                onDownload={() => void saveItem(item)}
                onDelete={() => setDeleting(item)}
                status={showsLiveStatus(item) ? <LiveRunStatus item={item} /> : undefined}
                footer={
                  <div className="gallery-card__actions">
                    <button type="button" className="icon-button place-center" onClick={() => void shareItem(item)} disabled={!ready} aria-label="Share">
                      <ShareIcon />
                    </button>
                    <button type="button" className="icon-button place-center" onClick={() => void saveItem(item)} disabled={!ready} aria-label="Download">
                      <DownloadIcon />
                    </button>
                    <button type="button" className="icon-button place-center icon-button--danger" onClick={() => setDeleting(item)} aria-label="Delete">
                      <TrashIcon />
                    </button>
                  </div>
                }
              />
            );
          }}
        />
      )}
      {!liked && library.status === 'ready' && !library.hasMore && viewer.viewable.length > 0 && (
        <p className="library-end row">You've reached the end of your gallery</p>
      )}

      {viewer.shown && (
        <MediaViewer
          {...viewer.shown}
          owner={{
            onDownload: (item) => void saveItem(item),
            onShare: (item) => void shareItem(item),
            onDelete: (item) => setDeleting(item),
            onVariations: variations.ask,
          }}
        />
      )}

      <ConfirmDialog
        open={deleting !== null}
        tone="danger"
        busy={actions.busy === 'delete'}
        title="Delete Media"
        message="This permanently deletes this creation. This cannot be undone."
        confirmLabel="Delete"
        onConfirm={() => void confirmDelete()}
        onCancel={() => setDeleting(null)}
      />

      {/* The phone's profile: its legal texts open over it (the pages are desktop routes). */}
      <nav className="gallery__legal cluster" aria-label="Legal">
        <LegalLink kind="privacy">Privacy</LegalLink>
        <LegalLink kind="terms">Terms</LegalLink>
        <LegalLink kind="cookies">Cookies</LegalLink>
      </nav>

      <CreatingOverlay runs={runs} />
      {variations.dialog}
    </div>
  );
}
