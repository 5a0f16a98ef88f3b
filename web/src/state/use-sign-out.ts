import { useCallback } from 'react';
import { useNavigate } from 'react-router-dom';
import { paths } from '../config/paths';
import { signOut } from './auth-store';

/**
 * Logout as the buttons do it: the user lands on / and the session ends (spec 1 §2). The
 * move comes first, so a page that sends signed-out visitors to /auth is gone by then.
 */
export function useSignOut(): () => Promise<void> {
  const navigate = useNavigate();
  return useCallback(async () => {
    await navigate(paths.home.getHref());
    await signOut();
  }, [navigate]);
}
