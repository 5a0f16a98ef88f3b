import type { RequestHandler } from 'express';
import { z } from 'zod';
import type { $ZodType } from 'zod/v4/core';
import { UNSAFE_TEXT, unstorableTextAt } from '@app/shared';
import { InvalidInputError } from '@app/shared/server/domain-errors';

/**
 * Parses request input with a shared schema (classic or zod/mini); a failure becomes a 400 listing
 * each field. Classic `z.parse` throws the classic ZodError the error handler knows, for mini
 * schemas too; and the api imports classic zod at start-up, which sets the English messages for both.
 */
export function parseInput<S extends $ZodType>(schema: S, input: unknown): z.output<S> {
  return z.parse(schema, input);
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
    const where = unstorableTextAt(address) !== undefined ? 'address' : unstorableTextAt(req.query) ?? unstorableTextAt(req.body);
    next(where === undefined ? undefined : new InvalidInputError(where ? `${where}: ${UNSAFE_TEXT}` : UNSAFE_TEXT, 'BAD_REQUEST'));
  };
}
