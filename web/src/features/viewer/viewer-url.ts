import { useEffect, useRef } from 'react';
import { type Location, useLocation, useNavigate } from 'react-router-dom';
import { paths } from '../../config/paths';

/** The router state of a creation's address pushed by the viewer: the screen it was opened over. */
export interface ViewerLocationState {
  backgroundLocation: Location;
}

/** The address the open viewer pushed, while the history entry it is on is that one. */
let pushedHref: string | null = null;
/** A close waiting one tick, so that React's StrictMode remount (same item) cancels it. */
let pendingBack: ReturnType<typeof setTimeout> | undefined;

if (typeof window !== 'undefined') {
  // Back (or any move off the entry) ends the viewer's ownership of it.
  window.addEventListener('popstate', () => {
    if (window.location.pathname !== pushedHref) pushedHref = null;
  });
}

/** The screen to render under the viewer: the one it was opened over, while it is open on its own entry. */
export function viewerBackground(location: Location): Location | undefined {
  const state = location.state as Partial<ViewerLocationState> | null;
  return state?.backgroundLocation && location.pathname === pushedHref ? state.backgroundLocation : undefined;
}

/**
 * Keeps the address on the creation shown: opening pushes /m/<id> (over the screen it was
 * opened from, which stays mounted and scrolled), a step replaces it, and a close goes back.
 * `onGone` closes the viewer when Back leaves the entry. On the creation's own page (a
 * direct visit) the address is already there and is left alone.
 */
export function useViewerUrl(itemId: string | undefined, onGone: () => void): void {
  const navigate = useNavigate();
  const background = useLocation();
  /** Whether this viewer put the creation's address in the history (not on its own page). */
  const owns = useRef(false);

  useEffect(() => {
    if (!itemId) return;
    clearTimeout(pendingBack);
    const href = paths.media.getHref(itemId);
    if (window.location.pathname === href) {
      owns.current ||= pushedHref === href;
      return;
    }
    const state: ViewerLocationState = { backgroundLocation: background };
    const replace = pushedHref !== null && window.location.pathname === pushedHref;
    pushedHref = href;
    owns.current = true;
    void navigate(href, { replace, state, preventScrollReset: true });
    // The background stays what it was when the viewer opened.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [itemId, navigate]);

  // On close: back to the entry it was opened from, unless something else moved the address on.
  useEffect(
    () => () => {
      clearTimeout(pendingBack);
      pendingBack = setTimeout(() => {
        if (owns.current && pushedHref && window.location.pathname === pushedHref) window.history.back();
        else pushedHref = null;
      }, 0);
    },
    [],
  );

  useEffect(() => {
    const onPop = () => {
      if (owns.current && window.location.pathname !== pushedHref) onGone();
    };
    window.addEventListener('popstate', onPop);
    return () => window.removeEventListener('popstate', onPop);
  }, [onGone]);
}
