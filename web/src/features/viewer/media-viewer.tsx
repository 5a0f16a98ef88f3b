import { type TouchEvent, useEffect, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import { useNavigate } from 'react-router-dom';
import {
  ChevronLeftIcon,
  ChevronRightIcon,
  CubeIcon,
  DownloadIcon,
  IdentityIcon,
  RemixIcon,
  ShareIcon,
} from '../../components/icons/creation-icons';
import { CloseIcon, FlagIcon, GlobeIcon, LockIcon, ShieldIcon, SparkleIcon, TrashIcon } from '../../components/icons/line-icons';
import { showSignUpPrompt } from '../../components/signup-prompt/signup-prompt-store';
import { paths } from '../../config/paths';
import { LikeButton } from '../../entities/media/like-button';
import { RunReceiptView } from '../../entities/media/run-receipt-view';
import { AddToCollection } from '../../entities/collection/add-to-collection';
import { identityLine, identityPassed } from '../../entities/media/media-format';
import { captionOf } from '../../entities/media/caption';
import { moderationLine } from '../../entities/media/moderation';
import { useStore } from '../../lib/create-store';
import { ViewerVariationProgress } from './viewer-variation-progress';
import { useProfile } from '../../state/profile';
import { isReady, isWaitingForVideos, type MediaItem, presetTypeLabel } from '../../entities/media/media-item';
import { useFocusTrap } from '../../lib/use-focus-trap';
import { useAuth } from '../../state/use-auth';
import { engineLabelOf } from './engine-of';
import { downloadMedia, shareMedia } from './viewer-actions';
import { ViewerMedia } from './viewer-media';
import { useViewerUrl } from './viewer-url';
import { ViewerCreator } from './viewer-creator';
import { ViewerTags } from './viewer-tags';
import { ReportDialog } from './report-dialog';
import { reportedItems } from './report-store';
import './viewer.css';
import '../../styles/stack.css';
import '../../styles/cluster.css';

/** What Home reads of the router state when a remix starts from the viewer. */
interface RemixState {
  remixPrompt: string;
  /** The item's look (Home selects it when it is a catalogue look, instead of pasting its prompt). */
  remixPresetType: string | null;
  remixPresetKey: string | null;
}

/** What the owner of the items may do from the viewer (the profile and the gallery). */
export interface OwnerActions {
  onDownload: (item: MediaItem) => void;
  onDelete: (item: MediaItem) => void;
  onTogglePublic?: (item: MediaItem) => void;
  onShare?: (item: MediaItem) => void;
  /** New takes of the item: the same look and photo, another seed (its price is asked first). */
  onVariations?: (item: MediaItem) => void;
}

const SWIPE_MIN_PX = 50;

type MediaViewerProps = {
  items: readonly MediaItem[];
  index: number;
  onClose: () => void;
  onStep: (delta: number) => void;
  /** Opened by the owner: delete, download and share-to-feed instead of remix and save. */
  owner?: OwnerActions;
  /**
   * Drawn where it is rendered rather than in a portal on <body>: a creation's own page, which the
   * server draws (a portal has no server markup to hydrate) and which has nothing under it.
   */
  inline?: boolean;
};

/**
 * The one full-screen media viewer (spec 1 §2, §4): close, previous / next (wrapping), the date,
 * the preset tag, a 3D badge, the like button with its count, the identity check; ←/→/Esc and
 * swipes. Focus stays inside while it is open and returns to the opener when it closes.
 */
export function MediaViewer({ items, index, onClose, onStep, owner, inline = false }: MediaViewerProps) {
  const item = items[index];
  const navigate = useNavigate();
  const { isAuthenticated, user } = useAuth();
  const reported = useStore(reportedItems);
  const [reporting, setReporting] = useState<string | null>(null);
  const dialog = useRef<HTMLDivElement>(null);
  const closeButton = useRef<HTMLButtonElement>(null);
  const touchStart = useRef<{ x: number; y: number } | null>(null);
  const [fullPrompt, setFullPrompt] = useState(false);
  const [clip, setClip] = useState(0);
  const many = items.length > 1;
  const { profile } = useProfile();
  useFocusTrap(dialog, closeButton);
  useViewerUrl(item?.id, onClose);

  useEffect(() => {
    document.documentElement.classList.add('has-viewer');
    return () => document.documentElement.classList.remove('has-viewer');
  }, []);
  useEffect(() => {
    setClip(0);
    setFullPrompt(false);
  }, [item?.id]);

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      // A modal over the viewer (the sign-up prompt, a delete confirmation) answers its own keys.
      if (document.documentElement.classList.contains('has-modal')) return;
      if (event.key === 'Escape') onClose();
      else if (event.key === 'ArrowLeft') onStep(-1);
      else if (event.key === 'ArrowRight') onStep(1);
      else return;
      event.preventDefault();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [onClose, onStep]);

  if (!item) return null;

  const label = presetTypeLabel(item.presetType);
  const caption = captionOf(item);
  const shownPrompt = fullPrompt && caption.fullPrompt ? caption.fullPrompt : caption.text;
  const identity = identityLine(item.identity);
  const passed = identityPassed(item.identity);
  const engine = engineLabelOf(item);
  const is3d = item.tags.some((tag) => tag.toLowerCase() === '3d');
  const isVideo = item.mediaType === 'video';
  const source = isVideo ? (item.videoResults[clip] ?? item.url) : (item.url ?? item.posterUrl);
  const ready = isReady(item) && !isWaitingForVideos(item);
  // In place of the creation's address, so Back from there does not come back to it.
  const goTo = (href: string) => {
    onClose();
    void navigate(href, { replace: true });
  };
  const remix = () => {
    onClose();
    const state: RemixState = { remixPrompt: item.prompt ?? '', remixPresetType: item.presetType, remixPresetKey: item.presetKey };
    void navigate(paths.home.getHref(), { state, replace: true });
  };
  const held = moderationLine(item.moderation);
  // One's own creation is not reported (the server refuses it too); a visitor is asked to sign in first.
  const reportable = !owner && item.userId !== (user?.id ?? null);
  const gated = (variant: 'remix' | 'save' | 'share' | 'report', action: () => void) => () => {
    if (!isAuthenticated) showSignUpPrompt(variant);
    else action();
  };

  const onTouchStart = (event: TouchEvent) => {
    const touch = event.touches[0];
    touchStart.current = touch ? { x: touch.clientX, y: touch.clientY } : null;
  };
  const onTouchEnd = (event: TouchEvent) => {
    const start = touchStart.current;
    const touch = event.changedTouches[0];
    touchStart.current = null;
    if (!start || !touch) return;
    const dx = touch.clientX - start.x;
    const dy = touch.clientY - start.y;
    if (Math.abs(dx) >= SWIPE_MIN_PX && Math.abs(dx) > Math.abs(dy) * 1.2) onStep(dx < 0 ? 1 : -1);
    else if (dy > SWIPE_MIN_PX * 2 && Math.abs(dy) > Math.abs(dx) * 1.5) onClose();
  };

  // Blurred to a glow: its smallest copy does (not the full file, which a phone would wait for).
  const backdrop = item.variants[0]?.url ?? item.thumbnailUrl ?? item.posterUrl;
  const viewer = (
    <div className="viewer" role="dialog" aria-modal="true" aria-label="Media viewer" ref={dialog} tabIndex={-1}>
      {backdrop && <div className="viewer__ambient" style={{ backgroundImage: `url("${backdrop}")` }} aria-hidden="true" />}
      <div className="viewer__stage place-center" onTouchStart={onTouchStart} onTouchEnd={onTouchEnd}>
        <div className="viewer__topbar row">
          <button ref={closeButton} type="button" className="viewer__round place-center" aria-label="Close viewer" onClick={onClose}>
            <CloseIcon />
          </button>
          {many && (
            <span className="viewer__counter count-pill" aria-live="polite">
              {index + 1} / {items.length}
            </span>
          )}
        </div>

        <div className="viewer__media place-center" key={`${item.id}-${clip}`}>
          <ViewerMedia item={item} source={source} alt={caption.title ?? caption.text} />
          {isWaitingForVideos(item) && <span className="viewer__waiting">Generating Videos...</span>}
        </div>

        {many && (
          <>
            <button type="button" className="viewer__round place-center viewer__nav viewer__nav--prev" aria-label="Previous" onClick={() => onStep(-1)}>
              <ChevronLeftIcon />
            </button>
            <button type="button" className="viewer__round place-center viewer__nav viewer__nav--next" aria-label="Next" onClick={() => onStep(1)}>
              <ChevronRightIcon />
            </button>
          </>
        )}
      </div>

      <aside className="viewer__panel stack" aria-label="Details">
        {/* The owner's items name no creator (the library's answer): the owner is the signed-in person. */}
        <ViewerCreator
          item={owner && !item.creator && profile ? { ...item, creator: { name: profile.name, avatar: profile.avatar, username: profile.user.username } } : item}
          onGo={goTo}
        />

        <div className="viewer__tags cluster">
          {label && item.presetType && (
            <button
              type="button"
              className="preset-tag preset-tag--large glass-pill"
              title={`Show more ${label}`}
              onClick={() => goTo(`${paths.home.getHref()}?type=${encodeURIComponent(item.presetType ?? '')}`)}
            >
              {label}
            </button>
          )}
          {is3d && (
            <span className="viewer__badge inline-row">
              <CubeIcon />
              3D
            </span>
          )}
          {isVideo && <span className="viewer__badge inline-row">Video</span>}
          {owner && (
            <span className="viewer__badge inline-row">
              {item.isPublic ? <GlobeIcon /> : <LockIcon />}
              {item.isPublic ? 'Public' : 'Private'}
            </span>
          )}
          {held && (
            <span className={`viewer__badge viewer__badge--held inline-row${item.moderation?.state === 'hidden' ? ' is-hidden' : ''}`} data-testid="moderation-line">
              <ShieldIcon />
              {held}
            </span>
          )}
        </div>

        {caption.title && <h2 className="viewer__title">{caption.title}</h2>}
        <div className="viewer__prompt-block stack">
          <p className="viewer__prompt">{shownPrompt}</p>
          {caption.fullPrompt && (
            <button type="button" className="viewer__more" onClick={() => setFullPrompt((open) => !open)}>
              {fullPrompt ? 'Show less' : 'Show full prompt'}
            </button>
          )}
        </div>

        <ViewerTags tags={item.tags} onFollow={onClose} />

        {item.videoResults.length > 1 && (
          <div className="viewer__clips cluster" role="group" aria-label="Clips">
            {item.videoResults.map((_, i) => (
              <button key={i} type="button" className="viewer__clip" aria-pressed={i === clip} onClick={() => setClip(i)}>
                Clip {i + 1}
              </button>
            ))}
          </div>
        )}

        {identity && (
          <p className={`viewer__identity row${passed === false ? ' is-below' : ''}`}>
            <IdentityIcon />
            {identity}
          </p>
        )}

        {owner?.onVariations && <ViewerVariationProgress mediaId={item.id} />}

        {item.receipt && <RunReceiptView receipt={item.receipt} showEngine={false} />}

        {engine && (
          <p className="viewer__engine">
            <span className="caps-label">Made with</span>
            <span className="viewer__engine-name">{engine}</span>
          </p>
        )}

        {reportable && (
          <button
            type="button"
            className="viewer__report inline-row"
            onClick={gated('report', () => setReporting(item.id))}
            disabled={reported.has(item.id)}
          >
            <FlagIcon />
            {reported.has(item.id) ? 'Reported' : 'Report'}
          </button>
        )}

        {/* Only a finished creation can be collected (the server refuses the others as not found). */}
        {ready && <AddToCollection key={item.id} mediaId={item.id} signedIn={isAuthenticated} onSignIn={() => showSignUpPrompt('save')} />}

        {owner ? (
          <div className="viewer__actions viewer__actions--owner">
            <LikeButton item={item} variant="pill" />
            {owner.onTogglePublic && (
              <button type="button" className="viewer__action inline-row" onClick={() => owner.onTogglePublic?.(item)} disabled={!ready}>
                {item.isPublic ? <LockIcon /> : <GlobeIcon />}
                <span>{item.isPublic ? 'Make Private' : 'Share to Feed'}</span>
              </button>
            )}
            {owner.onVariations && (
              <button type="button" className="viewer__action inline-row" onClick={() => owner.onVariations?.(item)} disabled={!ready}>
                <SparkleIcon />
                <span>Variations</span>
              </button>
            )}
            {owner.onShare && (
              <button type="button" className="viewer__action inline-row" onClick={() => owner.onShare?.(item)} disabled={!ready}>
                <ShareIcon />
                <span>Share</span>
              </button>
            )}
            <button type="button" className="viewer__action inline-row" onClick={() => owner.onDownload(item)} disabled={!ready}>
              <DownloadIcon />
              <span>Download</span>
            </button>
            <button type="button" className="viewer__action inline-row viewer__action--danger" onClick={() => owner.onDelete(item)}>
              <TrashIcon />
              <span>Delete</span>
            </button>
          </div>
        ) : (
          <div className="viewer__actions">
            <LikeButton item={item} variant="pill" />
            <button type="button" className="viewer__action inline-row" onClick={gated('remix', remix)}>
              <RemixIcon />
              <span>Remix</span>
            </button>
            <button type="button" className="viewer__action inline-row" onClick={gated('save', () => void downloadMedia(item))}>
              <DownloadIcon />
              <span>Save</span>
            </button>
            <button type="button" className="viewer__action inline-row" onClick={gated('share', () => void shareMedia(item))}>
              <ShareIcon />
              <span>Share</span>
            </button>
          </div>
        )}
      </aside>
      {reporting && <ReportDialog mediaId={reporting} onClose={() => setReporting(null)} />}
    </div>
  );
  return inline ? viewer : createPortal(viewer, document.body);
}
