import type { MouseEvent } from 'react';
import { CheckIcon } from '../../components/icons/line-icons';
import { useAuth } from '../../state/use-auth';
import type { UseFollow } from './follows';
import './follow-button.css';

type FollowButtonProps = {
  /** The creator's account id: no button on one's own page or item. */
  userId: string;
  /** Their name, for a screen reader ("Follow Ada"). */
  name: string;
  follow: UseFollow;
  className?: string;
};

/** Follow / Following (pressed) for one creator; a visitor's press opens the sign-up prompt. */
export function FollowButton({ userId, name, follow, className = '' }: FollowButtonProps) {
  const { user } = useAuth();
  if (user?.id === userId) return null;
  const onClick = (event: MouseEvent) => {
    // A button inside a tile or a row that opens something else.
    event.stopPropagation();
    follow.toggle();
  };
  return (
    <button
      type="button"
      className={`follow-button button button--small${follow.following ? ' is-following' : ' button--primary'} ${className}`.trim()}
      aria-pressed={follow.following}
      aria-busy={follow.pending}
      aria-label={`${follow.following ? 'Following' : 'Follow'} ${name}`}
      disabled={follow.pending}
      onClick={onClick}
      data-testid="follow-button"
    >
      {follow.following && <CheckIcon />}
      {follow.following ? 'Following' : 'Follow'}
    </button>
  );
}
