import { z } from 'zod/mini';
import { safeText } from './input';

export const USERNAME_MIN = 3;
export const USERNAME_MAX = 30;

/**
 * The first segment of every path the app serves, web pages, api and files alike: a person
 * named after one would look like part of the app. tests/integration/creators.test.ts reads
 * the api's routes, the web router's paths and the built files, and fails on one missing here.
 */
export const RESERVED_PATH_SEGMENTS = [
  'admin', 'api', 'assets', 'auth', 'bestpractices', 'c', 'cookies', 'dashboard', 'developers', 'favicon.ico', 'favicon.svg', 'gallery', 'guide',
  'healthz', 'index.html', 'm', 'media', 'metrics', 'privacy', 'profile', 'readyz', 'robots.txt', 'share', 'sitemap.xml',
  'static', 'story', 'storycreation', 'tag', 'terms', 'u', 'v1_1', 'webhooks',
] as const;

/**
 * Words a program could read as no name at all or as a property of every object (`__proto__`,
 * `constructor`): never a key a username may become.
 */
const PROGRAM_WORDS = ['__proto__', 'constructor', 'prototype', 'null', 'undefined', 'nan', 'true', 'false', 'tostring', 'valueof', 'hasownproperty'];

/** Names that are paths of the app, words people would take for us, or words a program reads as something else. */
export const RESERVED_USERNAMES: ReadonlySet<string> = new Set([
  ...RESERVED_PATH_SEGMENTS,
  ...PROGRAM_WORDS,
  'administrator', 'app', 'help', 'me', 'mirrorverse', 'moderator', 'root', 'settings', 'staff', 'stories', 'support',
  'system', 'user', 'users',
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
