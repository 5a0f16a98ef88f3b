import type { WeeklyPreset } from '@app/shared';
import { fetchWeeklyPresets } from './generation-api';

/** This week's presets (GET get-presets), loaded once and shared by the composer and the engine. */
export interface WeeklyPresetsState {
  /** null until loaded. */
  presets: readonly WeeklyPreset[] | null;
  currentWeek: string | number | null;
  status: 'idle' | 'loading' | 'ready' | 'error';
}

let state: WeeklyPresetsState = { presets: null, currentWeek: null, status: 'idle' };
let inFlight: Promise<readonly WeeklyPreset[]> | null = null;
const listeners = new Set<() => void>();

function set(next: WeeklyPresetsState): void {
  state = next;
  for (const listener of [...listeners]) listener();
}

export function getWeeklyPresetsState(): WeeklyPresetsState {
  return state;
}

export function subscribeWeeklyPresets(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Sets the list directly (tests, or a screen that loaded it itself). */
export function setWeeklyPresets(presets: readonly WeeklyPreset[] | null, currentWeek: string | number | null = null): void {
  set({ presets, currentWeek, status: presets ? 'ready' : 'idle' });
}

/** Loads the presets (once; `force` loads again). Resolves with the list; a failure keeps the old one. */
export function loadWeeklyPresets(
  options: { force?: boolean; fetch?: typeof fetchWeeklyPresets } = {},
): Promise<readonly WeeklyPreset[]> {
  if (!options.force && state.presets) return Promise.resolve(state.presets);
  if (inFlight && !options.force) return inFlight;
  const load = options.fetch ?? fetchWeeklyPresets;
  set({ ...state, status: 'loading' });
  const request = load()
    .then(({ presets, currentWeek }) => {
      if (inFlight === request) set({ presets, currentWeek, status: 'ready' });
      return presets as readonly WeeklyPreset[];
    })
    .catch((error: unknown) => {
      if (inFlight === request) set({ ...state, status: 'error' });
      throw error;
    })
    .finally(() => {
      if (inFlight === request) inFlight = null;
    });
  inFlight = request;
  return request;
}
