import type { RequestHandler } from 'express';
import { JSON_MAX_DEPTH, JSON_TOO_DEEP, exceedsJsonDepth } from '@app/shared';
import { InvalidInputError } from '@app/shared/server/domain-errors';

/**
 * Runs after express.json: a body nested deeper than `maxDepth` is a 400. JSON.parse copes
 * with any depth, but what comes later (zod, the logger, JSON.stringify into a jsonb column)
 * recurses and would overflow the stack; the walk here is iterative.
 */
export function limitJsonDepth(maxDepth: number = JSON_MAX_DEPTH): RequestHandler {
  return (req, _res, next) => {
    const body: unknown = req.body;
    if (body !== null && typeof body === 'object' && exceedsJsonDepth(body, maxDepth)) {
      next(new InvalidInputError(JSON_TOO_DEEP, 'BAD_REQUEST'));
      return;
    }
    next();
  };
}
