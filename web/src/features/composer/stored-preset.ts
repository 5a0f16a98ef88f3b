import type { WeeklyPreset } from '@app/shared';
import { findPresetOption, isPresetMode, type PresetMode } from './composer-modes';

/** Where the last picked preset is kept between visits. */
export const STORED_PRESET_KEY = 'mirrorverse.selectedPreset';

export interface StoredPreset {
  mode: PresetMode;
  id: string;
}

type Store = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

function storage(): Store | null {
  try {
    return typeof window !== 'undefined' ? window.localStorage : null;
  } catch {
    return null;
  }
}

export function writeStoredPreset(preset: StoredPreset, store: Store | null = storage()): void {
  try {
    store?.setItem(STORED_PRESET_KEY, JSON.stringify(preset));
  } catch {
    // Storage full or blocked: nothing to remember.
  }
}

/**
 * Spec 1 §4: the stored preset comes back only when it matches a loaded preset key; otherwise it
 * is removed. Weekly presets not loaded yet: undecided (null, kept for later).
 */
export function restoreStoredPreset(weekly: readonly WeeklyPreset[] | null, store: Store | null = storage()): StoredPreset | null {
  let raw: string | null;
  try {
    raw = store?.getItem(STORED_PRESET_KEY) ?? null;
  } catch {
    return null;
  }
  if (!raw) return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    parsed = null;
  }
  const candidate = parsed as Partial<StoredPreset> | null;
  const valid =
    candidate !== null &&
    typeof candidate === 'object' &&
    typeof candidate.mode === 'string' &&
    typeof candidate.id === 'string' &&
    isPresetMode(candidate.mode);
  if (valid && candidate.mode === 'preset' && weekly === null) return null;
  if (valid && findPresetOption(candidate.mode as PresetMode, candidate.id, weekly)) {
    return { mode: candidate.mode as PresetMode, id: candidate.id as string };
  }
  store?.removeItem(STORED_PRESET_KEY);
  return null;
}
