import { type RequestHandler, Router } from 'express';
import { getCreatorCall } from '@app/shared/api/creators';
import { parseInput } from '../http/validation';
import type { CreatorsService } from '../services/creators.service';

/** GET get-creator: a creator's public page by username (public; `viewer` is the optional sign-in). */
export function creatorRoutes(creators: CreatorsService, viewer: RequestHandler): Router {
  const router = Router();
  router.get('/get-creator', viewer, async (req, res) => {
    const q = parseInput(getCreatorCall.request, req.query);
    res.setHeader('Cache-Control', 'no-store');
    res.json(
      await creators.page({ username: q.username, limit: q.limit, ...(q.cursor ? { cursor: q.cursor } : {}), ...(req.user ? { viewerId: req.user.id } : {}) }),
    );
  });
  return router;
}
