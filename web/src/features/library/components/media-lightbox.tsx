import { type TouchEvent, useEffect, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import { CloseIcon, TrashIcon } from '../../../components/icons/line-icons';
import {
  displayPrompt,
  formatViewerDate,
  isAwaitingVideos,
  isVideo,
  type LibraryItem,
  mediaSourceUrl,
  presetLabel,
  resolveMediaUrl,
  sizeOf,
} from '../media-item';
import { ChevronLeftIcon, ChevronRightIcon, DownloadIcon, FingerprintIcon, GlobeIcon, HeartIcon, LockIcon, ShareIcon } from './library-icons';
import { MediaStatus } from './media-status';

type MediaLightboxProps = {
  items: readonly LibraryItem[];
  index: number | null;
  onIndex: (index: number) => void;
  onClose: () => void;
  onDownload: (item: LibraryItem) => void;
  onDelete: (item: LibraryItem) => void;
  onShare?: (item: LibraryItem) => void;
  liked?: (item: LibraryItem) => boolean;
  onLike?: (item: LibraryItem) => void;
  onTogglePublic?: (item: LibraryItem) => void;
};

/** Wraps at both ends (spec 1 §4). */
export function wrapIndex(index: number, length: number): number {
  return length === 0 ? 0 : ((index % length) + length) % length;
}

/**
 * The full-screen viewer of the library: the media large, previous and next (wrapping, also
 * with ← and → or a swipe), Escape closes; beside it the preset, date, prompt, identity check
 * and the item's actions.
 */
export function MediaLightbox({
  items,
  index,
  onIndex,
  onClose,
  onDownload,
  onDelete,
  onShare,
  liked,
  onLike,
  onTogglePublic,
}: MediaLightboxProps) {
  const open = index !== null && items.length > 0;
  const current = open ? items[wrapIndex(index, items.length)] : undefined;
  const panel = useRef<HTMLDivElement>(null);
  const touchStart = useRef<number | null>(null);
  const [clip, setClip] = useState(0);
  const handlers = useRef({ onIndex, onClose, index, length: items.length });
  handlers.current = { onIndex, onClose, index, length: items.length };

  useEffect(() => setClip(0), [current?.id]);

  useEffect(() => {
    if (!open) return;
    const previous = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    panel.current?.focus();
    document.documentElement.classList.add('has-lightbox');
    const onKey = (event: KeyboardEvent) => {
      const { index: at, length } = handlers.current;
      // A dialog over the viewer (a delete confirmation) takes the keys.
      if (at === null || document.documentElement.classList.contains('has-modal')) return;
      if (event.key === 'Escape') {
        event.preventDefault();
        handlers.current.onClose();
      } else if (event.key === 'ArrowLeft') {
        event.preventDefault();
        handlers.current.onIndex(wrapIndex(at - 1, length));
      } else if (event.key === 'ArrowRight') {
        event.preventDefault();
        handlers.current.onIndex(wrapIndex(at + 1, length));
      }
    };
    window.addEventListener('keydown', onKey);
    return () => {
      window.removeEventListener('keydown', onKey);
      document.documentElement.classList.remove('has-lightbox');
      previous?.focus();
    };
  }, [open]);

  if (!open || !current || index === null) return null;

  const at = wrapIndex(index, items.length);
  const go = (step: number) => onIndex(wrapIndex(at + step, items.length));
  const clips = current.videoResults.filter((video) => video.success);
  const videoUrl = isVideo(current) ? (resolveMediaUrl(clips[clip]?.videoUrl) ?? mediaSourceUrl(current)) : null;
  const { width, height } = sizeOf(current);
  const label = presetLabel(current.presetType);
  const ready = current.status === 'completed' && !current.pending && !isAwaitingVideos(current);

  const onTouchStart = (event: TouchEvent) => {
    touchStart.current = event.touches[0]?.clientX ?? null;
  };
  const onTouchEnd = (event: TouchEvent) => {
    const start = touchStart.current;
    const end = event.changedTouches[0]?.clientX;
    touchStart.current = null;
    if (start === null || end === undefined || Math.abs(end - start) < 50) return;
    go(end < start ? 1 : -1);
  };

  return createPortal(
    <div className="lightbox" role="dialog" aria-modal="true" aria-label="Media viewer" ref={panel} tabIndex={-1}>
      <div className="lightbox__backdrop" onClick={onClose} aria-hidden="true" />
      <div className="lightbox__stage" onTouchStart={onTouchStart} onTouchEnd={onTouchEnd}>
        <figure className="lightbox__media" key={`${current.id}-${clip}`}>
          {videoUrl ? (
            <video src={videoUrl} controls autoPlay loop playsInline width={width} height={height} />
          ) : (
            <img src={mediaSourceUrl(current) ?? undefined} alt={displayPrompt(current)} width={width} height={height} />
          )}
          <MediaStatus item={current} />
        </figure>
        {items.length > 1 && (
          <>
            <button type="button" className="lightbox__nav lightbox__nav--prev" onClick={() => go(-1)} aria-label="Previous">
              <ChevronLeftIcon />
            </button>
            <button type="button" className="lightbox__nav lightbox__nav--next" onClick={() => go(1)} aria-label="Next">
              <ChevronRightIcon />
            </button>
          </>
        )}
      </div>

      <aside className="lightbox__info">
        <div className="lightbox__top">
          <span className="lightbox__counter">
            {at + 1} / {items.length}
          </span>
          <button type="button" className="lightbox__close" onClick={onClose} aria-label="Close viewer">
            <CloseIcon />
          </button>
        </div>
        <div className="lightbox__tags">
          {label && <span className="media-chip media-chip--solid">{label}</span>}
          {current.isPublic ? (
            <span className="media-chip media-chip--solid">
              <GlobeIcon /> Public
            </span>
          ) : (
            <span className="media-chip media-chip--solid">
              <LockIcon /> Private
            </span>
          )}
        </div>
        <p className="lightbox__date">{formatViewerDate(current.createdAt)}</p>
        <p className="lightbox__prompt">{displayPrompt(current)}</p>

        {clips.length > 1 && (
          <div className="lightbox__clips" role="group" aria-label="Clips">
            {clips.map((_, i) => (
              <button
                key={i}
                type="button"
                className="lightbox__clip"
                aria-pressed={i === clip}
                onClick={() => setClip(i)}
              >
                Clip {i + 1}
              </button>
            ))}
          </div>
        )}

        {current.identity && (
          <div className={`lightbox__identity${current.identity.passed === false ? ' is-low' : ''}`}>
            <FingerprintIcon />
            <div>
              <p className="lightbox__identity-score">Identity {current.identity.score.toFixed(2)}</p>
              <p className="lightbox__identity-note">
                {current.identity.passed === false
                  ? "Didn't pass the identity check"
                  : 'Looks like you'}
                {current.identity.threshold !== null && ` · threshold ${current.identity.threshold.toFixed(2)}`}
                {current.identity.attempts !== null && ` · ${current.identity.attempts} attempt${current.identity.attempts === 1 ? '' : 's'}`}
              </p>
            </div>
          </div>
        )}

        <div className="lightbox__actions">
          {onLike && liked && (
            <button
              type="button"
              className={`button button--small lightbox__like${liked(current) ? ' is-liked' : ''}`}
              onClick={() => onLike(current)}
              aria-pressed={liked(current)}
              disabled={!ready}
            >
              <HeartIcon filled={liked(current)} />
              {current.likes}
            </button>
          )}
          {onTogglePublic && (
            <button type="button" className="button button--small" onClick={() => onTogglePublic(current)} disabled={!ready}>
              {current.isPublic ? <LockIcon /> : <GlobeIcon />}
              {current.isPublic ? 'Make Private' : 'Share to Feed'}
            </button>
          )}
          {onShare && (
            <button type="button" className="button button--small" onClick={() => onShare(current)} disabled={!ready}>
              <ShareIcon />
              Share
            </button>
          )}
          <button type="button" className="button button--small" onClick={() => onDownload(current)} disabled={!ready}>
            <DownloadIcon />
            Download
          </button>
          <button type="button" className="button button--small button--ghost-danger" onClick={() => onDelete(current)}>
            <TrashIcon />
            Delete
          </button>
        </div>
      </aside>
    </div>,
    document.body,
  );
}
