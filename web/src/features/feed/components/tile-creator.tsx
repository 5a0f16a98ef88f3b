import type { MouseEvent } from 'react';
import { Link } from 'react-router-dom';
import { paths } from '../../../config/paths';
import { CreatorAvatar } from '../../../entities/creator/creator-avatar';
import type { MediaItem } from '../../../entities/media/media-item';
import '../../../styles/cluster.css';

type TileCreatorProps = {
  item: MediaItem;
  /** Without a username, the creator's name narrows the feed to their work instead. */
  onCreator: (userId: string) => void;
};

const keepTileClosed = (event: MouseEvent) => event.stopPropagation();

/** The creator on a feed tile: avatar (or initial) and name, linking to /u/<username> when they have one. */
export function TileCreator({ item, onCreator }: TileCreatorProps) {
  const name = item.creator?.name ?? null;
  const username = item.creator?.username ?? null;
  const face = (
    <>
      <CreatorAvatar avatar={item.creator?.avatar} name={name} className="feed-tile__avatar" size={26} />
      <span className="feed-tile__name truncate">{name ?? 'Mirrorverse creator'}</span>
    </>
  );
  if (username) {
    return (
      <Link to={paths.creator.getHref(username)} className="feed-tile__creator inline-row" onClick={keepTileClosed} title={`@${username}`} data-testid="tile-creator">
        {face}
      </Link>
    );
  }
  return (
    <button
      type="button"
      className="feed-tile__creator inline-row"
      disabled={!item.userId}
      onClick={(event) => {
        keepTileClosed(event);
        if (item.userId) onCreator(item.userId);
      }}
      title="More from this creator"
      data-testid="tile-creator"
    >
      {face}
    </button>
  );
}
