import { CLIENT_TO_SERVICE_MODE, findPresetLook, presetTypeOf } from '@app/shared';
import { PRESET_MODES, type PresetMode } from './composer-modes';

/**
 * What other screens hand the home screen through the router (spec 1 §2): a picked file with
 * its preview and the open-composer flag, a draft to edit, a remix from the viewer, or a look
 * (its mode, with that preset selected) from the guide or from the remix of an item made with one.
 */
export type HomeNavigationState =
  | { kind: 'file'; file: File | null; previewUrl: string | null; openComposer: boolean }
  | { kind: 'edit'; editUrl: string; editPrompt: string }
  | { kind: 'remix'; prompt: string }
  | { kind: 'look'; mode: PresetMode; presetId: string };

/** The modes the guide's looks belong to. */
export type LookMode = 'parallelself' | 'unrealreflection';

/** What a screen puts in the router state to open the composer on a look. */
export interface LookNavigationState {
  lookMode: LookMode;
  lookPresetId: string;
}

const isLookMode = (value: unknown): value is LookMode => value === 'parallelself' || value === 'unrealreflection';

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

export function readHomeNavigationState(state: unknown): HomeNavigationState | null {
  if (!isRecord(state)) return null;
  if (typeof state.editUrl === 'string' && state.editUrl) {
    return { kind: 'edit', editUrl: state.editUrl, editPrompt: typeof state.editPrompt === 'string' ? state.editPrompt : '' };
  }
  const file = typeof File !== 'undefined' && state.file instanceof File ? state.file : null;
  const previewUrl = typeof state.previewUrl === 'string' && state.previewUrl ? state.previewUrl : null;
  if (file || previewUrl) {
    return { kind: 'file', file, previewUrl, openComposer: state.openComposer !== false };
  }
  if (typeof state.remixPrompt === 'string') {
    // An item made with a catalogue look is remixed as that look, never as its engine prompt.
    const look = lookOf(state.remixPresetType, state.remixPresetKey);
    return look ? { kind: 'look', ...look } : { kind: 'remix', prompt: state.remixPrompt };
  }
  if (isLookMode(state.lookMode) && typeof state.lookPresetId === 'string' && state.lookPresetId) {
    return { kind: 'look', mode: state.lookMode, presetId: state.lookPresetId };
  }
  return null;
}

/** The composer mode and preset of an item's preset type and key, when they name a catalogue look. */
function lookOf(presetType: unknown, presetKey: unknown): { mode: PresetMode; presetId: string } | undefined {
  if (typeof presetType !== 'string' || typeof presetKey !== 'string' || !presetKey) return undefined;
  const mode = PRESET_MODES.find((candidate) => candidate !== 'preset' && presetTypeOf(CLIENT_TO_SERVICE_MODE[candidate]) === presetType);
  return mode && findPresetLook(CLIENT_TO_SERVICE_MODE[mode], presetKey) ? { mode, presetId: presetKey } : undefined;
}
