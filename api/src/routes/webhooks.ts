import express, { Router } from 'express';
import type { ProviderWebhooks } from '../services/provider-webhooks.service';

/**
 * POST /webhooks/<provider>: the raw body is kept (signatures are over its exact bytes), so
 * this router is mounted before the JSON parser.
 */
export function webhookRoutes(webhooks: ProviderWebhooks): Router {
  const router = Router();
  router.post('/webhooks/:provider', express.raw({ type: () => true, limit: '2mb' }), async (req, res) => {
    const raw = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
    const answer = await webhooks.receive(String(req.params.provider), raw, req.headers);
    res.status(answer.status).json(answer.body);
  });
  return router;
}
