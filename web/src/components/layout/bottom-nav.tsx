import type { ReactNode } from 'react';
import { NavLink } from 'react-router-dom';
import { paths } from '../../config/paths';
import { HomeIcon, LogoutIcon } from '../icons/line-icons';
import { useNavEntries } from './use-nav-entries';
import '../../styles/center-stack.css';

function BottomNavItem({ to, label, icon, end }: { to: string; label: string; icon: ReactNode; end?: boolean }) {
  return (
    <NavLink to={to} end={end} className="bottom-nav__item center-stack">
      {icon}
      <span className="bottom-nav__label">{label}</span>
    </NavLink>
  );
}

/** The mobile nav bar (≤768px, spec 1 §2), in place of the top bar's links: Home, then the nav entries. */
export function BottomNav() {
  const { links, signOut } = useNavEntries(26);
  return (
    <nav className="bottom-nav" aria-label="Mobile">
      <BottomNavItem to={paths.home.getHref()} label="Home" icon={<HomeIcon />} end />
      {links.map((link) => (
        <BottomNavItem key={link.label} {...link} />
      ))}
      {signOut && (
        <button type="button" className="bottom-nav__item center-stack" onClick={signOut}>
          <LogoutIcon />
          <span className="bottom-nav__label">Logout</span>
        </button>
      )}
    </nav>
  );
}
