import { type SyntheticEvent, useState } from 'react';
import { ImageIcon } from '../../../components/icons/line-icons';
import { captionOf } from '../../../entities/media/caption';
import { type MediaItem, previewUrlOf } from '../../../entities/media/media-item';

/**
 * The picture of a card: the thumbnail or the image; a video without a thumbnail shows its
 * first frame and plays, muted, while the pointer is on it. `onMedia` hears its loaded size.
 */
export function MediaPreview({ item, onMedia }: { item: MediaItem; onMedia?: (event: SyntheticEvent<HTMLImageElement | HTMLVideoElement>) => void }) {
  const [broken, setBroken] = useState(false);
  const image = previewUrlOf(item);
  const video = item.mediaType === 'video' ? item.url : null;
  const caption = captionOf(item);
  const alt = caption.title ?? caption.text;

  if (item.pending || broken || (!image && !video)) {
    return (
      <div className="media-preview media-preview--empty place-center cover" aria-hidden="true">
        <ImageIcon />
      </div>
    );
  }
  if (!image && video) {
    return (
      <video
        className="media-preview cover"
        src={`${video}#t=0.1`}
        muted
        loop
        playsInline
        preload="metadata"
        aria-label={alt}
        onLoadedMetadata={onMedia}
        onMouseEnter={(event) => void event.currentTarget.play().catch(() => {})}
        onMouseLeave={(event) => event.currentTarget.pause()}
        onError={() => setBroken(true)}
      />
    );
  }
  return (
    <img
      className="media-preview cover"
      src={image ?? undefined}
      alt={alt}
      loading="lazy"
      decoding="async"
      draggable={false}
      onLoad={onMedia}
      onError={() => setBroken(true)}
    />
  );
}
