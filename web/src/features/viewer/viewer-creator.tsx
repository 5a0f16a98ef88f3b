import { paths } from '../../config/paths';
import { CreatorAvatar } from '../../entities/creator/creator-avatar';
import { FollowButton } from '../../entities/creator/follow-button';
import { useFollow, useFollowStatus } from '../../entities/creator/follows';
import { useAuth } from '../../state/use-auth';
import { formatViewerDate, UTC_DATE_FORMAT } from '../../entities/media/media-format';
import { useHydrated } from '../../lib/use-hydrated';
import type { MediaItem } from '../../entities/media/media-item';
import '../../styles/stack.css';

type ViewerCreatorProps = {
  item: MediaItem;
  /** Closes the viewer and goes to an address of the app. */
  onGo: (href: string) => void;
};

/**
 * Who made the item and when, in the viewer's panel: the avatar (or initial) and the name,
 * which opens /u/<username>; without a username, the feed narrowed to their work. Follow beside
 * them, for a creator with a page who is not the viewer.
 */
export function ViewerCreator({ item, onGo }: ViewerCreatorProps) {
  const name = item.creator?.name ?? null;
  const username = item.creator?.username ?? null;
  // In the visitor's time zone once the app has taken a drawn page over; in UTC as drawn.
  const hydrated = useHydrated();
  const href = username
    ? paths.creator.getHref(username)
    : item.userId
      ? `${paths.home.getHref()}?creator=${encodeURIComponent(item.userId)}`
      : null;
  return (
    <div className="viewer__creator row" data-testid="viewer-creator">
      <CreatorAvatar avatar={item.creator?.avatar} name={name} className="viewer__avatar" size={44} />
      <div className="viewer__who stack">
        {href ? (
          <button type="button" className="viewer__name truncate" onClick={() => onGo(href)} title={username ? `@${username}` : undefined}>
            {name ?? 'Mirrorverse creator'}
          </button>
        ) : (
          <span className="viewer__name truncate">{name ?? 'Mirrorverse creator'}</span>
        )}
        <time className="viewer__date" dateTime={item.createdAt ?? undefined}>
          {formatViewerDate(item.createdAt, hydrated ? undefined : UTC_DATE_FORMAT)}
        </time>
      </div>
      {username && item.userId && <ViewerFollow userId={item.userId} username={username} name={name ?? `@${username}`} />}
    </div>
  );
}

/** The viewer's Follow: whether one follows them is asked of their page (get-creator) when shown. */
function ViewerFollow({ userId, username, name }: { userId: string; username: string; name: string }) {
  const { isAuthenticated } = useAuth();
  const status = useFollowStatus(username);
  const follow = useFollow(userId, status);
  // Signed in, the button waits for the answer rather than say Follow to someone who follows.
  if (isAuthenticated && status === undefined) return null;
  return <FollowButton userId={userId} name={name} follow={follow} className="viewer__follow" />;
}
