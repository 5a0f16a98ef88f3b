import { Router } from 'express';
import {
  checkQuotaRequest,
  logoutRequest,
  refreshTokenRequest,
  requestOtpRequest,
  verifyOtpRequest,
} from '@app/shared';
import { type RequestHandler } from 'express';
import { currentUser } from '../http/authenticate';
import { type RateLimits, byBodyEmail, byIp } from '../http/rate-limits';
import { parseInput } from '../http/validation';
import type { AuthService } from '../services/auth.service';

/** check-quota (by e-mail), request-otp, verify-otp, refresh-token, logout. */
export function authRoutes(auth: AuthService, limits: RateLimits, requireUser: RequestHandler): Router {
  const router = Router();
  const client = (req: { ip?: string; headers: Record<string, unknown> }) => ({
    ...(req.ip ? { ip: req.ip } : {}),
    ...(typeof req.headers['user-agent'] === 'string' ? { userAgent: req.headers['user-agent'] } : {}),
  });

  router.post('/check-quota', async (req, res) => {
    const { email } = parseInput(checkQuotaRequest, req.body);
    res.json({ success: true, canSignUp: await auth.canSignUp(email) });
  });

  router.post(
    '/request-otp',
    limits.limit({ rule: 'codeRequestsPerIp', key: byIp }, { rule: 'codeRequestsPerEmail', key: byBodyEmail('email') }),
    async (req, res) => {
      const { email } = parseInput(requestOtpRequest, req.body);
      await auth.requestCode(email);
      res.json({ success: true, message: 'Login code sent to your email!' });
    },
  );

  router.post('/verify-otp', limits.limit({ rule: 'verificationsPerIp', key: byIp }), async (req, res) => {
    const input = parseInput(verifyOtpRequest, req.body);
    res.json(await auth.verifyCode(input, client(req)));
  });

  router.post('/refresh-token', limits.limit({ rule: 'refreshesPerIp', key: byIp }), async (req, res) => {
    const { refreshToken } = parseInput(refreshTokenRequest, req.body);
    res.json(await auth.refresh(refreshToken, client(req)));
  });

  // Holding a refresh token is enough to end its session, so an expired access token
  // does not keep a person from logging out; without one, the bearer's sessions all end.
  router.post('/logout', async (req, res, next) => {
    const { refreshToken } = parseInput(logoutRequest, req.body ?? {});
    if (refreshToken) {
      await auth.logout(undefined, refreshToken);
      res.json({ success: true });
      return;
    }
    requireUser(req, res, async (error?: unknown) => {
      if (error) return next(error);
      await auth.logout(currentUser(req).id).then(() => res.json({ success: true }), next);
    });
  });

  return router;
}
