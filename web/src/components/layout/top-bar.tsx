import { type ReactNode, useState } from 'react';
import { Link, NavLink } from 'react-router-dom';
import { BRAND_NAME } from '../../config/brand';
import { paths } from '../../config/paths';
import { useAuth } from '../../state/use-auth';
import { useSignOut } from '../../state/use-sign-out';
import { BookIcon, LogoutIcon, SparkleIcon } from '../icons/line-icons';
import { loadLaunchStatusAnswer, loadSignUpOpen } from '../../api/launch';
import { useLoadedValue } from '../../lib/use-loaded-value';
import { lazyDialog } from '../dialog/lazy-dialog';
import { BrandMark } from './brand-mark';
import { ProfileAvatar } from './profile-avatar';

/** The waitlist modal's code loads when it first opens, with the launch status that words it. */
const JoinWaitlistModal = lazyDialog(() =>
  Promise.all([import('../waitlist/join-waitlist-modal'), loadLaunchStatusAnswer()]).then(([module]) => module.JoinWaitlistModal),
);

/**
 * Brand on the left; on wider screens, top right: Get The Look, Stories, then the profile menu
 * (My Profile with the generation ring, Logout) or Login, with Join Waitlist beside it only while
 * the server says sign-up is closed (spec 1 §2's optional button): while it is open, Login is the way in.
 */
export function TopBar({ bare = false, actions = null }: { bare?: boolean; actions?: ReactNode }) {
  return (
    <header className="top-bar">
      <div className="top-bar__inner row">
        <Link to={paths.home.getHref()} className="top-bar__brand" aria-label={`${BRAND_NAME} home`}>
          <BrandMark />
        </Link>
        {!bare && (
          <div className="top-bar__end row">
            <TopBarNav />
            {actions}
          </div>
        )}
      </div>
    </header>
  );
}

function TopBarNav() {
  const { isAuthenticated } = useAuth();
  const signOut = useSignOut();
  const [waitlistOpen, setWaitlistOpen] = useState(false);
  const signUpOpen = useLoadedValue<boolean | null>(loadSignUpOpen, null);
  return (
    <nav className="top-bar__nav" aria-label="Main">
      <NavLink to={paths.bestPractices.getHref()} className="top-bar__link">
        <SparkleIcon />
        Get The Look
      </NavLink>
      <NavLink to={paths.stories.getHref()} className="top-bar__link">
        <BookIcon />
        Stories
      </NavLink>
      {isAuthenticated ? (
        <div className="profile-menu" role="group" aria-label="Profile menu">
          <NavLink to={paths.profile.getHref()} className="profile-menu__profile">
            <ProfileAvatar size={28} />
            My Profile
          </NavLink>
          <span className="profile-menu__divider" aria-hidden="true" />
          <button type="button" className="profile-menu__logout" onClick={() => void signOut()}>
            <LogoutIcon />
            Logout
          </button>
        </div>
      ) : (
        <>
          {signUpOpen === false && (
            <button type="button" className="button button--small top-bar__waitlist" onClick={() => setWaitlistOpen(true)}>
              Join Waitlist
            </button>
          )}
          <Link to={paths.auth.getHref()} className="button button--primary button--small">
            Login
          </Link>
          <JoinWaitlistModal open={waitlistOpen} onClose={() => setWaitlistOpen(false)} />
        </>
      )}
    </nav>
  );
}
