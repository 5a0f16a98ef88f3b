import { z } from 'zod/mini';

/**
 * Building blocks for request schemas: what the database cannot store or cast is refused at
 * the edge with a 400 and a clear message, never left to fail as a 500 (issue 9).
 */

/** How deeply a JSON body (or a free-form JSON field) may nest. */
export const JSON_MAX_DEPTH = 64;

export const UNSAFE_TEXT = 'Invalid text: control characters (such as NUL) and broken Unicode are not allowed';
export const JSON_TOO_DEEP = 'JSON nested too deeply';

/**
 * NUL and the other C0 controls but tab, line feed and carriage return; DEL; and lone UTF-16
 * surrogates (with the `u` flag a surrogate range matches only an unpaired one). Postgres
 * refuses NUL in text and unpaired surrogates in jsonb; the rest is never typed by a person.
 */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const UNSAFE_MULTILINE = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F\uD800-\uDFFF]/u;
/** The same, and tab, line feed and carriage return too: for names, ids, addresses. */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const UNSAFE_SINGLE_LINE = /[\u0000-\u001F\u007F\uD800-\uDFFF]/u;

/** Whether text can be stored as typed: no control characters, no unpaired surrogates. */
export function isSafeText(value: string, options: { multiline?: boolean } = {}): boolean {
  return !(options.multiline ? UNSAFE_MULTILINE : UNSAFE_SINGLE_LINE).test(value);
}

export interface SafeTextOptions {
  /** Allow tab, line feed and carriage return (prompts); default: one line. */
  multiline?: boolean;
  /** The message for a wrong type or unsafe text; default UNSAFE_TEXT (and zod's type message). */
  message?: string;
}

/**
 * A string refusing control characters and invalid Unicode (a zod/mini string, so the first view
 * carries no classic zod). Further checks run after this one: `safeText().check(z.trim(), z.minLength(1))`.
 */
export function safeText(options: SafeTextOptions = {}) {
  const base = options.message === undefined ? z.string() : z.string({ error: options.message });
  return base.check(z.refine((value) => isSafeText(value, options), { error: options.message ?? UNSAFE_TEXT }));
}

/**
 * A UUID as the database stores ids: 8-4-4-4-12 hex digits, any version. `name` makes the
 * message, e.g. uuidSchema('mediaId') refuses 'x' with 'Invalid mediaId'.
 */
export function uuidSchema(name: string) {
  return z.guid({ error: `Invalid ${name}` });
}

/**
 * Whether a JSON value nests more than `maxDepth` containers deep (a scalar is depth 0,
 * `[]` or `{}` depth 1). Iterative, so a value of any depth is walked without recursion,
 * and it stops at the first container past the limit.
 */
export function exceedsJsonDepth(value: unknown, maxDepth: number = JSON_MAX_DEPTH): boolean {
  const stack: Array<[unknown, number]> = [[value, 0]];
  while (stack.length > 0) {
    const [current, depth] = stack.pop()!;
    if (current === null || typeof current !== 'object') continue;
    if (depth + 1 > maxDepth) return true;
    for (const child of Object.values(current)) {
      if (child !== null && typeof child === 'object') stack.push([child, depth + 1]);
    }
  }
  return false;
}

/** NUL and unpaired UTF-16 surrogates: Postgres stores neither in text nor in jsonb. */
// eslint-disable-next-line no-control-regex -- matching NUL is the point
const UNSTORABLE = /[\u0000\uD800-\uDFFF]/u;

/**
 * Where a JSON value (or a parsed query) holds text no database column can take: the dotted path
 * of the first such string or key, '' for the value itself, undefined when there is none.
 * Iterative, so a deep value cannot overflow the stack.
 */
export function unstorableTextAt(value: unknown): string | undefined {
  const stack: Array<[unknown, string]> = [[value, '']];
  while (stack.length > 0) {
    const [current, at] = stack.pop()!;
    if (typeof current === 'string') {
      if (UNSTORABLE.test(current)) return at;
    } else if (current !== null && typeof current === 'object') {
      for (const [key, child] of Object.entries(current)) {
        const path = at ? `${at}.${key}` : key;
        if (UNSTORABLE.test(key)) return path;
        stack.push([child, path]);
      }
    }
  }
  return undefined;
}

/** The first problem of a JSON value for storage: too deep, or a key or string that is not safe text. */
export function jsonValueProblem(value: unknown, maxDepth: number = JSON_MAX_DEPTH): string | undefined {
  // One iterative walk: depth (as exceedsJsonDepth counts it) and text together.
  const stack: Array<[unknown, number]> = [[value, 0]];
  while (stack.length > 0) {
    const [current, depth] = stack.pop()!;
    if (typeof current === 'string') {
      if (!isSafeText(current, { multiline: true })) return UNSAFE_TEXT;
    } else if (current !== null && typeof current === 'object') {
      if (depth + 1 > maxDepth) return JSON_TOO_DEEP;
      for (const [key, child] of Object.entries(current)) {
        if (!isSafeText(key, { multiline: true })) return UNSAFE_TEXT;
        stack.push([child, depth + 1]);
      }
    }
  }
  return undefined;
}

/**
 * A free-form JSON object stored as jsonb (draft metadata, generation meta): at most
 * `maxDepth` deep, and every key and string safe text.
 */
export function safeJsonObject(maxDepth: number = JSON_MAX_DEPTH) {
  return z.record(z.string(), z.unknown()).check(
    z.superRefine((value, ctx) => {
      const problem = jsonValueProblem(value, maxDepth);
      if (problem) ctx.addIssue({ code: 'custom', message: problem });
    }),
  );
}
