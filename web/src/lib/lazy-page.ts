import { type ComponentType, lazy } from 'react';

/**
 * A screen whose code loads on first visit (React.lazy), counted while it loads so the top bar
 * can show progress. The first screen of a visit is not counted: the page area shows its
 * spinner then, as before any screen was shown.
 */
let loadingPages = 0;
let firstPageShown = false;
const listeners = new Set<() => void>();

function setLoading(change: number): void {
  loadingPages += change;
  for (const listener of listeners) listener();
}

export function lazyPage(load: () => Promise<ComponentType>) {
  return lazy(async () => {
    const counted = firstPageShown;
    if (counted) setLoading(1);
    try {
      return { default: await load() };
    } finally {
      firstPageShown = true;
      if (counted) setLoading(-1);
    }
  });
}

export function isPageLoading(): boolean {
  return loadingPages > 0;
}

export function subscribePageLoading(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
