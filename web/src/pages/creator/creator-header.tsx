import type { Creator } from '@app/shared/api/creators';
import { HeartIcon } from '../../components/icons/creation-icons';
import { ImageIcon } from '../../components/icons/line-icons';
import { CreatorAvatar } from '../../entities/creator/creator-avatar';
import { FollowButton } from '../../entities/creator/follow-button';
import { useFollow } from '../../entities/creator/follows';
import '../../styles/cluster.css';

const plural = (count: number, one: string, many: string) => `${count.toLocaleString()} ${count === 1 ? one : many}`;

/**
 * The top of /u/<username>: the avatar (or initial), the name, @username, Follow and the counts.
 * The follower count is the server's: the page's answer, then the follow call's.
 */
export function CreatorHeader({ creator }: { creator: Creator }) {
  const shown = creator.name ?? `@${creator.username}`;
  const follow = useFollow(creator.id, creator);
  const followers = follow.followers ?? creator.followers;
  return (
    <div className="creator-header">
      <CreatorAvatar avatar={creator.avatarLarge} name={creator.name ?? creator.username} className="creator-header__avatar" size={112} />
      <div className="creator-header__text">
        <div className="creator-header__title">
          <h1 className="creator-header__name display-title" data-testid="creator-name">
            {shown}
          </h1>
          <FollowButton userId={creator.id} name={shown} follow={follow} />
        </div>
        {creator.name && (
          <p className="creator-header__username" data-testid="creator-username">
            @{creator.username}
          </p>
        )}
        <ul className="creator-header__stats cluster" aria-label="Counts">
          <li className="creator-stat chip inline-row" data-testid="creator-creations">
            <ImageIcon />
            {plural(creator.creations, 'creation', 'creations')}
          </li>
          <li className="creator-stat chip inline-row" data-testid="creator-likes">
            <HeartIcon />
            {plural(creator.likes, 'like', 'likes')}
          </li>
          <li className="creator-stat chip inline-row" data-testid="creator-followers">
            <strong>{followers.toLocaleString()}</strong> {followers === 1 ? 'follower' : 'followers'}
          </li>
          <li className="creator-stat chip inline-row" data-testid="creator-following">
            <strong>{creator.following.toLocaleString()}</strong> following
          </li>
        </ul>
      </div>
    </div>
  );
}
