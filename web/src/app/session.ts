import { configureApiSession } from '../api/client';
import { showAlert } from '../components/dialog/alert-store';
import { paths } from '../config/paths';
import { readSessionTokens, signOut, startAuthSync, storeRefreshedTokens } from '../state/auth-store';
import { startProfileSync } from '../state/profile';
import { queryClient } from './query-client';

export const SESSION_EXPIRED_TITLE = 'Session Expired';
export const SESSION_EXPIRED_MESSAGE = 'For your security, please sign in again.';

/**
 * Connects the request helper to the signed-in session and starts following it: other tabs,
 * the profile. When a refresh fails (spec 1 §8) the user is told, signed out and sent to /auth.
 */
export function startSession(navigate: (to: string) => unknown): () => void {
  configureApiSession({
    read: readSessionTokens,
    store: storeRefreshedTokens,
    expire: () => {
      void showAlert(SESSION_EXPIRED_TITLE, SESSION_EXPIRED_MESSAGE);
      void signOut();
      void navigate(paths.auth.getHref());
    },
  });
  const stopAuthSync = startAuthSync();
  const stopProfileSync = startProfileSync(queryClient);
  return () => {
    stopAuthSync();
    stopProfileSync();
  };
}
