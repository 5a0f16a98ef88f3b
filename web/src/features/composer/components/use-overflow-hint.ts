import { useCallback, useEffect, useRef, useState } from 'react';

/**
 * Whether a horizontally scrolling row has more beyond its start or its end (for a fade and an
 * arrow), and `scrollOn` to bring the next part into view.
 */
export function useOverflowHint<T extends HTMLElement>() {
  const ref = useRef<T>(null);
  const [edges, setEdges] = useState({ start: false, end: false });

  useEffect(() => {
    const row = ref.current;
    if (!row) return;
    const measure = () => {
      const start = row.scrollLeft > 1;
      const end = row.scrollLeft + row.clientWidth < row.scrollWidth - 1;
      setEdges((current) => (current.start === start && current.end === end ? current : { start, end }));
    };
    measure();
    row.addEventListener('scroll', measure, { passive: true });
    const observer = typeof ResizeObserver !== 'undefined' ? new ResizeObserver(measure) : null;
    observer?.observe(row);
    for (const child of row.children) observer?.observe(child);
    return () => {
      row.removeEventListener('scroll', measure);
      observer?.disconnect();
    };
    // Measured again after every render: a picked preset's label can widen the row.
  });

  const scrollOn = useCallback(() => {
    const row = ref.current;
    row?.scrollBy({ left: Math.max(120, row.clientWidth * 0.8) });
  }, []);

  return { ref, ...edges, scrollOn };
}
