import { loadLaunchStatusAnswer } from '../api/launch';
import { useFirstScreen } from '../lib/first-screen';
import { useLoadedValue } from '../lib/use-loaded-value';

/** Whether the product is open to everyone; a failure to read it counts as launched (spec 3 §4). */
export function loadLaunchStatus(): Promise<boolean> {
  return loadLaunchStatusAnswer().then((answer) => answer?.launch?.is_launched !== false);
}

/** Whether the product is open to everyone; null until known (known at once on a server-rendered first screen). */
export function useLaunchStatus(): boolean | null {
  return useLoadedValue<boolean | null>(loadLaunchStatus, useFirstScreen()?.launched ?? null);
}
