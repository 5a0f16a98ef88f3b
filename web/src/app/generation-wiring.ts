import { wireGenerationDeps } from '../features/create/generation/wired-deps';
import { loadedWeeklyPresets } from '../features/create/generation/weekly-presets';
import { queryClient } from './query-client';

/**
 * The app's side of the generation engine: a finished run marks the server state it changed
 * as stale (feed, library, quota, drafts), and the engine checks preset keys against the
 * weekly presets the composer loaded. The engine's code loads on first use; this waits for it.
 */
export function wireGeneration(): void {
  wireGenerationDeps({
    invalidate: (queryKey) => void queryClient.invalidateQueries({ queryKey }),
    getWeeklyPresets: () => loadedWeeklyPresets(queryClient),
  });
}
