import { Link, NavLink } from 'react-router-dom';
import { BRAND_NAME } from '../../config/brand';
import { paths } from '../../config/paths';
import { useAuth } from '../../state/use-auth';
import { useSignOut } from '../../state/use-sign-out';
import { LogoutIcon, UserIcon } from '../icons/line-icons';
import { BrandMark } from './brand-mark';

/**
 * Brand on the left; on wider screens Get The Look, Stories, then Login, or My Profile and
 * Logout when signed in (spec 1 §2).
 */
export function TopBar({ bare = false }: { bare?: boolean }) {
  return (
    <header className="top-bar">
      <div className="top-bar__inner">
        <Link to={paths.home.getHref()} className="top-bar__brand" aria-label={`${BRAND_NAME} home`}>
          <BrandMark />
        </Link>
        {!bare && <TopBarNav />}
      </div>
    </header>
  );
}

function TopBarNav() {
  const { isAuthenticated } = useAuth();
  const signOut = useSignOut();
  return (
    <nav className="top-bar__nav" aria-label="Main">
      <NavLink to={paths.bestPractices.getHref()} className="top-bar__link">
        Get The Look
      </NavLink>
      <NavLink to={paths.stories.getHref()} className="top-bar__link">
        Stories
      </NavLink>
      {isAuthenticated ? (
        <>
          <NavLink to={paths.profile.getHref()} className="button button--small top-bar__profile">
            <UserIcon />
            My Profile
          </NavLink>
          <button type="button" className="top-bar__link top-bar__logout" onClick={() => void signOut()}>
            <LogoutIcon />
            Logout
          </button>
        </>
      ) : (
        <Link to={paths.auth.getHref()} className="button button--primary button--small">
          Login
        </Link>
      )}
    </nav>
  );
}
