import { useEffect, useRef } from 'react';
import { isNearBottom } from './admin-rules';

/**
 * Calls `onReach` when the page is scrolled to within 100 px of its bottom (spec 3 §9), and
 * again after each page (`loadedCount`) while the bottom is still that close.
 */
export function useNearBottom(onReach: () => void, enabled: boolean, loadedCount: number): void {
  const latest = useRef(onReach);
  latest.current = onReach;
  useEffect(() => {
    if (!enabled) return;
    const check = () => {
      const root = document.documentElement;
      if (isNearBottom(window.scrollY, window.innerHeight, root.scrollHeight)) latest.current();
    };
    window.addEventListener('scroll', check, { passive: true });
    check();
    return () => window.removeEventListener('scroll', check);
  }, [enabled, loadedCount]);
}
