import { useEffect, useSyncExternalStore } from 'react';
import { getWeeklyPresetsState, loadWeeklyPresets, subscribeWeeklyPresets, type WeeklyPresetsState } from './weekly-presets-store';

/** This week's presets, loaded on first use. */
export function useWeeklyPresets(): WeeklyPresetsState {
  const state = useSyncExternalStore(subscribeWeeklyPresets, getWeeklyPresetsState, getWeeklyPresetsState);
  useEffect(() => {
    if (getWeeklyPresetsState().status === 'idle') loadWeeklyPresets().catch(() => {});
  }, []);
  return state;
}
