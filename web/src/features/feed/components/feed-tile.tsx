import { FEED_IMAGE_WIDTH } from '@app/shared';
import { type MouseEvent, useEffect, useRef, useState } from 'react';
import { PlayIcon } from '../../../components/icons/creation-icons';
import { LikeButton } from '../../../entities/media/like-button';
import { isWaitingForVideos, lookTitleOf, type MediaItem, presetTypeLabel } from '../../../entities/media/media-item';
import { TileCreator } from './tile-creator';
import '../../../styles/glass-pill.css';

type FeedTileProps = {
  item: MediaItem;
  /** Phones: videos play while in view; elsewhere on hover. */
  playInView: boolean;
  /** The first screenful loads eagerly. */
  eager: boolean;
  onOpen: () => void;
  onPresetType: (presetType: string) => void;
  onCreator: (userId: string) => void;
};

/** One feed item: its space reserved from the aspect ratio, the media, creator, preset tag and likes. */
export function FeedTile({ item, playInView, eager, onOpen, onPresetType, onCreator }: FeedTileProps) {
  const video = useRef<HTMLVideoElement>(null);
  const tile = useRef<HTMLElement>(null);
  const [loaded, setLoaded] = useState(false);
  const label = presetTypeLabel(item.presetType);
  const isVideo = item.mediaType === 'video';
  const creatorName = item.creator?.name ?? null;

  // Phones: a video plays (muted) while most of it is on screen.
  useEffect(() => {
    if (!isVideo || !playInView || !tile.current) return;
    const observer = new IntersectionObserver(
      ([entry]) => {
        const node = video.current;
        if (!node || !entry) return;
        if (entry.intersectionRatio >= 0.6) void node.play().catch(() => {});
        else node.pause();
      },
      { threshold: [0, 0.6, 1] },
    );
    observer.observe(tile.current);
    return () => observer.disconnect();
  }, [isVideo, playInView]);

  const play = () => {
    if (isVideo && !playInView) void video.current?.play().catch(() => {});
  };
  const stop = () => {
    if (isVideo && !playInView && video.current) {
      video.current.pause();
      video.current.currentTime = 0;
    }
  };
    const stopThen = (action: () => void) => (event: MouseEvent) => {
    event.stopPropagation();
    action();
  };

  const still = item.thumbnailUrl ?? item.posterUrl ?? item.url ?? undefined;
  const srcSet =
    !isVideo && item.url && item.thumbnailUrl && item.thumbnailUrl !== item.url
      ? `${item.thumbnailUrl} 480w, ${item.url} ${item.width ?? FEED_IMAGE_WIDTH}w`
      : undefined;

  return (
    <article
      ref={tile}
      className={`feed-tile${loaded ? ' is-loaded' : ''}`}
      style={{ aspectRatio: `${item.aspectRatio}` }}
      data-testid="feed-item"
      onMouseEnter={play}
      onMouseLeave={stop}
    >
      <button
        type="button"
        className="feed-tile__open"
        aria-label={`Open ${label ?? 'creation'}${creatorName ? ` by ${creatorName}` : ''}`}
        onClick={onOpen}
      >
      {isVideo ? (
        <video
          ref={video}
          className="feed-tile__media"
          src={item.url ?? undefined}
          poster={item.posterUrl ?? undefined}
          muted
          loop
          playsInline
          preload="metadata"
          onLoadedData={() => setLoaded(true)}
        />
      ) : (
        <img
          className="feed-tile__media"
          src={still}
          srcSet={srcSet}
          sizes="(max-width: 768px) 100vw, 400px"
          alt={lookTitleOf(item) ?? (item.prompt || label || 'A community creation')}
          loading={eager ? 'eager' : 'lazy'}
          decoding="async"
          onLoad={() => setLoaded(true)}
        />
      )}
      </button>
      {isVideo && (
        <span className="feed-tile__kind" aria-label="Video">
          <PlayIcon />
        </span>
      )}
      {isWaitingForVideos(item) && <span className="feed-tile__waiting">Generating Videos...</span>}
      <div className="feed-tile__overlay">
        <div className="feed-tile__top">
          {label && item.presetType && (
            <button type="button" className="preset-tag glass-pill" onClick={stopThen(() => onPresetType(item.presetType ?? ''))} aria-label={`Filter by ${label}`}>
              {label}
            </button>
          )}
        </div>
        <div className="feed-tile__bottom">
          <TileCreator item={item} onCreator={onCreator} />
          <LikeButton item={item} variant="overlay" />
        </div>
      </div>
    </article>
  );
}
