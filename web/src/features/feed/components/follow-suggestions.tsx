import { Link } from 'react-router-dom';
import { UserIcon } from '../../../components/icons/line-icons';
import { paths } from '../../../config/paths';
import { CreatorAvatar } from '../../../entities/creator/creator-avatar';
import { FollowButton } from '../../../entities/creator/follow-button';
import { useFollow } from '../../../entities/creator/follows';
import { useAuth } from '../../../state/use-auth';
import { suggestedCreators, type Suggestion } from '../suggested-creators';
import { useTrending } from '../use-trending';
import '../../../styles/stack.css';
import '../../../styles/cluster.css';
import '../follow-suggestions.css';

/**
 * The empty Following feed: what it is, and creators to follow. A follow refreshes the feed
 * (useFollow invalidates it), so their creations take the place of this at once.
 */
export function FollowingEmpty() {
  const { user } = useAuth();
  const suggestions = suggestedCreators(useTrending(), user?.id ?? null);
  return (
    <div className="feed__empty stack" data-testid="following-empty">
      <span className="feed__empty-icon icon-tile" aria-hidden="true">
        <UserIcon />
      </span>
      <p className="feed__empty-title">Nothing from people you follow yet</p>
      <p className="feed__empty-text">Follow creators and their new creations show up here, newest first.</p>
      {suggestions.length > 0 && (
        <ul className="follow-suggestions" aria-label="Creators to follow">
          {suggestions.map((creator) => (
            <SuggestedCreator key={creator.id} creator={creator} />
          ))}
        </ul>
      )}
    </div>
  );
}

function SuggestedCreator({ creator }: { creator: Suggestion }) {
  // Someone in an empty Following feed is followed by nobody here: the server's answer says otherwise once pressed.
  const follow = useFollow(creator.id, { viewerFollows: false });
  return (
    <li className="follow-suggestion row" data-testid="follow-suggestion">
      <CreatorAvatar avatar={creator.avatar} name={creator.name} className="follow-suggestion__avatar" size={40} />
      <Link to={paths.creator.getHref(creator.username)} className="follow-suggestion__who stack">
        <span className="follow-suggestion__name truncate">{creator.name}</span>
        <span className="follow-suggestion__username truncate">@{creator.username}</span>
      </Link>
      <FollowButton userId={creator.id} name={creator.name} follow={follow} />
    </li>
  );
}

/** The Following feed for a visitor (an address shared, a session ended): it is a signed-in person's. */
export function FollowingSignedOut() {
  return (
    <div className="feed__empty stack" data-testid="following-signed-out">
      <span className="feed__empty-icon icon-tile" aria-hidden="true">
        <UserIcon />
      </span>
      <p className="feed__empty-title">Sign in to see who you follow</p>
      <p className="feed__empty-text">The Following feed shows the new creations of the creators you follow.</p>
      <div className="feed__empty-actions cluster">
        <Link to={paths.auth.getHref()} className="button button--small button--primary">
          Sign in
        </Link>
      </div>
    </div>
  );
}
