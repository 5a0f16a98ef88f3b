import { useSyncExternalStore } from 'react';

/** Two columns on a phone (768 px and under, as before), three on a tablet, four on a desktop. */
const QUERIES = [
  { query: '(max-width: 768px)', columns: 2 },
  { query: '(max-width: 1100px)', columns: 3 },
] as const;
const WIDE = 4;

function subscribe(listener: () => void): () => void {
  const lists = QUERIES.map(({ query }) => window.matchMedia(query));
  for (const list of lists) list.addEventListener('change', listener);
  return () => lists.forEach((list) => list.removeEventListener('change', listener));
}

const columns = () => QUERIES.find(({ query }) => window.matchMedia(query).matches)?.columns ?? WIDE;

/** How many masonry columns the tag page's grid has at the current width. */
export function useTagColumns(): number {
  return useSyncExternalStore(subscribe, columns, () => WIDE);
}
