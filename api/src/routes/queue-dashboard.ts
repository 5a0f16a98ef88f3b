import { createHmac } from 'node:crypto';
import { createBullBoard } from '@bull-board/api';
import { BullMQAdapter } from '@bull-board/api/bullMQAdapter';
import { ExpressAdapter } from '@bull-board/express';
import type { Queue } from 'bullmq';
import { type Request, type RequestHandler, Router } from 'express';
import { sameSecret } from '@app/shared/server/access';
import { NotAuthenticatedError } from '@app/shared/server/domain-errors';

export const QUEUE_DASHBOARD_PATH = '/admin/queues';
const COOKIE = 'admin_queues';
const SESSION_SECONDS = 60 * 60;
const DASHBOARD_CSP = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data:",
  "connect-src 'self'",
  "font-src 'self' data:",
  "frame-ancestors 'none'",
  "base-uri 'none'",
  "form-action 'self'",
].join('; ');

/**
 * BullMQ's queue dashboard (bull-board) behind the admin secret. A browser cannot send the
 * X-Admin-Secret header on a page load, so `POST /admin/queues/session` with the header sets a
 * short-lived cookie (an HMAC of its expiry keyed by the secret, never the secret itself) that
 * only this path receives.
 */
export function queueDashboardRoutes(queues: Queue[], adminSecret: string | undefined, requireAdmin: RequestHandler): Router {
  const router = Router();
  if (adminSecret === undefined) return router;
  const sign = (expires: number) => createHmac('sha256', adminSecret).update(`queue-dashboard:${expires}`).digest('base64url');

  router.post(`${QUEUE_DASHBOARD_PATH}/session`, requireAdmin, (req, res) => {
    const expires = Math.floor(Date.now() / 1000) + SESSION_SECONDS;
    res.cookie(COOKIE, `${expires}.${sign(expires)}`, {
      httpOnly: true,
      sameSite: 'strict',
      secure: req.secure,
      path: QUEUE_DASHBOARD_PATH,
      maxAge: SESSION_SECONDS * 1000,
    });
    res.json({ success: true });
  });

  const serverAdapter = new ExpressAdapter();
  serverAdapter.setBasePath(QUEUE_DASHBOARD_PATH);
  createBullBoard({ queues: queues.map((queue) => new BullMQAdapter(queue)), serverAdapter, options: { uiConfig: { boardTitle: 'Mirrorverse queues' } } });
  const hasSession = (req: Request) => {
    const [expires, signature] = (cookieValue(req, COOKIE) ?? '').split('.');
    const at = Number(expires);
    return Number.isInteger(at) && at > Date.now() / 1000 && sameSecret(signature, sign(at));
  };
  router.use(
    QUEUE_DASHBOARD_PATH,
    (req, _res, next) => (hasSession(req) ? next() : next(new NotAuthenticatedError('Sign in to the admin dashboard first.', 'ADMIN_SESSION_REQUIRED'))),
    (_req, res, next) => {
      // bull-board's UI sets inline styles; only this admin-only page gets them.
      res.setHeader('Content-Security-Policy', DASHBOARD_CSP);
      next();
    },
    serverAdapter.getRouter() as RequestHandler,
  );
  return router;
}

function cookieValue(req: Request, name: string): string | undefined {
  for (const part of (req.headers.cookie ?? '').split(';')) {
    const [key, ...value] = part.trim().split('=');
    if (key === name) return decodeURIComponent(value.join('='));
  }
  return undefined;
}
