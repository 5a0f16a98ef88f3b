import type { SignUpVariant } from './signup-variants';

/** Which sign-up prompt is open (null: none). Any screen may open one; `<SignUpPromptHost />` shows it. */
let current: SignUpVariant | null = null;
const listeners = new Set<() => void>();

function set(next: SignUpVariant | null): void {
  current = next;
  for (const listener of [...listeners]) listener();
}

export function getSignUpPrompt(): SignUpVariant | null {
  return current;
}

export function subscribeSignUpPrompt(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function showSignUpPrompt(variant: SignUpVariant): void {
  set(variant);
}

export function closeSignUpPrompt(): void {
  set(null);
}
