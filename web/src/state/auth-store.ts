import type { AuthUser } from '@app/shared';
import { endSession } from '../api/auth';
import { isValidJwt } from '../api/client';
import { announce as announceEvent } from '../lib/app-events';
import { createStore } from '../lib/create-store';
import { markSignedIn } from './signed-in-cookie';
import {
  clearStoredSession,
  hasSessionStorage,
  isSessionStorageKey,
  readStoredSession,
  type StoredSession,
  writeStoredSession,
} from './auth-storage';

/**
 * The auth state of spec 1 §3, kept in localStorage and mirrored here for React. Signing
 * in or out announces `auth-state-changed` on window (the app itself follows the store);
 * other tabs follow through the storage event.
 */
export interface AuthState {
  isAuthenticated: boolean;
  user: AuthUser | null;
  token: string | null;
  refreshToken: string | null;
}

export const AUTH_STATE_CHANGED_EVENT = 'auth-state-changed';

export interface AuthStateChangedDetail {
  isAuthenticated: boolean;
  user: AuthUser | null;
}

function toState(stored: StoredSession): AuthState {
  const isAuthenticated = isValidJwt(stored.token) && stored.user !== null;
  return {
    isAuthenticated,
    user: isAuthenticated ? stored.user : null,
    token: isAuthenticated ? stored.token : null,
    refreshToken: isAuthenticated ? stored.refreshToken : null,
  };
}

const authStore = createStore<AuthState>(toState(readStoredSession()));
const setState = (next: AuthState) => {
  authStore.set(next);
  markSignedIn(next.isAuthenticated);
};

function announce(): void {
  const { isAuthenticated, user } = authStore.get();
  const detail: AuthStateChangedDetail = { isAuthenticated, user };
  announceEvent(AUTH_STATE_CHANGED_EVENT, detail);
}

export function getAuthState(): AuthState {
  return authStore.get();
}

/**
 * The tokens as stored right now. Another tab may have rotated them a moment ago, before this
 * tab heard of it, so the request helper reads them here rather than from the React state.
 */
export function readSessionTokens(): { accessToken: string | null; refreshToken: string | null } {
  if (!hasSessionStorage()) return { accessToken: authStore.get().token, refreshToken: authStore.get().refreshToken };
  const stored = readStoredSession();
  return { accessToken: stored.token, refreshToken: stored.refreshToken };
}

export function subscribeAuth(listener: () => void): () => void {
  return authStore.subscribe(listener);
}

/** Runs `listener` when the signed-in person changes (a sign-in, a sign-out), not on a token refresh. */
export function subscribeSignedInUser(listener: () => void): () => void {
  let who = authStore.get().user?.id ?? null;
  return authStore.subscribe(() => {
    const next = authStore.get().user?.id ?? null;
    if (next === who) return;
    who = next;
    listener();
  });
}

export interface SignInSession {
  token: string;
  refreshToken: string;
  user: AuthUser;
}

/** Keeps a new session and announces the sign-in. */
export function signIn(session: SignInSession): void {
  writeStoredSession(session);
  setState(toState(session));
  announce();
}

/**
 * Clears the session here at once, then tells the server (best effort: a failed logout call
 * never keeps anyone signed in).
 */
export async function signOut(): Promise<void> {
  const { token, refreshToken, isAuthenticated } = authStore.get();
  clearStoredSession();
  setState(toState({ token: null, refreshToken: null, user: null }));
  announce();
  if (!isAuthenticated) return;
  try {
    await endSession(token, refreshToken);
  } catch {
    // The server may already have ended the session (expired, account deleted).
  }
}

/** Keeps the rotated tokens a refresh answered. */
export function storeRefreshedTokens(token: string, refreshToken: string): void {
  const next = { token, refreshToken, user: authStore.get().user };
  writeStoredSession(next);
  setState(toState(next));
}

/** Changes fields of the stored user (a new e-mail address, for example). */
export function updateAuthUser(patch: Partial<AuthUser>): void {
  const state = authStore.get();
  if (!state.user) return;
  const next = { token: state.token, refreshToken: state.refreshToken, user: { ...state.user, ...patch } };
  writeStoredSession(next);
  setState(toState(next));
}

function sameUser(a: AuthUser | null, b: AuthUser | null): boolean {
  return (a?.id ?? null) === (b?.id ?? null);
}

/**
 * Follows sign-ins, sign-outs and token refreshes made in other tabs. Returns a function
 * that stops following.
 */
export function startAuthSync(): () => void {
  const onStorage = (event: StorageEvent) => {
    if (event.storageArea !== window.localStorage || !isSessionStorageKey(event.key)) return;
    const next = toState(readStoredSession());
    const state = authStore.get();
    const changedWho = next.isAuthenticated !== state.isAuthenticated || !sameUser(next.user, state.user);
    setState(next);
    if (changedWho) announce();
  };
  window.addEventListener('storage', onStorage);
  return () => window.removeEventListener('storage', onStorage);
}
