import { INFINITE_SCROLL_MARGIN_PX, INFINITE_SCROLL_THRESHOLD } from '@app/shared';
import { useCallback, useEffect, useRef } from 'react';

/**
 * Calls `onReach` when the element given to the returned ref comes within 200 px of the
 * viewport (threshold 0.1, spec 2 §9). Give it the last item of the list.
 */
export function useInfiniteScroll(onReach: () => void, enabled: boolean): (node: Element | null) => void {
  const observer = useRef<IntersectionObserver | null>(null);
  const callback = useRef(onReach);
  callback.current = onReach;
  const enabledRef = useRef(enabled);
  enabledRef.current = enabled;

  useEffect(() => () => observer.current?.disconnect(), []);

  return useCallback((node: Element | null) => {
    observer.current?.disconnect();
    observer.current = null;
    if (!node || typeof IntersectionObserver === 'undefined') return;
    observer.current = new IntersectionObserver(
      (entries) => {
        if (enabledRef.current && entries.some((entry) => entry.isIntersecting)) callback.current();
      },
      { rootMargin: `0px 0px ${INFINITE_SCROLL_MARGIN_PX}px 0px`, threshold: INFINITE_SCROLL_THRESHOLD },
    );
    observer.current.observe(node);
  }, []);
}
