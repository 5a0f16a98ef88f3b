/**
 * What other screens hand the home screen through the router (spec 1 §2): a picked file with
 * its preview and the open-composer flag, a draft to edit, or a remix from the viewer.
 */
export type HomeNavigationState =
  | { kind: 'file'; file: File | null; previewUrl: string | null; openComposer: boolean }
  | { kind: 'edit'; editUrl: string; editPrompt: string }
  | { kind: 'remix'; prompt: string };

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
  return null;
}
