import { type RequestHandler, Router } from 'express';
import { createApiKeyCall, getApiKeysCall, revokeApiKeyCall } from '@app/shared/api/api-keys';
import { currentUser } from '../http/authenticate';
import { parseInput } from '../http/validation';
import type { ApiKeysService } from '../services/api-keys.service';

/**
 * create-api-key, get-api-keys, revoke-api-key (issue 45 §1): a signed-in session only; an API
 * key never manages keys (`signedIn` takes none).
 */
export function apiKeyRoutes(apiKeys: ApiKeysService, signedIn: RequestHandler): Router {
  const router = Router();

  router.post(`/${createApiKeyCall.name}`, signedIn, async (req, res) => {
    res.json(await apiKeys.create(currentUser(req), parseInput(createApiKeyCall.request, req.body ?? {})));
  });

  router.get(`/${getApiKeysCall.name}`, signedIn, async (req, res) => {
    res.json(await apiKeys.list(currentUser(req)));
  });

  router.post(`/${revokeApiKeyCall.name}`, signedIn, async (req, res) => {
    const { id } = parseInput(revokeApiKeyCall.request, req.body ?? {});
    res.json(await apiKeys.revoke(currentUser(req), id));
  });

  return router;
}
