import { createStore } from '../../lib/create-store';
import type { SignUpVariant } from './signup-variants';

/** Which sign-up prompt is open (null: none). Any screen may open one; `<SignUpPromptHost />` shows it. */
export const signUpPromptStore = createStore<SignUpVariant | null>(null);

export function showSignUpPrompt(variant: SignUpVariant): void {
  signUpPromptStore.set(variant);
}

export function closeSignUpPrompt(): void {
  signUpPromptStore.set(null);
}
