import type { ErrorRequestHandler, RequestHandler, Response } from 'express';
import type { ApiErrorBody } from '@app/shared';
import type { Logger } from '@app/shared/server/logger';
import {
  ConflictError,
  DomainError,
  InvalidInputError,
  NotAllowedError,
  NotAuthenticatedError,
  NotFoundError,
  PaymentRequiredError,
  TooLargeError,
  TooManyRequestsError,
  UnavailableError,
} from '@app/shared/server/domain-errors';
// Core's error: what classic and zod/mini schemas both throw (the shared call schemas use either).
import { $ZodError } from 'zod/v4/core';

export const TOO_MANY_REQUESTS = 'Too many requests. Please wait a moment.';

/** Headers an error carries to its answer (Retry-After of a 429). */
export function setErrorHeaders(error: unknown, res: Response): void {
  const retryAfter = error instanceof TooManyRequestsError ? error.retryAfterSeconds : undefined;
  if (retryAfter !== undefined) res.setHeader('Retry-After', String(retryAfter));
}

/** The status each kind of domain error answers with; services never pick one themselves. */
export function domainStatus(error: DomainError): number {
  if (error instanceof InvalidInputError) return 400;
  if (error instanceof NotAuthenticatedError) return 401;
  if (error instanceof PaymentRequiredError) return 402;
  if (error instanceof NotAllowedError) return 403;
  if (error instanceof NotFoundError) return 404;
  if (error instanceof ConflictError) return 409;
  if (error instanceof TooLargeError) return 413;
  if (error instanceof TooManyRequestsError) return 429;
  if (error instanceof UnavailableError) return 503;
  return 500;
}

export function zodDetails(error: $ZodError): string[] {
  return error.issues.map((issue) => (issue.path.length > 0 ? `${issue.path.join('.')}: ${issue.message}` : issue.message));
}

export const notFoundHandler: RequestHandler = (req, _res, next) => {
  next(new NotFoundError(`No route for ${req.method} ${req.originalUrl.split("?")[0]}`));
};

/** The last middleware: every failure becomes `{ success: false, error }`; bad input is never a 500. */
export function errorHandler(logger: Logger): ErrorRequestHandler {
  return (error: unknown, req, res, _next) => {
    const body = toErrorBody(error);
    if (body.status >= 500) {
      (req.log ?? logger).error({ err: error }, 'request failed');
    }
    if (res.headersSent) {
      res.end();
      return;
    }
    setErrorHeaders(error, res);
    res.status(body.status).json(body.json);
  };
}

/** Postgres SQLSTATEs and socket codes that mean "the database or Redis is not there right now". */
const UNAVAILABLE_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'EHOSTUNREACH', '57P01', '57P02', '57P03', '08000', '08001', '08003', '08006']);
const UNAVAILABLE_MESSAGES = [/Connection terminated/i, /Stream isn't writeable/i, /Connection is closed/i, /timeout exceeded when trying to connect/i, /connect ECONNREFUSED/i, /Command timed out/i,
  // A Redis Cluster between a master's death and its replica's promotion (ioredis gives up following MOVED).
  /Too many Cluster redirections/i, /CLUSTERDOWN/i, /Failed to refresh slots cache/i, /None of startup nodes is available/i,
  // A fail-fast client whose one retry met the same outage.
  /Reached the max retries per request limit/i];

/** Whether a failure is a dependency being away (a restart, a failover) rather than a bug: answered 503, so clients retry. */
export function isDependencyUnavailable(error: unknown): boolean {
  const code = (error as { code?: unknown } | undefined)?.code;
  if (typeof code === 'string' && UNAVAILABLE_CODES.has(code)) return true;
  const message = error instanceof Error ? error.message : '';
  return UNAVAILABLE_MESSAGES.some((pattern) => pattern.test(message)) || (error instanceof AggregateError && error.errors.some(isDependencyUnavailable));
}

function toErrorBody(error: unknown): { status: number; json: ApiErrorBody } {
  if (error instanceof DomainError && domainStatus(error) !== 500) {
    return {
      status: domainStatus(error),
      json: {
        success: false,
        error: error.message,
        ...(error.code ? { code: error.code } : {}),
        ...(error.details ? { details: error.details } : {}),
        ...(error instanceof PaymentRequiredError && error.amounts ? error.amounts : {}),
      },
    };
  }
  if (error instanceof $ZodError) {
    const details = zodDetails(error);
    return { status: 400, json: { success: false, error: details.join('; '), code: 'VALIDATION_FAILED', details } };
  }
  // body-parser and friends mark client errors with a status (malformed JSON, payload too large);
  // their text is shown only when they say it is meant for clients (http-errors' `expose`).
  const status = (error as { status?: unknown; statusCode?: unknown })?.status ?? (error as { statusCode?: unknown })?.statusCode;
  if (typeof status === 'number' && status >= 400 && status < 500) {
    const { type, expose } = error as { type?: string; expose?: boolean };
    const message = type === 'entity.parse.failed' ? 'Malformed JSON body' : expose === true ? (error as Error).message : 'Bad request';
    return { status, json: { success: false, error: message } };
  }
  if (isDependencyUnavailable(error)) {
    return { status: 503, json: { success: false, error: 'Server error. Please try again.', code: 'SERVICE_UNAVAILABLE' } };
  }
  return { status: 500, json: { success: false, error: 'Server error. Please try again.' } };
}
