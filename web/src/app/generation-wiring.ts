import { configureGeneration } from '../features/create/generation/generation-service';
import { loadedWeeklyPresets } from '../features/create/generation/weekly-presets';
import { queryClient } from './query-client';

/**
 * The app's side of the generation engine: a finished run marks the server state it changed
 * as stale (feed, library, quota, drafts), and the engine checks preset keys against the
 * weekly presets the composer loaded.
 */
export function wireGeneration(): void {
  configureGeneration({
    invalidate: (queryKey) => void queryClient.invalidateQueries({ queryKey }),
    getWeeklyPresets: () => loadedWeeklyPresets(queryClient),
  });
}

