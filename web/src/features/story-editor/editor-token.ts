import { createStore, useStore } from '../../lib/create-store';

/**
 * The story editor's shared token (spec 3 §6). Kept in localStorage once the server has
 * accepted it; a 401 forgets it and the prompt says why.
 */
const TOKEN_KEY = 'story_editor_token';

export interface EditorAccess {
  token: string | null;
  /** Why the prompt is shown again ('Invalid authentication token'). */
  notice: string | null;
}

function storedToken(): string | null {
  try {
    return globalThis.localStorage?.getItem(TOKEN_KEY) ?? null;
  } catch {
    return null;
  }
}

const accessStore = createStore<EditorAccess>({ token: storedToken(), notice: null });

export const editorAccess = (): EditorAccess => accessStore.get();
export const useEditorAccess = (): EditorAccess => useStore(accessStore);

export function keepEditorToken(token: string): void {
  try {
    localStorage.setItem(TOKEN_KEY, token);
  } catch {
    // Storage refused: the token lasts until the page reloads.
  }
  accessStore.set({ token, notice: null });
}

export function dropEditorToken(notice: string | null = null): void {
  try {
    localStorage.removeItem(TOKEN_KEY);
  } catch {
    // Nothing was kept.
  }
  accessStore.set({ token: null, notice });
}
