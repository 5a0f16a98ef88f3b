import { type ReactNode, useEffect, useRef, useSyncExternalStore } from 'react';
import { Link, matchPath, useLocation, useNavigate } from 'react-router-dom';
import { MOBILE_MAX_WIDTH_PX } from '@app/shared';
import { paths } from '../config/paths';
import { type LegalKind, openLegalSheet } from '../features/legal';
import { isMobileDevice } from '../lib/is-mobile-device';
import '../styles/center-stack.css';
import './mobile-guard.css';

/**
 * Mobile route guards (spec 3 §2): on a phone, the guarded routes are not shown. /profile goes
 * to /gallery, the others to /, behind a navigation loading overlay that lasts 1 s. Mobile
 * users stay free on /, /auth and /gallery, and on the routes not marked as guarded. Nothing is
 * silent (issue 41 §4): a legal page arrives on / with its text open in a sheet, and the desk
 * tools (the admin dashboard, story creation) say why they need a wider screen instead.
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

/** The legal page at `pathname`, if it is one: on a phone its text opens over / instead. */
function legalKindOf(pathname: string): LegalKind | null {
  if (matchPath(paths.terms.path, pathname)) return 'terms';
  if (matchPath(paths.privacy.path, pathname)) return 'privacy';
  if (matchPath(paths.cookies.path, pathname)) return 'cookies';
  return null;
}

/** The desk tools a phone is told about rather than sent away from: their names as the notice says them. */
const WIDE_SCREEN_TOOLS = [
  { path: paths.adminDashboard.path, name: 'The admin dashboard' },
  { path: paths.storyCreation.path, name: 'Story creation' },
];

export function wideScreenToolAt(pathname: string): string | null {
  return WIDE_SCREEN_TOOLS.find((tool) => matchPath(tool.path, pathname))?.name ?? null;
}

/**
 * Where a mobile user on `pathname` is sent, or null when they may stay: the profile's Liked tab is
 * the gallery's; its Developers tab (API keys, issue 45) and Collections tab (issue 46) have no
 * other home, so they stay.
 */
export function mobileRedirectFor(pathname: string, search = ''): string | null {
  if (!GUARDED_ROUTES.some((route) => matchPath(route, pathname))) return null;
  if (!matchPath(paths.profile.path, pathname)) return paths.home.getHref();
  const tab = new URLSearchParams(search).get('tab');
  if (tab === 'developers' || tab === 'collections') return null;
  return paths.gallery.getHref(tab === 'liked' ? 'liked' : undefined);
}

export function MobileRouteGuard({ children }: { children: ReactNode }) {
  const { pathname, search } = useLocation();
  const navigate = useNavigate();
  const mobile = useIsMobile();
  const tool = mobile ? wideScreenToolAt(pathname) : null;
  const target = mobile && !tool ? mobileRedirectFor(pathname, search) : null;
  // A page already shown stays mounted under the overlay while it waits: a window narrowed for a
  // moment (or a full-page capture) and widened again keeps its open dialog and typed fields.
  const shown = useRef<string | null>(null);
  if (!target) shown.current = pathname;
  const keepMounted = shown.current === pathname;
  // Likewise a desk tool already open on a wide screen: the notice covers it rather than replacing
  // it, so a moment's narrow window (a full-page capture) does not send the admin back to its first tab.
  const shownWide = useRef<string | null>(null);
  if (!mobile) shownWide.current = pathname;

  useEffect(() => {
    if (!target) return;
    const legal = legalKindOf(pathname);
    const timer = window.setTimeout(() => {
      void navigate(target, { replace: true });
      if (legal) openLegalSheet(legal);
    }, MOBILE_NAVIGATION_OVERLAY_MS);
    return () => window.clearTimeout(timer);
  }, [navigate, pathname, target]);

  if (tool && shownWide.current === pathname) {
    return (
      <>
        {children}
        <WideScreenNotice tool={tool} over />
      </>
    );
  }
  if (tool) return <WideScreenNotice tool={tool} />;
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

/** What a phone sees on a desk tool's address: why it is not here, and the way back. */
function WideScreenNotice({ tool, over = false }: { tool: string; over?: boolean }) {
  return (
    <section className={`wide-screen-notice center-stack${over ? ' wide-screen-notice--over' : ''}`} aria-labelledby="wide-screen-title">
      <h1 id="wide-screen-title" className="wide-screen-notice__title">
        {tool} needs a wider screen
      </h1>
      <p className="wide-screen-notice__text">
        It is made for a computer or a tablet held sideways: open this address on a screen wider than {MOBILE_MAX_WIDTH_PX} px.
      </p>
      <Link className="button button--primary" to={paths.home.getHref()}>
        Back to home
      </Link>
    </section>
  );
}
