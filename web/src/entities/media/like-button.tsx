import type { MouseEvent } from 'react';
import { HeartIcon } from '../../components/icons/creation-icons';
import { type Likeable, useLikes } from './likes';
import './media.css';
import '../../styles/cluster.css';

/** The heart with the like count, the same on a feed tile, in the viewer and on a library card. */
export function LikeButton({ item, variant = 'pill' }: { item: Likeable; variant?: 'pill' | 'overlay' }) {
  const likes = useLikes();
  const liked = likes.isLiked(item);
  const count = likes.countOf(item);
  const onClick = (event: MouseEvent) => {
    event.stopPropagation();
    likes.toggle(item);
  };
  return (
    <button
      type="button"
      className={`like-button inline-row like-button--${variant}${liked ? ' is-liked' : ''}`}
      aria-pressed={liked}
      onClick={onClick}
    >
      {/* Named by what it shows, the count, with words around it only a screen reader reads. */}
      <span className="visually-hidden">{liked ? 'Unlike, ' : 'Like, '}</span>
      <HeartIcon filled={liked} />
      <span className="like-button__count" data-testid="like-count">
        {count}
      </span>
      <span className="visually-hidden">{count === 1 ? ' like' : ' likes'}</span>
    </button>
  );
}
