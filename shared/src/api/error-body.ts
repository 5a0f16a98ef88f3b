/**
 * The body of every error answer as a schema (`ApiErrorBody`, answered by api/src/http/errors.ts):
 * what the OpenAPI document (GET /api/openapi.json) names `ApiError`.
 */
import { z } from 'zod/mini';
import type { ApiErrorBody } from '../api-error';

export const apiErrorBodySchema = z.object({
  success: z.literal(false),
  error: z.string(),
  /** A stable code: VALIDATION_FAILED, INSUFFICIENT_CREDITS, RATE_LIMITED, NOT_FOUND… */
  code: z.optional(z.string()),
  /** A 400's problem with each field (`runId: Invalid runId`). */
  details: z.optional(z.array(z.string())),
  /** A 402 (INSUFFICIENT_CREDITS): what was asked would cost `required`; the person has `available`. */
  required: z.optional(z.number()),
  available: z.optional(z.number()),
});

// The schema and the interface the error handler answers with cannot drift apart.
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const _sameAsApiErrorBody: Same<z.output<typeof apiErrorBodySchema>, ApiErrorBody> = true;
