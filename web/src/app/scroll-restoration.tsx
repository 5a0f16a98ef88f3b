import { useEffect, useLayoutEffect, useRef } from 'react';
import { type Location, useNavigationType } from 'react-router-dom';

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
 * The first screen of a document loaded by Reload or Back/Forward comes back to where its entry was;
 * one loaded fresh (a typed address, a link from outside) starts at the top, as its entry is new.
 */
function documentRestores(): boolean {
  const entry = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming | undefined;
  return entry?.type === 'reload' || entry?.type === 'back_forward';
}

/**
 * An entry's name among the stored positions. The router names every entry a document starts on
 * "default", so the address tells apart those of two documents of one tab (the feed, then /u/ana
 * opened fresh after it).
 */
const entryId = (key: string, pathname: string) => `${key} ${pathname}`;

/**
 * What the data router's ScrollRestoration did: a new screen starts at the top (a change of the
 * query alone, like the feed's filters, keeps the scroll), back and forward come back to where
 * the entry was left, and a reload to where the page was. `screen` is the location on screen:
 * under the viewer, the one it was opened over (which keeps its scroll).
 */
export function ScrollRestoration({ screen }: { screen: Location }) {
  const { key, pathname, hash } = screen;
  // The router's own, read outside <Routes location>: inside, every move reads as a POP.
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
  const shown = useRef(entryId(key, pathname));
  useEffect(() => {
    const remember = () => positions.set(shown.current, window.scrollY);
    window.addEventListener('scroll', remember, { passive: true });
    return () => window.removeEventListener('scroll', remember);
  }, []);

  const lastPathname = useRef<string | null>(null);
  useLayoutEffect(() => {
    const id = entryId(key, pathname);
    // The entry left keeps where it was at this moment: a scroll made just before a tap may not
    // have reached the listener yet (its event comes a frame later, once the new entry is shown).
    if (shown.current !== id) positions.set(shown.current, window.scrollY);
    shown.current = id;
    const firstScreen = lastPathname.current === null;
    const samePath = lastPathname.current === pathname;
    lastPathname.current = pathname;
    if (navigationType === 'POP' && (!firstScreen || documentRestores())) {
      const saved = positions.get(id);
      if (saved !== undefined) return restoreScroll(saved);
    } else if (firstScreen && navigationType === 'POP') {
      // A fresh load: what an entry of an earlier document named like this one left is not this one's.
      positions.delete(id);
    } else if (hash) {
      document.getElementById(decodeURIComponent(hash.slice(1)))?.scrollIntoView();
    } else if (!samePath) {
      window.scrollTo(0, 0);
    }
  }, [key, pathname, hash, navigationType]);

  return null;
}

/** A restore lets go once the page has kept its size this long (its data and images arrived)… */
const SETTLED_AFTER_MS = 2_000;
/** …or after this long in all, on a page that never settles. */
const RESTORE_WAIT_MS = 15_000;

/**
 * Scrolls to `y`, and again each time the page changes size while it settles: a page coming back
 * may be shorter for a moment than when it was left (its list rendering again: a scroll past its
 * end stops short), and a part above the place may take its final size only after it got there
 * (the home's composer docking), which the browser's scroll anchoring would follow. The wait ends
 * when the page has settled, not after a fixed time: on a busy phone the last change can come
 * seconds late. The person's own wheel, touch, key or pointer ends it at once. Answers how to stop it.
 */
function restoreScroll(y: number): () => void {
  window.scrollTo(0, y);
  let quiet = window.setTimeout(() => stop(), SETTLED_AFTER_MS);
  const longest = window.setTimeout(() => stop(), RESTORE_WAIT_MS);
  const observer = new ResizeObserver(() => {
    window.scrollTo(0, y);
    window.clearTimeout(quiet);
    quiet = window.setTimeout(() => stop(), SETTLED_AFTER_MS);
  });
  const inputs = ['wheel', 'touchstart', 'keydown', 'pointerdown'] as const;
  function stop() {
    observer.disconnect();
    window.clearTimeout(quiet);
    window.clearTimeout(longest);
    for (const input of inputs) window.removeEventListener(input, stop);
  }
  observer.observe(document.documentElement);
  for (const input of inputs) window.addEventListener(input, stop, { passive: true });
  return stop;
}
