import { lazyDialog } from '../dialog/lazy-dialog';
import { useStore } from '../../lib/create-store';
import { signUpPromptStore } from './signup-prompt-store';

/** The dialog's code (its variants' texts included) loads the first time a prompt opens. */
const SignUpPromptDialog = lazyDialog(() => import('./signup-prompt-dialog').then((module) => module.SignUpPromptDialog));

/** Shows the sign-up prompt any screen opens (`showSignUpPrompt`). */
export function SignUpPromptHost() {
  const variant = useStore(signUpPromptStore);
  return <SignUpPromptDialog open={variant !== null} variant={variant} />;
}
