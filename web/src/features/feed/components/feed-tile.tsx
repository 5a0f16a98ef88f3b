import { FEED_TILE_SIZES } from '@app/shared';
import { type MouseEvent, useCallback, useEffect, useRef, useState } from 'react';
import { PlayIcon } from '../../../components/icons/creation-icons';
import { LikeButton } from '../../../entities/media/like-button';
import { isWaitingForVideos, lookTitleOf, type MediaItem, presetTypeLabel } from '../../../entities/media/media-item';
import { tileStillSources } from '../../../entities/media/still-sources';
import { declaredRatio, useMediaRatio } from '../../../entities/media/use-media-ratio';
import { TileCreator } from './tile-creator';

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

/**
 * One feed item: its box reserved at the item's own aspect ratio before the file arrives (the
 * media then fills it, no bars), the media, creator, preset tag and likes.
 */
export function FeedTile({ item, playInView, eager, onOpen, onPresetType, onCreator }: FeedTileProps) {
  const video = useRef<HTMLVideoElement>(null);
  const tile = useRef<HTMLElement>(null);
  const [loaded, setLoaded] = useState(false);
  const [playing, setPlaying] = useState(false);
  const image = useRef<HTMLImageElement>(null);
  const { ratio, measure } = useMediaRatio(declaredRatio(item.width, item.height));
  const shown = useCallback(
    (node: HTMLImageElement) => {
      measure(node);
      setLoaded(true);
    },
    [measure],
  );
  // A still in the server's markup may have loaded before the app took the tile over: its load
  // event is gone, so the app looks at the image itself.
  useEffect(() => {
    const node = image.current;
    if (node?.complete && node.naturalWidth > 0) shown(node);
  }, [shown]);
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

  const still = tileStillSources(item);

  return (
    <article
      ref={tile}
      className={`feed-tile${loaded ? ' is-loaded' : ''}`}
      style={{ aspectRatio: `${ratio}` }}
      data-testid="feed-item"
      data-media-id={item.id}
      onMouseEnter={play}
      onMouseLeave={stop}
    >
      <button
        type="button"
        className="feed-tile__open"
        aria-label={`Open ${label ?? 'creation'}${creatorName ? ` by ${creatorName}` : ''}`}
        onClick={onOpen}
      >
      {/* Every tile shows its still, right-sized and lazy below the first screen; a video loads
          nothing until it plays (no poster: a poster is fetched at once, on screen or not). */}
      <img
        className="feed-tile__media cover"
        src={still.src}
        srcSet={still.srcSet}
        sizes={FEED_TILE_SIZES}
        alt={lookTitleOf(item) ?? (item.prompt || label || 'A community creation')}
        loading={eager ? 'eager' : 'lazy'}
        fetchPriority={eager ? 'high' : 'auto'}
        decoding="async"
        ref={image}
        onLoad={(event) => shown(event.currentTarget)}
      />
      {isVideo && (
        <video
          ref={video}
          className={`feed-tile__media cover feed-tile__video${playing ? ' is-playing' : ''}`}
          src={item.url ?? undefined}
          muted
          loop
          playsInline
          preload="none"
          onPlaying={() => setPlaying(true)}
          onPause={() => setPlaying(false)}
        />
      )}
      </button>
      {isVideo && (
        <span className="feed-tile__kind place-center" role="img" aria-label="Video">
          <PlayIcon />
        </span>
      )}
      {isWaitingForVideos(item) && <span className="feed-tile__waiting">Generating Videos...</span>}
      <div className="feed-tile__overlay">
        <div className="feed-tile__top row">
          {label && item.presetType && (
            <button type="button" className="preset-tag glass-pill" onClick={stopThen(() => onPresetType(item.presetType ?? ''))} aria-label={`Filter by ${label}`}>
              {label}
            </button>
          )}
        </div>
        <div className="feed-tile__bottom row">
          <TileCreator item={item} onCreator={onCreator} />
          <LikeButton item={item} variant="overlay" />
        </div>
      </div>
    </article>
  );
}
