import { INFINITE_SCROLL_MARGIN_PX, INFINITE_SCROLL_THRESHOLD } from '@app/shared';
import { useEffect, useRef, useState } from 'react';

/**
 * Calls `onReach` when the element given to the returned ref (the end of a list) comes within
 * 200 px of the viewport (threshold 0.1; spec 1 §9, spec 2 §9). It is observed again after each
 * page (`loadedCount`), so an end still in view after a short page asks for the next one.
 */
export function useInfiniteScroll<T extends Element>(onReach: () => void, enabled: boolean, loadedCount: number): (node: T | null) => void {
  const [node, setNode] = useState<T | null>(null);
  const latest = useRef(onReach);
  latest.current = onReach;
  useEffect(() => {
    if (!node || !enabled || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) latest.current();
      },
      { rootMargin: `0px 0px ${INFINITE_SCROLL_MARGIN_PX}px 0px`, threshold: INFINITE_SCROLL_THRESHOLD },
    );
    observer.observe(node);
    return () => observer.disconnect();
  }, [node, enabled, loadedCount]);
  return setNode;
}
