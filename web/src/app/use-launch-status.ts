import { useEffect, useState } from 'react';
import { getLaunchStatus } from '../api/launch';

let launched: Promise<boolean> | null = null;

/** Read once per page load; a failure to read it counts as launched (spec 3 §4). */
export function loadLaunchStatus(): Promise<boolean> {
  launched ??= getLaunchStatus()
    .then((answer) => answer.launch?.is_launched !== false)
    .catch(() => true);
  return launched;
}

/** Whether the product is open to everyone; null until known. */
export function useLaunchStatus(): boolean | null {
  const [value, setValue] = useState<boolean | null>(null);
  useEffect(() => {
    let current = true;
    void loadLaunchStatus().then((result) => current && setValue(result));
    return () => {
      current = false;
    };
  }, []);
  return value;
}
