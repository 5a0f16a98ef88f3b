import { type RequestHandler, Router } from 'express';
import { changeEmailCall, requestEmailChangeOtpCall, updateProfileCall, updateUserSettingsCall } from '@app/shared/api/account';
import { currentUser } from '../http/authenticate';
import { NotAllowedError } from '@app/shared/server/domain-errors';
import { type RateLimits, byIp } from '../http/rate-limits';
import { parseInput } from '../http/validation';
import type { AccountService } from '../services/account.service';

/**
 * The signed-in person's own account. Every route here needs a valid access token; `reader`
 * (`authenticate({ require: 'user', apiKey: 'read' })`) also takes an API key with the 'read'
 * scope, for getQuota only (the balance a program checks before it generates).
 */
export function accountRoutes(accounts: AccountService, limits: RateLimits, signedIn: RequestHandler, reader: RequestHandler): Router {
  const router = Router();

  router.get('/get-user-profile', signedIn, async (req, res) => {
    res.json(await accounts.profile(currentUser(req)));
  });

  router.post('/update-profile', signedIn, async (req, res) => {
    res.json(await accounts.updateProfile(currentUser(req), parseInput(updateProfileCall.request, req.body ?? {})));
  });

  router.get('/user-settings', signedIn, (req, res) => {
    res.json(accounts.settings(currentUser(req)));
  });

  router.post('/user-settings', signedIn, async (req, res) => {
    res.json(await accounts.updateSettings(currentUser(req), parseInput(updateUserSettingsCall.request, req.body ?? {})));
  });

  router.post('/upload-agreement', signedIn, async (req, res) => {
    res.json(await accounts.acceptUploadAgreement(currentUser(req)));
  });

  router.get('/check-quota', signedIn, (req, res) => {
    res.json(accounts.quota(currentUser(req)));
  });

  router.get('/getQuota', reader, (req, res) => {
    res.json(accounts.balance(currentUser(req)));
  });

  router.post('/request-email-change-otp', signedIn, limits.limitCodeRequests('newEmail'), async (req, res) => {
    const { newEmail } = parseInput(requestEmailChangeOtpCall.request, req.body);
    await accounts.requestEmailChange(currentUser(req), newEmail);
    res.json({ success: true, message: 'Verification code sent to your new email address!' });
  });

  router.post('/change-email', signedIn, limits.limit({ rule: 'verificationsPerIp', key: byIp }), async (req, res) => {
    const { newEmail, otp } = parseInput(changeEmailCall.request, req.body);
    res.json(await accounts.changeEmail(currentUser(req), newEmail, otp));
  });

  router.post('/delete-account', signedIn, async (req, res) => {
    const user = currentUser(req);
    // The spec's client also names the account in a header: when present it must match.
    const named = req.headers['x-user-email'];
    if (typeof named === 'string' && named.trim().toLowerCase() !== user.email) {
      throw new NotAllowedError("You don't have permission for this action.", 'FORBIDDEN');
    }
    await accounts.deleteAccount(user);
    res.json({ success: true });
  });

  return router;
}
