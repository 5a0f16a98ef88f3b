import { useEffect, useState } from 'react';

/**
 * The value `load` resolves to, `initial` until then. `load` is read once on mount (callers pass
 * a loader that caches its answer per page load); an answer after unmount is dropped.
 */
export function useLoadedValue<T>(load: () => Promise<T>, initial: T): T {
  const [value, setValue] = useState<T>(initial);
  useEffect(() => {
    let current = true;
    void load().then((result) => current && setValue(() => result));
    return () => {
      current = false;
    };
  }, [load]);
  return value;
}
