import type { RequestHandler } from 'express';
import { z } from 'zod';
import type { $ZodType } from 'zod/v4/core';
import { UNSAFE_TEXT } from '@app/shared';
import { InvalidInputError } from '@app/shared/server/domain-errors';

/**
 * Parses request input with a shared schema (classic or zod/mini); a failure becomes a 400 listing
 * each field. Classic `z.parse` throws the classic ZodError the error handler knows, for mini
 * schemas too; and the api imports classic zod at start-up, which sets the English messages for both.
 */
export function parseInput<S extends $ZodType>(schema: S, input: unknown): z.output<S> {
  return z.parse(schema, input);
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

/**
 * One check for every call, in front of the routes: an address, query or JSON body with text
 * the database cannot store (NUL, broken Unicode) is a 400 naming where, whichever route it is
 * for. The per-call schemas refine further (one line, lengths); this keeps a route that forgets
 * to from answering a 500 when Postgres refuses the text.
 */
export function rejectUnstorableText(): RequestHandler {
  return (req, _res, next) => {
    let address: string;
    try {
      address = decodeURIComponent(req.path);
    } catch {
      next(new InvalidInputError('The address is not valid percent-encoded UTF-8', 'BAD_REQUEST'));
      return;
    }
    const where = UNSTORABLE.test(address) ? 'address' : unstorableTextAt(req.query) ?? unstorableTextAt(req.body);
    next(where === undefined ? undefined : new InvalidInputError(where ? `${where}: ${UNSAFE_TEXT}` : UNSAFE_TEXT, 'BAD_REQUEST'));
  };
}
