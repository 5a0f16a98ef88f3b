import { type TouchEvent, useEffect, useRef, useState } from 'react';
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
import { CloseIcon } from '../../components/icons/line-icons';
import { paths } from '../../config/paths';
import { useAuth } from '../../state/use-auth';
import { type FeedItem, isWaitingForVideos, presetLabelOf, presetTypeLabel } from '../feed/feed-item';
import { LikeButton } from '../likes/like-button';
import { showSignUpPrompt } from '../signup-prompt/signup-prompt-store';
import { downloadMedia, shareMedia } from './viewer-actions';
import { formatViewerDate, identityLine, identityPassed } from './viewer-format';

/** What Home reads of the router state when a remix starts from the viewer. */
export interface RemixState {
  remixPrompt: string;
}

const SWIPE_MIN_PX = 50;

type MediaViewerProps = {
  items: readonly FeedItem[];
  index: number;
  onClose: () => void;
  onStep: (delta: number) => void;
};

function initialOf(name: string | null): string {
  return (name?.trim()[0] ?? 'M').toUpperCase();
}

/**
 * The full-screen media viewer (spec 1 §2, §4): close, previous / next (wrapping), the date,
 * the preset tag, a 3D badge, the like button with its count, the identity check; ←/→/Esc
 * and swipes.
 */
export function MediaViewer({ items, index, onClose, onStep }: MediaViewerProps) {
  const item = items[index];
  const navigate = useNavigate();
  const { isAuthenticated } = useAuth();
  const closeButton = useRef<HTMLButtonElement>(null);
  const touchStart = useRef<{ x: number; y: number } | null>(null);
  const [fullPrompt, setFullPrompt] = useState(false);
  const many = items.length > 1;

  useEffect(() => {
    const previous = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    closeButton.current?.focus();
    document.documentElement.classList.add('has-viewer');
    return () => {
      document.documentElement.classList.remove('has-viewer');
      previous?.focus();
    };
  }, []);

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      // A modal over the viewer (the sign-up prompt) answers its own keys.
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
  const look = presetLabelOf(item);
  const longPrompt = item.prompt.length > 160;
  const identity = identityLine(item.identity);
  const passed = identityPassed(item.identity);
  const is3d = item.tags.some((tag) => tag.toLowerCase() === '3d');
  const goTo = (href: string) => {
    onClose();
    void navigate(href);
  };
  const remix = () => {
    onClose();
    const state: RemixState = { remixPrompt: item.prompt };
    void navigate(paths.home.getHref(), { state });
  };
  const gated = (variant: 'remix' | 'save' | 'share', action: () => void) => () => {
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

  const backdrop = item.posterUrl ?? item.thumbnailUrl;
  return (
    <div className="viewer" role="dialog" aria-modal="true" aria-label="Media viewer">
      {backdrop && <div className="viewer__ambient" style={{ backgroundImage: `url("${backdrop}")` }} aria-hidden="true" />}
      <div className="viewer__stage" onTouchStart={onTouchStart} onTouchEnd={onTouchEnd}>
        <div className="viewer__topbar">
          <button ref={closeButton} type="button" className="viewer__round" aria-label="Close viewer" onClick={onClose}>
            <CloseIcon />
          </button>
          {many && (
            <span className="viewer__counter" aria-live="polite">
              {index + 1} / {items.length}
            </span>
          )}
        </div>

        <div className="viewer__media" key={item.id}>
          {item.type === 'video' ? (
            <video
              className="viewer__video"
              src={item.url}
              poster={item.posterUrl ?? undefined}
              controls
              autoPlay
              muted
              loop
              playsInline
            />
          ) : (
            <img className="viewer__image" src={item.url} alt={item.prompt || 'A community creation'} />
          )}
          {isWaitingForVideos(item) && <span className="viewer__waiting">Generating Videos...</span>}
        </div>

        {many && (
          <>
            <button type="button" className="viewer__round viewer__nav viewer__nav--prev" aria-label="Previous" onClick={() => onStep(-1)}>
              <ChevronLeftIcon />
            </button>
            <button type="button" className="viewer__round viewer__nav viewer__nav--next" aria-label="Next" onClick={() => onStep(1)}>
              <ChevronRightIcon />
            </button>
          </>
        )}
      </div>

      <aside className="viewer__panel" aria-label="Details">
        <div className="viewer__creator">
          {item.creator.avatar ? (
            <img className="viewer__avatar" src={item.creator.avatar} alt="" />
          ) : (
            <span className="viewer__avatar viewer__avatar--initial" aria-hidden="true">
              {initialOf(item.creator.name)}
            </span>
          )}
          <div className="viewer__who">
            {item.userId ? (
              <button type="button" className="viewer__name" onClick={() => goTo(`${paths.home.getHref()}?creator=${encodeURIComponent(item.userId ?? '')}`)}>
                {item.creator.name ?? 'Mirrorverse creator'}
              </button>
            ) : (
              <span className="viewer__name">{item.creator.name ?? 'Mirrorverse creator'}</span>
            )}
            <time className="viewer__date" dateTime={item.createdAt ?? undefined}>
              {formatViewerDate(item.createdAt)}
            </time>
          </div>
        </div>

        <div className="viewer__tags">
          {label && item.presetType && (
            <button
              type="button"
              className="preset-tag preset-tag--large"
              title={`Show more ${label}`}
              onClick={() => goTo(`${paths.home.getHref()}?type=${encodeURIComponent(item.presetType ?? '')}`)}
            >
              {label}
            </button>
          )}
          {is3d && (
            <span className="viewer__badge">
              <CubeIcon />
              3D
            </span>
          )}
          {item.type === 'video' && <span className="viewer__badge">Video</span>}
        </div>

        {look && <h2 className="viewer__title">{look}</h2>}
        {item.prompt && (
          <div className="viewer__prompt-block">
            <p className={`viewer__prompt${longPrompt && !fullPrompt ? ' is-clamped' : ''}`}>{item.prompt}</p>
            {longPrompt && (
              <button type="button" className="viewer__more" onClick={() => setFullPrompt((open) => !open)}>
                {fullPrompt ? 'Show less' : 'Show full prompt'}
              </button>
            )}
          </div>
        )}

        {identity && (
          <p className={`viewer__identity${passed === false ? ' is-below' : ''}`}>
            <IdentityIcon />
            {identity}
          </p>
        )}

        <div className="viewer__actions">
          <LikeButton item={item} variant="pill" />
          <button type="button" className="viewer__action" onClick={gated('remix', remix)}>
            <RemixIcon />
            <span>Remix</span>
          </button>
          <button type="button" className="viewer__action" onClick={gated('save', () => void downloadMedia(item))}>
            <DownloadIcon />
            <span>Save</span>
          </button>
          <button type="button" className="viewer__action" onClick={gated('share', () => void shareMedia(item))}>
            <ShareIcon />
            <span>Share</span>
          </button>
        </div>
      </aside>
    </div>
  );
}
