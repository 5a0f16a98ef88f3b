import { MOBILE_MAX_WIDTH_PX } from '@app/shared';
import { type ReactNode, useEffect, useSyncExternalStore } from 'react';
import { matchPath, useLocation, useNavigate } from 'react-router-dom';
import { paths } from '../config/paths';
import '../styles/mobile-guard.css';

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

const MOBILE_USER_AGENT = /Android|webOS|iPhone|iPad|iPod|BlackBerry|IEMobile|Opera Mini|Mobile/i;

/** Mobile: 768 px wide or less, or a touch screen, or a mobile user agent (spec 1 §9). */
export function isMobileDevice(): boolean {
  if (typeof window === 'undefined') return false;
  if (window.matchMedia?.(`(max-width: ${MOBILE_MAX_WIDTH_PX}px)`).matches) return true;
  if ('ontouchstart' in window || navigator.maxTouchPoints > 0) return true;
  return MOBILE_USER_AGENT.test(navigator.userAgent);
}

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

/** Where a mobile user on `pathname` is sent, or null when they may stay. */
export function mobileRedirectFor(pathname: string): string | null {
  if (!GUARDED_ROUTES.some((route) => matchPath(route, pathname))) return null;
  return matchPath(paths.profile.path, pathname) ? paths.gallery.getHref() : paths.home.getHref();
}

export function MobileRouteGuard({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const mobile = useIsMobile();
  const target = mobile ? mobileRedirectFor(pathname) : null;

  useEffect(() => {
    if (!target) return;
    const timer = window.setTimeout(() => void navigate(target, { replace: true }), MOBILE_NAVIGATION_OVERLAY_MS);
    return () => window.clearTimeout(timer);
  }, [navigate, target]);

  if (!target) return children;
  return (
    <div className="navigation-overlay" role="status" aria-live="polite">
      <span className="spinner" aria-hidden="true" />
      <span className="navigation-overlay__text">{target === paths.gallery.getHref() ? 'Opening your gallery…' : 'Loading…'}</span>
    </div>
  );
}
