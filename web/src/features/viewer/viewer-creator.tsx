import { paths } from '../../config/paths';
import { CreatorAvatar } from '../../entities/creator/creator-avatar';
import { formatViewerDate } from '../../entities/media/media-format';
import type { MediaItem } from '../../entities/media/media-item';
import '../../styles/stack.css';

type ViewerCreatorProps = {
  item: MediaItem;
  /** Closes the viewer and goes to an address of the app. */
  onGo: (href: string) => void;
};

/**
 * Who made the item and when, in the viewer's panel: the avatar (or initial) and the name,
 * which opens /u/<username>; without a username, the feed narrowed to their work.
 */
export function ViewerCreator({ item, onGo }: ViewerCreatorProps) {
  const name = item.creator?.name ?? null;
  const username = item.creator?.username ?? null;
  const href = username
    ? paths.creator.getHref(username)
    : item.userId
      ? `${paths.home.getHref()}?creator=${encodeURIComponent(item.userId)}`
      : null;
  return (
    <div className="viewer__creator row" data-testid="viewer-creator">
      <CreatorAvatar avatar={item.creator?.avatar} name={name} className="viewer__avatar" />
      <div className="viewer__who stack">
        {href ? (
          <button type="button" className="viewer__name truncate" onClick={() => onGo(href)} title={username ? `@${username}` : undefined}>
            {name ?? 'Mirrorverse creator'}
          </button>
        ) : (
          <span className="viewer__name truncate">{name ?? 'Mirrorverse creator'}</span>
        )}
        <time className="viewer__date" dateTime={item.createdAt ?? undefined}>
          {formatViewerDate(item.createdAt)}
        </time>
      </div>
    </div>
  );
}
