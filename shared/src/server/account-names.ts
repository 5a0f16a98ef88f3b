import { USERNAME_MAX, usernameProblem } from '../schemas/username';

/**
 * The names an account gets at sign-up, from its e-mail address (decisions.md, "One name from
 * sign-up on"): a display name and a username, both editable later in Account.
 * Migration 0018 holds a copy of these rules for the accounts made before them.
 */

/** Room kept at the end of a derived username for a collision's suffix (`_12345`). */
const SUFFIX_ROOM = 6;

/** The part of the address before the @ and any +tag, its accents dropped ("José+x@…" → "Jose"). */
function localPart(email: string): string {
  const local = email.trim().split('@')[0] ?? '';
  return (local.split('+')[0] ?? '').normalize('NFKD').replace(/\p{M}+/gu, '');
}

/**
 * The username an address suggests before anyone else's are looked at: the local part lowercased,
 * every run of other characters a dot ("olga.ui4" → "olga.ui4", "mary-jane" → "mary.jane"),
 * "creator" when nothing is left. It may still be short or reserved: `usernameCandidates` skips those.
 */
export function usernameBaseFromEmail(email: string): string {
  const base = localPart(email)
    .toLowerCase()
    .replace(/[^a-z0-9_.]+/g, '.')
    .replace(/\.{2,}/g, '.')
    .slice(0, USERNAME_MAX - SUFFIX_ROOM)
    .replace(/^\.+|\.+$/g, '');
  return base || 'creator';
}

/**
 * The valid usernames to try for a base, in the order of `suffixes`: 1 is the base itself, n > 1
 * is the base with n after it (after an underscore when the base ends in a digit: "olga.ui4_2").
 */
export function usernameCandidates(base: string, suffixes: readonly number[]): string[] {
  const joiner = /\d$/.test(base) ? '_' : '';
  return suffixes.map((n) => (n === 1 ? base : `${base}${joiner}${n}`)).filter((name) => usernameProblem(name) === null);
}

/**
 * The display name an address suggests: the local part's words of letters, capitalised
 * ("olga.ui4" → "Olga", "ana.lima" → "Ana Lima"); its first letters when no word has two
 * ("x1" → "X"); else the username.
 */
export function displayNameFromEmail(email: string, username: string): string {
  const local = localPart(email);
  const words = local.split(/[^\p{L}\p{N}]+/u).filter((word) => /^\p{L}{2,}$/u.test(word));
  const chosen = words.length > 0 ? words.slice(0, 3) : (local.match(/\p{L}+/u) ?? []);
  const name = chosen.map((word) => word.charAt(0).toUpperCase() + word.slice(1).toLowerCase()).join(' ');
  return name.slice(0, 80) || username;
}
