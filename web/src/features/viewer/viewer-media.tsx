import { stillSources, viewerStillSizes } from '@app/shared';
import type { CSSProperties } from 'react';
import type { MediaItem } from '../../entities/media/media-item';
import { declaredRatio, useMediaRatio } from '../../entities/media/use-media-ratio';

type ViewerMediaProps = {
  item: MediaItem;
  source: string | null;
  alt: string;
};

/**
 * The creation, whole, in a box of its own ratio as large as the stage allows: the box is
 * there before the file arrives, and the media fills it exactly (no frame, no bars). A still
 * loads the copy sized to the screen.
 */
export function ViewerMedia({ item, source, alt }: ViewerMediaProps) {
  const { ratio, onMedia } = useMediaRatio(declaredRatio(item.width, item.height));
  const style = { '--media-ratio': ratio } as CSSProperties;
  // The stored copy that fills the frame on this screen (the feed's variants), not the full file.
  const still = stillSources({ still: source, thumbnailUrl: item.thumbnailUrl, variants: item.variants, width: item.width });
  // A video's first frame, shown until it plays: its copies are the poster's (as the feed's tile shows it), at most 720 px wide.
  const poster = stillSources({ still: item.posterUrl, thumbnailUrl: item.thumbnailUrl, variants: item.variants, width: item.width }).src;
  return (
    <div className="viewer__frame" style={style} data-testid="viewer-frame">
      {/* The frame has the media's own ratio: cover fills it exactly, without bars. */}
      {item.mediaType === 'video' ? (
        <video
          className="viewer__video cover"
          src={source ?? undefined}
          poster={poster ?? undefined}
          controls
          autoPlay
          muted
          loop
          playsInline
          onLoadedMetadata={onMedia}
        />
      ) : (
        <img
          className="viewer__image cover"
          src={still.srcSet ? still.src : (source ?? undefined)}
          srcSet={still.srcSet}
          sizes={still.srcSet ? viewerStillSizes(ratio) : undefined}
          width={item.width ?? undefined}
          height={item.height ?? undefined}
          alt={alt}
          fetchPriority="high"
          onLoad={onMedia}
        />
      )}
    </div>
  );
}
