import { wireGenerationDeps } from '../features/generation';
import { loadedWeeklyPresets } from '../entities/preset/weekly-presets';
import { queryKeys } from '../api/query-keys';
import { runStore } from '../state/run-store';
import { queryClient } from './query-client';

/**
 * The app's side of the generation engine: a finished run marks the server state it changed
 * as stale (feed, library, quota, drafts), and the engine checks preset keys against the
 * weekly presets the composer loaded. The engine's code loads on first use; this waits for it.
 * Every balance the server tells with a run (the quote, the 202, a refund in an event, a cancel)
 * becomes the credits every screen reads at once (sidebar, header, Credits tab, composer).
 */
export function wireGeneration(): void {
  wireGenerationDeps({
    invalidate: (queryKey) => void queryClient.invalidateQueries({ queryKey }),
    queryClient,
    getWeeklyPresets: () => loadedWeeklyPresets(queryClient),
  });
  let balance = runStore.get().balance;
  runStore.subscribe(() => {
    const next = runStore.get().balance;
    if (next === balance) return;
    balance = next;
    if (next !== null) queryClient.setQueryData(queryKeys.quota(), next);
  });
}
