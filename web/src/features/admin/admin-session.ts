import { createStore, useStore } from '../../lib/create-store';

/**
 * The admin's login (spec 3 §4): logged out until the secret is verified, then the secret is
 * kept in localStorage. Logout, or a stored secret the server no longer accepts, clears it.
 */
const STORAGE_KEY = 'admin_secret';

function readStored(): string | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage.getItem(STORAGE_KEY);
  } catch {
    return null;
  }
}

const secretStore = createStore<string | null>(readStored());

export function adminSecret(): string | null {
  return secretStore.get();
}

export function useAdminSecret(): string | null {
  return useStore(secretStore);
}

export function rememberAdminSecret(secret: string): void {
  try {
    localStorage.setItem(STORAGE_KEY, secret);
  } catch {
    // Private mode: the login lasts this page load only.
  }
  secretStore.set(secret);
}

export function forgetAdminSecret(): void {
  try {
    localStorage.removeItem(STORAGE_KEY);
  } catch {
    // Nothing stored.
  }
  secretStore.set(null);
}
