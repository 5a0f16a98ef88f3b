import { Link, NavLink } from 'react-router-dom';
import { paths } from '../../config/paths';
import { BRAND_NAME } from '../../config/brand';
import { BrandMark } from './brand-mark';

/** Brand on the left; on wider screens Get The Look, Stories and Login on the right (spec 1 §2). */
export function TopBar() {
  return (
    <header className="top-bar">
      <div className="top-bar__inner">
        <Link to={paths.home.getHref()} className="top-bar__brand" aria-label={`${BRAND_NAME} home`}>
          <BrandMark />
        </Link>
        <nav className="top-bar__nav" aria-label="Main">
          <NavLink to={paths.bestPractices.getHref()} className="top-bar__link">
            Get The Look
          </NavLink>
          <NavLink to={paths.stories.getHref()} className="top-bar__link">
            Stories
          </NavLink>
          <Link to={paths.auth.getHref()} className="button button--primary button--small">
            Login
          </Link>
        </nav>
      </div>
    </header>
  );
}
