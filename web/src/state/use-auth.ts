import { useSyncExternalStore } from 'react';
import { type AuthState, getAuthState, subscribeAuth } from './auth-store';

/** The current auth state; the component renders again when it changes (here or in another tab). */
export function useAuth(): AuthState {
  return useSyncExternalStore(subscribeAuth, getAuthState, getAuthState);
}
