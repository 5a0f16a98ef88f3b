import { z } from 'zod/mini';
import type { $ZodType } from 'zod/v4/core';

/**
 * One call of the api (spec 1 §7, spec 3 §7): its name under /.netlify/functions and /api,
 * the method, and the schemas of what goes in and what comes back. The api's presenters build
 * answers typed by `response`; the web's request helper parses every answer with it once.
 * Schemas are zod core types: the calls the first view makes use zod/mini (tree-shakable), the
 * others may use classic zod.
 */
export interface ApiCall<Request extends $ZodType | undefined, Response extends $ZodType> {
  readonly name: string;
  readonly method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  readonly request: Request;
  readonly response: Response;
}

export function defineCall<Request extends $ZodType | undefined, Response extends $ZodType>(
  call: ApiCall<Request, Response>,
): ApiCall<Request, Response> {
  return call;
}

/** What a call answers with when it succeeded. */
export type CallResponse<C> = C extends ApiCall<$ZodType | undefined, infer R> ? z.output<R> : never;
/** What a caller sends (before the server's transforms). */
export type CallRequest<C> = C extends ApiCall<infer Q, $ZodType> ? (Q extends $ZodType ? z.input<Q> : undefined) : never;

/** The schema of a successful answer: `{ success: true, ...fields }`. */
export function answer<Fields extends z.core.$ZodShape>(fields: Fields) {
  return z.object({ success: z.literal(true), ...fields });
}
