import type { ReactNode } from 'react';
import { NavLink } from 'react-router-dom';
import { paths } from '../../config/paths';
import { useAuth } from '../../state/use-auth';
import { useSignOut } from '../../state/use-sign-out';
import { BookIcon, HomeIcon, LogoutIcon, SparkleIcon, UserIcon } from '../icons/line-icons';
import { ProfileAvatar } from './profile-avatar';

function BottomNavItem({ to, label, icon, end }: { to: string; label: string; icon: ReactNode; end?: boolean }) {
  return (
    <NavLink to={to} end={end} className="bottom-nav__item">
      {icon}
      <span className="bottom-nav__label">{label}</span>
    </NavLink>
  );
}

/**
 * The mobile nav bar (≤768px, spec 1 §2), in place of the top bar's links: best practices (Get
 * The Look), stories, then Login, or My Profile (with the generation ring) and Logout.
 */
export function BottomNav() {
  const { isAuthenticated } = useAuth();
  const signOut = useSignOut();
  return (
    <nav className="bottom-nav" aria-label="Mobile">
      <BottomNavItem to={paths.home.getHref()} label="Home" icon={<HomeIcon />} end />
      <BottomNavItem to={paths.bestPractices.getHref()} label="Get The Look" icon={<SparkleIcon />} />
      <BottomNavItem to={paths.stories.getHref()} label="Stories" icon={<BookIcon />} />
      {isAuthenticated ? (
        <>
          <BottomNavItem to={paths.profile.getHref()} label="My Profile" icon={<ProfileAvatar size={26} />} />
          <button type="button" className="bottom-nav__item" onClick={() => void signOut()}>
            <LogoutIcon />
            <span className="bottom-nav__label">Logout</span>
          </button>
        </>
      ) : (
        <BottomNavItem to={paths.auth.getHref()} label="Login" icon={<UserIcon />} />
      )}
    </nav>
  );
}
