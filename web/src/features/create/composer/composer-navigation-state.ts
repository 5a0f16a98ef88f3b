/**
 * What other screens hand the home screen through the router (spec 1 §2): a picked file with
 * its preview and the open-composer flag, a draft to edit, a remix from the viewer, or a look
 * from the guide (its mode, with that preset selected).
 */
export type HomeNavigationState =
  | { kind: 'file'; file: File | null; previewUrl: string | null; openComposer: boolean }
  | { kind: 'edit'; editUrl: string; editPrompt: string }
  | { kind: 'remix'; prompt: string }
  | { kind: 'look'; mode: LookMode; presetId: string };

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
  if (typeof state.remixPrompt === 'string') return { kind: 'remix', prompt: state.remixPrompt };
  if (isLookMode(state.lookMode) && typeof state.lookPresetId === 'string' && state.lookPresetId) {
    return { kind: 'look', mode: state.lookMode, presetId: state.lookPresetId };
  }
  return null;
}
