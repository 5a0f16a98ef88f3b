import { z } from 'zod';
import type { $ZodType } from 'zod/v4/core';

/**
 * Parses request input with a shared schema (classic or zod/mini); a failure becomes a 400 listing
 * each field. Classic `z.parse` throws the classic ZodError the error handler knows, for mini
 * schemas too; and the api imports classic zod at start-up, which sets the English messages for both.
 */
export function parseInput<S extends $ZodType>(schema: S, input: unknown): z.output<S> {
  return z.parse(schema, input);
}
