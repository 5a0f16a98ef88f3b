import { useSyncExternalStore } from 'react';

const never = () => () => {};

/**
 * False while the server renders and while the browser hydrates its markup, true after (and at
 * once in a page the browser renders itself): what only the browser can draw (a portal into
 * <body>, a reading of the window) waits for it, so the hydrated markup matches the server's.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(never, () => true, () => false);
}
