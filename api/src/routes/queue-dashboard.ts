import { createHmac } from 'node:crypto';
import { createBullBoard } from '@bull-board/api';
import { BullMQAdapter } from '@bull-board/api/bullMQAdapter';
import { ExpressAdapter } from '@bull-board/express';
import type { JobQueues } from '@app/shared/server/queue';
import { type Request, type RequestHandler, Router } from 'express';
import { sameSecret } from '@app/shared/server/access';
import { InvalidInputError, NotAuthenticatedError } from '@app/shared/server/domain-errors';
import { cookieValue } from '../http/cookies';

export const QUEUE_DASHBOARD_PATH = '/admin/queues';
const COOKIE = 'admin_queues';
const SESSION_SECONDS = 60 * 60;
const THIRD_PARTY_FONTS = /<link\s[^>]*href="https:\/\/fonts\.googleapis\.com\/[^"]*"[^>]*>\s*/g;
/** The numbers bull-board's calls read from their query. */
const NUMERIC_QUERY = ['page', 'jobsPerPage', 'depth', 'maxChildren', 'from', 'to'] as const;
const DASHBOARD_CSP = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data:",
  "connect-src 'self'",
  "font-src 'self' data:",
  "frame-ancestors 'none'",
  // bull-board's page names its scripts relative to its <base href="/admin/queues/">.
  "base-uri 'self'",
  "form-action 'self'",
].join('; ');

/**
 * BullMQ's queue dashboard (bull-board) behind the admin secret. A browser cannot send the
 * X-Admin-Secret header on a page load, so `POST /admin/queues/session` with the header sets a
 * short-lived cookie (an HMAC of its expiry keyed by the secret, never the secret itself) that
 * only this path receives.
 */
export function queueDashboardRoutes(queues: ReturnType<JobQueues['all']>, adminSecret: string | undefined, requireAdmin: RequestHandler): Router {
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
  // Without the slash, relative addresses on the page resolve under /admin/ (the web app's
  // HTML comes back for its scripts) wherever the base is ignored: the page lives at the slash.
  router.get(QUEUE_DASHBOARD_PATH, (req, res, next) => {
    const [pathname, query] = splitOnce(req.originalUrl, '?');
    if (pathname !== QUEUE_DASHBOARD_PATH) return next();
    res.redirect(301, `${QUEUE_DASHBOARD_PATH}/${query === undefined ? '' : `?${query}`}`);
  });
  router.use(
    QUEUE_DASHBOARD_PATH,
    (req, _res, next) => (hasSession(req) ? next() : next(new NotAuthenticatedError('Sign in to the admin dashboard first.', 'ADMIN_SESSION_REQUIRED'))),
    (_req, res, next) => {
      // bull-board's UI sets inline styles; only this admin-only page gets them.
      res.setHeader('Content-Security-Policy', DASHBOARD_CSP);
      // Its page links Google's fonts: an admin page asks no third party (the CSP would refuse
      // it, a console error), so the link is taken out and the system fonts stand in.
      const send = res.send.bind(res);
      res.send = ((body?: unknown) => send(typeof body === 'string' ? body.replace(THIRD_PARTY_FONTS, '') : body)) as typeof res.send;
      next();
    },
    (req, _res, next) => {
      // bull-board hands its paging numbers to a Redis script, which fails (a 500) on 1e308 or -1.
      const bad = NUMERIC_QUERY.find((key) => req.query[key] !== undefined && !(typeof req.query[key] === 'string' && /^\d{1,15}$/.test(req.query[key])));
      next(bad === undefined ? undefined : new InvalidInputError(`${bad}: must be a whole number of at most 15 digits`, 'BAD_REQUEST'));
    },
    serverAdapter.getRouter() as RequestHandler,
  );
  return router;
}

function splitOnce(text: string, separator: string): [string, string | undefined] {
  const at = text.indexOf(separator);
  return at === -1 ? [text, undefined] : [text.slice(0, at), text.slice(at + 1)];
}
