import { randomUUID } from 'node:crypto';
import type { Request, RequestHandler, Response } from 'express';
import type { Logger } from '@app/shared/server/logger';

declare module 'express-serve-static-core' {
  interface Request {
    /** The request's id, echoed as X-Request-Id (set by `requestLogging`). */
    id?: string;
    /** A logger whose lines carry this request (`req: { id, method, url, ip }`), made on first use. */
    log?: Logger;
  }
}

const REQUEST_ID = /^[A-Za-z0-9._-]{1,64}$/;
const UNLOGGED = new Set(['/healthz', '/readyz']);
const ROUTINE = Symbol('routine answer');

/**
 * Logs this request's line at debug rather than warn or info: for an answer every open page asks
 * for every few seconds and expects (a run still processing), which would bury real warnings.
 */
export function logAsRoutine(res: Response): void {
  (res as Response & { [ROUTINE]?: true })[ROUTINE] = true;
}

/**
 * One log line per request when its answer ends — `request completed` (`request aborted` when the
 * client left first; 4xx at warn), `request errored` at error level for a 5xx — with the request
 * (id, method, URL, client address), the status and the response time, as pino-http wrote it; the request id is
 * echoed as X-Request-Id. Made by hand: pino-http builds a child logger and bookkeeping for every
 * request; here a child exists only when a handler logs through `req.log`.
 */
export function requestLogging(logger: Logger): RequestHandler {
  return (req, res, next) => {
    const incoming = req.headers['x-request-id'];
    const id = typeof incoming === 'string' && REQUEST_ID.test(incoming) ? incoming : randomUUID();
    res.setHeader('X-Request-Id', id);
    req.id = id;
    // The client address as `trust proxy` yields it: who sent what, e.g. a wrong admin secret.
    const summary = { id, method: req.method, url: req.url, ip: req.ip };
    let child: Logger | undefined;
    Object.defineProperty(req, 'log', {
      configurable: true,
      get: () => (child ??= logger.child({ req: summary })),
      set: (value: Logger) => (child = value),
    });
    if (!UNLOGGED.has(req.url)) logWhenDone(logger, req, res, summary, Date.now());
    next();
  };
}

function logWhenDone(logger: Logger, req: Request, res: Response, summary: { id: string; method: string; url: string; ip: string | undefined }, started: number): void {
  const done = (error?: unknown) => {
    res.removeListener('close', done);
    res.removeListener('finish', done);
    res.removeListener('error', done);
    const responseTime = Date.now() - started;
    const status = res.statusCode;
    if (error instanceof Error || status >= 500) {
      const err = error instanceof Error ? error : new Error(`failed with status code ${status}`);
      logger.error({ req: summary, res: { statusCode: status }, err, responseTime }, 'request errored');
      return;
    }
    const message = !req.readableAborted && res.writableEnded ? 'request completed' : 'request aborted';
    const routine = (res as Response & { [ROUTINE]?: true })[ROUTINE] === true;
    logger[routine ? 'debug' : status >= 400 ? 'warn' : 'info']({ req: summary, res: { statusCode: status }, responseTime }, message);
  };
  res.on('close', done);
  res.on('finish', done);
  res.on('error', done);
}
