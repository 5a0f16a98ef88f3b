import type { Creator } from '@app/shared/api/creators';
import { HeartIcon } from '../../components/icons/creation-icons';
import { ImageIcon } from '../../components/icons/line-icons';
import { CreatorAvatar } from '../../entities/creator/creator-avatar';
import '../../styles/cluster.css';

const plural = (count: number, one: string, many: string) => `${count.toLocaleString()} ${count === 1 ? one : many}`;

/** The top of /u/<username>: the avatar (or initial), the name, @username and the counts. */
export function CreatorHeader({ creator }: { creator: Creator }) {
  const shown = creator.name ?? `@${creator.username}`;
  return (
    <div className="creator-header">
      <CreatorAvatar avatar={creator.avatar} name={creator.name ?? creator.username} className="creator-header__avatar" />
      <div className="creator-header__text">
        <h1 className="creator-header__name display-title" data-testid="creator-name">
          {shown}
        </h1>
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
        </ul>
      </div>
    </div>
  );
}
