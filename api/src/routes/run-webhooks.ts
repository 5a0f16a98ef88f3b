import { type RequestHandler, Router } from 'express';
import { getWebhookDeliveriesCall, getWebhookSecretCall, rotateWebhookSecretCall } from '@app/shared/api/run-webhooks';
import { currentUser } from '../http/authenticate';
import { parseInput } from '../http/validation';
import type { RunWebhooksService } from '../services/run-webhooks.service';

/** The runs' webhooks (issue 45 §2): the signing secret and the deliveries. A session only, never an API key. */
export function runWebhookRoutes(webhooks: RunWebhooksService, signedIn: RequestHandler): Router {
  const router = Router();

  router.get(`/${getWebhookSecretCall.name}`, signedIn, async (req, res) => {
    res.setHeader('Cache-Control', 'no-store');
    res.json(await webhooks.secret(currentUser(req)));
  });

  router.post(`/${rotateWebhookSecretCall.name}`, signedIn, async (req, res) => {
    res.setHeader('Cache-Control', 'no-store');
    res.json(await webhooks.rotateSecret(currentUser(req)));
  });

  router.get(`/${getWebhookDeliveriesCall.name}`, signedIn, async (req, res) => {
    res.json(await webhooks.deliveries(currentUser(req), parseInput(getWebhookDeliveriesCall.request, req.query)));
  });

  return router;
}
