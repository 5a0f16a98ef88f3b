import type { AuthUser } from '@app/shared';

/** Where the session is kept in the browser (spec 1 §3): these three keys, nothing else. */
export const AUTH_STORAGE_KEYS = {
  token: 'auth_token',
  refreshToken: 'refresh_token',
  user: 'user_data',
} as const;

const ALL_KEYS: readonly string[] = Object.values(AUTH_STORAGE_KEYS);

export interface StoredSession {
  token: string | null;
  refreshToken: string | null;
  user: AuthUser | null;
}

/** localStorage, or nothing when it is unavailable (private modes, tests in Node). */
function storage(): Storage | null {
  try {
    return typeof window !== 'undefined' ? window.localStorage : null;
  } catch {
    return null;
  }
}

/** Whether the session is really kept in localStorage (else only in this tab's memory). */
export function hasSessionStorage(): boolean {
  return storage() !== null;
}

function parseUser(raw: string | null): AuthUser | null {
  if (!raw) return null;
  try {
    const value: unknown = JSON.parse(raw);
    return typeof value === 'object' && value !== null && typeof (value as AuthUser).id === 'string'
      ? (value as AuthUser)
      : null;
  } catch {
    return null;
  }
}

export function readStoredSession(): StoredSession {
  const store = storage();
  return {
    token: store?.getItem(AUTH_STORAGE_KEYS.token) ?? null,
    refreshToken: store?.getItem(AUTH_STORAGE_KEYS.refreshToken) ?? null,
    user: parseUser(store?.getItem(AUTH_STORAGE_KEYS.user) ?? null),
  };
}

function setOrRemove(store: Storage, key: string, value: string | null): void {
  if (value === null) store.removeItem(key);
  else store.setItem(key, value);
}

export function writeStoredSession(session: StoredSession): void {
  const store = storage();
  if (!store) return;
  try {
    setOrRemove(store, AUTH_STORAGE_KEYS.token, session.token);
    setOrRemove(store, AUTH_STORAGE_KEYS.refreshToken, session.refreshToken);
    setOrRemove(store, AUTH_STORAGE_KEYS.user, session.user ? JSON.stringify(session.user) : null);
  } catch {
    // Storage full or blocked: the session lives in memory for this tab only.
  }
}

export function clearStoredSession(): void {
  const store = storage();
  for (const key of ALL_KEYS) store?.removeItem(key);
}

/** Whether a `storage` event from another tab touched the session. `key` is null when storage was cleared. */
export function isSessionStorageKey(key: string | null): boolean {
  return key === null || ALL_KEYS.includes(key);
}

/** Removes other keys the app keeps for a user (account deletion, spec 2 §9). */
export function removeLocalKeys(keys: readonly string[]): void {
  const store = storage();
  for (const key of keys) store?.removeItem(key);
}
