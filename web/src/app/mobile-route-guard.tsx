import { type ReactNode, useEffect, useRef, useSyncExternalStore } from 'react';
import { matchPath, useLocation, useNavigate } from 'react-router-dom';
import { paths } from '../config/paths';
import { isMobileDevice } from '../lib/is-mobile-device';
import '../styles/center-stack.css';
import './mobile-guard.css';

/**
 * Mobile route guards (spec 3 §2): on a phone, the guarded routes are not shown. /profile goes
 * to /gallery, the others to /, behind a navigation loading overlay that lasts 1 s. Mobile
 * users stay free on /, /auth and /gallery, and on the routes not marked as guarded.
 */
export const MOBILE_NAVIGATION_OVERLAY_MS = 1000;

/** The routes spec 3 marks as guarded for mobile: the profile, the legal pages, the admin and story tools. */
const GUARDED_ROUTES = [
  paths.profile.path,
  paths.privacy.path,
  paths.terms.path,
  paths.cookies.path,
  paths.adminDashboard.path,
  paths.storyCreation.path,
];

function subscribe(listener: () => void): () => void {
  window.addEventListener('resize', listener);
  window.addEventListener('orientationchange', listener);
  return () => {
    window.removeEventListener('resize', listener);
    window.removeEventListener('orientationchange', listener);
  };
}

export function useIsMobile(): boolean {
  return useSyncExternalStore(subscribe, isMobileDevice, () => false);
}

/** Where a mobile user on `pathname` is sent, or null when they may stay (the profile's Liked tab: the gallery's). */
export function mobileRedirectFor(pathname: string, search = ''): string | null {
  if (!GUARDED_ROUTES.some((route) => matchPath(route, pathname))) return null;
  if (!matchPath(paths.profile.path, pathname)) return paths.home.getHref();
  return paths.gallery.getHref(new URLSearchParams(search).get('tab') === 'liked' ? 'liked' : undefined);
}

export function MobileRouteGuard({ children }: { children: ReactNode }) {
  const { pathname, search } = useLocation();
  const navigate = useNavigate();
  const mobile = useIsMobile();
  const target = mobile ? mobileRedirectFor(pathname, search) : null;
  // A page already shown stays mounted under the overlay while it waits: a window narrowed for a
  // moment (or a full-page capture) and widened again keeps its open dialog and typed fields.
  const shown = useRef<string | null>(null);
  if (!target) shown.current = pathname;
  const keepMounted = shown.current === pathname;

  useEffect(() => {
    if (!target) return;
    const timer = window.setTimeout(() => void navigate(target, { replace: true }), MOBILE_NAVIGATION_OVERLAY_MS);
    return () => window.clearTimeout(timer);
  }, [navigate, target]);

  if (!target) return children;
  return (
    <>
      {keepMounted && children}
      <div className="navigation-overlay center-stack" role="status" aria-live="polite">
        <span className="spinner" aria-hidden="true" />
        <span className="navigation-overlay__text">{target.startsWith(paths.gallery.path) ? 'Opening your gallery…' : 'Loading…'}</span>
      </div>
    </>
  );
}
