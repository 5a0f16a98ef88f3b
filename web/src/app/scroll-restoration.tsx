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
    shownKey.current = key;
    const samePath = lastPathname.current === pathname;
    lastPathname.current = pathname;
    if (navigationType === 'POP') {
      const saved = positions.get(key);
      if (saved !== undefined) window.scrollTo(0, saved);
    } else if (hash) {
      document.getElementById(decodeURIComponent(hash.slice(1)))?.scrollIntoView();
    } else if (!samePath) {
      window.scrollTo(0, 0);
    }
  }, [key, pathname, hash, navigationType]);

  return null;
}
