import { getLaunchStatus } from '../api/launch';
import { useLoadedValue } from '../lib/use-loaded-value';

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
  return useLoadedValue<boolean | null>(loadLaunchStatus, null);
}
