import { z } from 'zod';

/**
 * One call of the api (spec 1 §7, spec 3 §7): its name under /.netlify/functions and /api,
 * the method, and the schemas of what goes in and what comes back. The api's presenters build
 * answers typed by `response`; the web's request helper parses every answer with it once.
 */
export interface ApiCall<Request extends z.ZodType | undefined, Response extends z.ZodType> {
  readonly name: string;
  readonly method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  readonly request: Request;
  readonly response: Response;
}

export function defineCall<Request extends z.ZodType | undefined, Response extends z.ZodType>(
  call: ApiCall<Request, Response>,
): ApiCall<Request, Response> {
  return call;
}

/** What a call answers with when it succeeded. */
export type CallResponse<C> = C extends ApiCall<z.ZodType | undefined, infer R> ? z.output<R> : never;
/** What a caller sends (before the server's transforms). */
export type CallRequest<C> = C extends ApiCall<infer Q, z.ZodType> ? (Q extends z.ZodType ? z.input<Q> : undefined) : never;

/** The schema of a successful answer: `{ success: true, ...fields }`. */
export function answer<Fields extends z.ZodRawShape>(fields: Fields) {
  return z.object({ success: z.literal(true), ...fields });
}
