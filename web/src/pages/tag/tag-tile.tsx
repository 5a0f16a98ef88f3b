import { TAG_TILE_SIZES, tagTileSources } from '@app/shared';
import { Link } from 'react-router-dom';
import { HeartIcon } from '../../components/icons/creation-icons';
import { paths } from '../../config/paths';
import { CreatorAvatar } from '../../entities/creator/creator-avatar';
import { formatCardDate } from '../../entities/media/media-format';
import { resolveMediaUrl } from '../../entities/media/media-item';
import { declaredRatio, useMediaRatio } from '../../entities/media/use-media-ratio';
import type { TagPage } from './use-tag-page';

type TagMedia = TagPage['media'][number];

/**
 * A creation on a tag page: its still right-sized from the stored copies, at its own ratio so
 * nothing moves when it arrives. `priority`: in the first row, which a phone shows on arrival.
 */
export function TagTile({ item, priority }: { item: TagMedia; priority: boolean }) {
  const { src, srcSet } = tagTileSources({ ...item, image_url: resolveMediaUrl(item.image_url) });
  const name = item.user_name ?? 'Anonymous';
  const { ratio, onMedia } = useMediaRatio(declaredRatio(item.width, item.height));
  return (
    <article className="tag-tile stack surface-card" data-testid="tag-media">
      <div className="tag-tile__media" style={{ aspectRatio: String(ratio) }}>
        {src && (
          <img
            className="cover"
            src={src}
            srcSet={srcSet}
            sizes={srcSet ? TAG_TILE_SIZES : undefined}
            alt={item.prompt ?? `A creation tagged by ${name}`}
            loading={priority ? 'eager' : 'lazy'}
            fetchPriority={priority ? 'high' : 'auto'}
            decoding="async"
            onLoad={onMedia}
          />
        )}
      </div>
      <div className="tag-tile__body stack">
        <TagCreator item={item} name={name} />
        {item.prompt && <p className="tag-tile__prompt line-clamp">{item.prompt}</p>}
        <div className="tag-tile__foot row">
          <span className="tag-tile__likes inline-row">
            <HeartIcon />
            {item.likes_count}
            <span className="visually-hidden"> likes</span>
          </span>
          <time dateTime={item.created_at}>{formatCardDate(item.created_at)}</time>
        </div>
      </div>
    </article>
  );
}

/** The creator of a tag tile, linking to /u/<username> when they have one. */
function TagCreator({ item, name }: { item: TagMedia; name: string }) {
  const face = (
    <>
      <CreatorAvatar avatar={item.user_avatar} name={name} className="tag-tile__avatar" size={28} />
      <span className="tag-tile__name truncate">{name}</span>
    </>
  );
  return item.user_username ? (
    <Link to={paths.creator.getHref(item.user_username)} className="tag-tile__creator row tag-tile__creator--link" title={`@${item.user_username}`}>
      {face}
    </Link>
  ) : (
    <div className="tag-tile__creator row">{face}</div>
  );
}
