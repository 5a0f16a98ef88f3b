import type { ReactNode } from 'react';
import { NavLink } from 'react-router-dom';
import { paths } from '../../config/paths';
import { useAuth } from '../../state/use-auth';
import { useSignOut } from '../../state/use-sign-out';
import { BookIcon, LogoutIcon, SparkleIcon, UserIcon } from '../icons/line-icons';
import { ProfileAvatar } from './profile-avatar';

function ColumnLink({ to, label, icon }: { to: string; label: string; icon: ReactNode }) {
  return (
    <NavLink to={to} className="action-column__item" aria-label={label}>
      <span className="action-column__icon">{icon}</span>
      <span className="action-column__label" aria-hidden="true">
        {label}
      </span>
    </NavLink>
  );
}

/**
 * The home screen's fixed right-hand column (spec 1 §2): Get The Look, Stories, then My Profile
 * (with the generation ring) and Logout, or Login. Logout returns to /.
 */
export function ActionColumn() {
  const { isAuthenticated } = useAuth();
  const signOut = useSignOut();
  return (
    <nav className="action-column" aria-label="Quick actions">
      <ColumnLink to={paths.bestPractices.getHref()} label="Get The Look" icon={<SparkleIcon />} />
      <ColumnLink to={paths.stories.getHref()} label="Stories" icon={<BookIcon />} />
      {isAuthenticated ? (
        <>
          <ColumnLink to={paths.profile.getHref()} label="My Profile" icon={<ProfileAvatar size={30} />} />
          <button type="button" className="action-column__item" onClick={() => void signOut()}>
            <span className="action-column__icon">
              <LogoutIcon />
            </span>
            <span className="action-column__label">Logout</span>
          </button>
        </>
      ) : (
        <ColumnLink to={paths.auth.getHref()} label="Login" icon={<UserIcon />} />
      )}
    </nav>
  );
}
