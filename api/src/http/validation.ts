import type { z } from 'zod';

/** Parses request input with a shared schema; a failure becomes a 400 listing each field. */
export function parseInput<S extends z.ZodType>(schema: S, input: unknown): z.infer<S> {
  return schema.parse(input);
}
