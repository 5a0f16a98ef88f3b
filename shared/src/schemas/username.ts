import { z } from 'zod/mini';
import { safeText } from './input';

export const USERNAME_MIN = 3;
export const USERNAME_MAX = 30;

/** Names that are paths of the app or words people would take for us; never a person's username. */
export const RESERVED_USERNAMES: ReadonlySet<string> = new Set([
  'admin', 'administrator', 'api', 'app', 'auth', 'dashboard', 'help', 'm', 'me', 'media', 'mirrorverse',
  'moderator', 'privacy', 'profile', 'root', 'settings', 'share', 'staff', 'stories', 'story', 'support',
  'system', 'tag', 'terms', 'u', 'user', 'users',
]);

/**
 * What is wrong with a username, in the words a person should read; null when it is fine.
 * Checked on the lowercased name: usernames are case-insensitive (`Ana` is `ana`).
 */
export function usernameProblem(raw: string): string | null {
  const name = raw.trim().toLowerCase();
  if (name.length < USERNAME_MIN) return `Username must be at least ${USERNAME_MIN} characters.`;
  if (name.length > USERNAME_MAX) return `Username must be at most ${USERNAME_MAX} characters.`;
  if (!/^[a-z0-9_.]+$/.test(name)) return 'Username can only hold letters, digits, _ and .';
  if (name.startsWith('.') || name.endsWith('.')) return 'Username cannot start or end with a dot.';
  if (name.includes('..')) return 'Username cannot hold two dots in a row.';
  if (RESERVED_USERNAMES.has(name)) return 'That username is reserved. Please pick another.';
  return null;
}

/** A username as stored: trimmed, lowercased, and valid by `usernameProblem`. */
export const usernameSchema = safeText().check(
  z.trim(),
  z.toLowerCase(),
  z.refine((value) => usernameProblem(value) === null, { error: (issue) => usernameProblem(String(issue.input)) ?? 'Invalid username' }),
);
