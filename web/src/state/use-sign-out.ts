import { useCallback } from 'react';
import { paths } from '../config/paths';
import { navigateAndSettle } from '../lib/navigation-bridge';
import { signOut } from './auth-store';

/**
 * Logout as the buttons do it: the user lands on / and the session ends (spec 1 §2). The
 * move comes first, so a page that sends signed-out visitors to /auth is gone by then.
 */
export function useSignOut(): () => Promise<void> {
  return useCallback(async () => {
    await navigateAndSettle(paths.home.getHref());
    await signOut();
  }, []);
}
