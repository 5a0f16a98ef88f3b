import { NavLink } from 'react-router-dom';
import { LogoutIcon } from '../icons/line-icons';
import { type NavEntry, useNavEntries } from './use-nav-entries';

function ColumnLink({ to, label, icon }: NavEntry) {
  return (
    <NavLink to={to} className="action-column__item row" aria-label={label}>
      <span className="action-column__icon place-center">{icon}</span>
      <span className="action-column__label" aria-hidden="true">
        {label}
      </span>
    </NavLink>
  );
}

/** The home screen's fixed right-hand column (spec 1 §2): the nav entries as icon buttons. */
export function ActionColumn() {
  const { links, signOut } = useNavEntries(30);
  return (
    <nav className="action-column" aria-label="Quick actions">
      {links.map((link) => (
        <ColumnLink key={link.label} {...link} />
      ))}
      {signOut && (
        <button type="button" className="action-column__item row" onClick={signOut}>
          <span className="action-column__icon place-center">
            <LogoutIcon />
          </span>
          <span className="action-column__label">Logout</span>
        </button>
      )}
    </nav>
  );
}
