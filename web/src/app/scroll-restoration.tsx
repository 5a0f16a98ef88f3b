import { useEffect, useLayoutEffect, useRef } from 'react';
import { useLocation, useNavigationType } from 'react-router-dom';

const STORAGE_KEY = 'scroll-positions';

/** Each history entry's scroll position, by location key; kept for a reload of the tab. */
const positions = new Map<string, number>(readStored());

function readStored(): Array<[string, number]> {
  try {
    return Object.entries(JSON.parse(sessionStorage.getItem(STORAGE_KEY) ?? '{}') as Record<string, number>);
  } catch {
    return [];
  }
}

/**
 * What the data router's ScrollRestoration did: a new screen starts at the top (a change of the
 * query alone, like the feed's filters, keeps the scroll), back and forward come back to where
 * the entry was left, and a reload to where the page was.
 */
export function ScrollRestoration() {
  const { key, pathname, hash } = useLocation();
  const navigationType = useNavigationType();

  useEffect(() => {
    window.history.scrollRestoration = 'manual';
    const keep = () => {
      try {
        sessionStorage.setItem(STORAGE_KEY, JSON.stringify(Object.fromEntries(positions)));
      } catch {
        // Storage full or refused: positions are kept for this page only.
      }
    };
    window.addEventListener('pagehide', keep);
    return () => window.removeEventListener('pagehide', keep);
  }, []);

  // Scrolling is written to the entry on screen, which changes when the new screen commits.
  const shownKey = useRef(key);
  useEffect(() => {
    const remember = () => positions.set(shownKey.current, window.scrollY);
    window.addEventListener('scroll', remember, { passive: true });
    return () => window.removeEventListener('scroll', remember);
  }, []);

  const lastPathname = useRef<string | null>(null);
  useLayoutEffect(() => {
    // The entry left keeps where it was at this moment: a scroll made just before a tap may not
    // have reached the listener yet (its event comes a frame later, once the new entry is shown).
    if (shownKey.current !== key) positions.set(shownKey.current, window.scrollY);
    shownKey.current = key;
    const samePath = lastPathname.current === pathname;
    lastPathname.current = pathname;
    if (navigationType === 'POP') {
      const saved = positions.get(key);
      if (saved !== undefined) return restoreScroll(saved);
    } else if (hash) {
      document.getElementById(decodeURIComponent(hash.slice(1)))?.scrollIntoView();
    } else if (!samePath) {
      window.scrollTo(0, 0);
    }
  }, [key, pathname, hash, navigationType]);

  return null;
}

/** How long a restore may wait for the page to grow tall enough (its data and images arriving). */
const RESTORE_WAIT_MS = 3_000;

/**
 * Scrolls to `y`, and again each time the page grows until it gets there: a page coming back may
 * be shorter for a moment than when it was left (its list rendering again), and a scroll past its
 * end stops short. The person's own wheel, touch or key ends the wait. Answers how to stop it.
 */
function restoreScroll(y: number): () => void {
  window.scrollTo(0, y);
  if (Math.abs(window.scrollY - y) < 1) return () => {};
  const retry = () => {
    window.scrollTo(0, y);
    if (Math.abs(window.scrollY - y) < 1) stop();
  };
  const observer = new ResizeObserver(retry);
  const inputs = ['wheel', 'touchstart', 'keydown'] as const;
  const timer = window.setTimeout(() => stop(), RESTORE_WAIT_MS);
  function stop() {
    observer.disconnect();
    window.clearTimeout(timer);
    for (const input of inputs) window.removeEventListener(input, stop);
  }
  observer.observe(document.documentElement);
  for (const input of inputs) window.addEventListener(input, stop, { passive: true });
  return stop;
}
