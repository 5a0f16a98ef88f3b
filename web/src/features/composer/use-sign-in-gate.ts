import { useCallback } from 'react';
import { useNavigate } from 'react-router-dom';
import { paths } from '../../config/paths';
import { useAuth } from '../../state/use-auth';
import { showSignUpPrompt } from '../../components/signup-prompt/signup-prompt-store';

/** What a signed-out visitor tried: uploading and the AI modes prompt sign-up; generating goes to /auth. */
export type GatedAction = 'upload' | 'ai' | 'generate';

/**
 * The one sign-in gate of the composer (spec 1 §6): `gate(action)` is true for a signed-in
 * person; for a visitor it shows the sign-up prompt (or goes to /auth) and is false.
 */
export function useSignInGate(): (action: GatedAction) => boolean {
  const { isAuthenticated } = useAuth();
  const navigate = useNavigate();
  return useCallback(
    (action: GatedAction) => {
      if (isAuthenticated) return true;
      if (action === 'generate') void navigate(paths.auth.getHref());
      else showSignUpPrompt(action);
      return false;
    },
    [isAuthenticated, navigate],
  );
}
