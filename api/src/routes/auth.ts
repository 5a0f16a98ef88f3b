import { type RequestHandler, Router } from 'express';
import { checkSignUpQuotaCall, logoutCall, refreshTokenCall, requestOtpCall, verifyOtpCall } from '@app/shared/api/auth';
import { currentUser } from '../http/authenticate';
import { NotAuthenticatedError } from '@app/shared/server/domain-errors';
import { type RateLimits, byIp } from '../http/rate-limits';
import type { SignInDevices } from '../http/sign-in-device';
import { parseInput } from '../http/validation';
import { type AuthService, INVALID_REFRESH } from '../services/auth.service';

/** check-quota (by e-mail), request-otp, verify-otp, refresh-token, logout. */
export function authRoutes(auth: AuthService, limits: RateLimits, signedIn: RequestHandler, devices: SignInDevices): Router {
  const router = Router();
  const client = (req: { ip?: string; headers: Record<string, unknown> }) => ({
    ...(req.ip ? { ip: req.ip } : {}),
    ...(typeof req.headers['user-agent'] === 'string' ? { userAgent: req.headers['user-agent'] } : {}),
  });

  router.post('/check-quota', async (req, res) => {
    const { email } = parseInput(checkSignUpQuotaCall.request, req.body);
    res.json({ success: true, canSignUp: await auth.canSignUp(email) });
  });

  // Codes per client and per (address, client) here; the address's own cap (20 an hour) only
  // for clients it has not signed in from (that browser, or that address lately), so strangers
  // spending it leave the owner theirs.
  router.post('/request-otp', limits.limitCodeRequests('email', { perEmail: false }), async (req, res) => {
    const { email } = parseInput(requestOtpCall.request, req.body);
    const codeClient = await auth.codeClient(email, req.ip, devices.vouchesFor(req, email));
    if (!codeClient.known) await limits.consume('codeRequestsPerEmail', email);
    await auth.requestCode(email, codeClient);
    res.json({ success: true, message: 'Login code sent to your email!' });
  });

  router.post('/verify-otp', limits.limit({ rule: 'verificationsPerIp', key: byIp }), async (req, res) => {
    const input = parseInput(verifyOtpCall.request, req.body);
    const answer = await auth.verifyCode(input, { ...client(req), signedInHere: devices.vouchesFor(req, input.email) });
    devices.remember(req, res, input.email);
    res.json(answer);
  });

  router.post('/refresh-token', limits.limit({ rule: 'refreshesPerIp', key: byIp }), async (req, res) => {
    // Anything that is not a live refresh token is a 401, the answer spec 1 §7's client turns
    // into 'Session Expired' (a malformed one too: it is no more a session than an unknown one).
    const parsed = refreshTokenCall.request.safeParse(req.body ?? {});
    if (!parsed.success) throw new NotAuthenticatedError(INVALID_REFRESH, 'INVALID_REFRESH_TOKEN');
    res.json(await auth.refresh(parsed.data.refreshToken, client(req)));
  });

  // Holding a refresh token is enough to end its session, so an expired access token
  // does not keep a person from logging out; without one, the bearer's sessions all end.
  router.post(
    '/logout',
    async (req, res, next) => {
      const { refreshToken } = parseInput(logoutCall.request, req.body ?? {});
      if (!refreshToken) return next();
      await auth.logout(undefined, refreshToken);
      res.json({ success: true });
    },
    signedIn,
    async (req, res) => {
      await auth.logout(currentUser(req).id);
      res.json({ success: true });
    },
  );

  return router;
}
