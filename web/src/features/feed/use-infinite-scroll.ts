import { INFINITE_SCROLL_MARGIN_PX, INFINITE_SCROLL_THRESHOLD } from '@app/shared';
import { useEffect, useRef } from 'react';

/**
 * Calls `onReach` when the element comes within 200 px of the viewport (threshold 0.1,
 * spec 1 §9). The element is the end of the feed, so the next page loads before the last
 * item is reached.
 */
export function useInfiniteScroll<T extends Element>(onReach: () => void, enabled: boolean, loadedCount = 0) {
  const ref = useRef<T>(null);
  const latest = useRef(onReach);
  latest.current = onReach;
  useEffect(() => {
    const node = ref.current;
    if (!node || !enabled) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) latest.current();
      },
      { rootMargin: `0px 0px ${INFINITE_SCROLL_MARGIN_PX}px 0px`, threshold: INFINITE_SCROLL_THRESHOLD },
    );
    observer.observe(node);
    return () => observer.disconnect();
    // Observed again after each page: an end still in view after a short page asks for the next one.
  }, [enabled, loadedCount]);
  return ref;
}
