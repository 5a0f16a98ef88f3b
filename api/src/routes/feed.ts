import { type RequestHandler, Router } from 'express';
import { FEED_PAGE_SIZE, TRENDING_DEFAULT_LIMIT, safeText, uuidSchema } from '@app/shared';
import { z } from 'zod';
import { parseInput } from '../http/validation';
import type { FeedService } from '../services/feed.service';

const feedQuery = z.object({
  limit: z.coerce.number().int().min(1).max(100).default(FEED_PAGE_SIZE),
  offset: z.coerce.number().int().min(0).max(100_000).default(0),
  cursor: safeText().max(200).optional(),
  type: safeText().max(40).optional(),
  creator: uuidSchema('creator').optional(),
  userId: safeText().max(100).optional(),
});

/**
 * getPublicFeed (offset as the spec's clients page, or a cursor) and getTrending. Public;
 * `viewer` (optional sign-in) lets an owner see the source photo of their own items.
 */
export function feedRoutes(feed: FeedService, viewer: RequestHandler = (_req, _res, next) => next()): Router {
  const router = Router();
  const noStore: RequestHandler = (_req, res, next) => {
    res.setHeader('Cache-Control', 'no-store');
    next();
  };

  router.get('/getPublicFeed', noStore, viewer, async (req, res) => {
    const q = parseInput(feedQuery, req.query);
    res.json(
      await feed.page({
        limit: q.limit,
        offset: q.offset,
        ...(q.cursor ? { cursor: q.cursor } : {}),
        ...(q.type ? { presetType: q.type.replace(/-/g, '_') } : {}),
        ...(q.creator ? { creatorId: q.creator } : {}),
        ...(req.user ? { viewerId: req.user.id } : {}),
      }),
    );
  });

  router.get('/getTrending', noStore, viewer, async (req, res) => {
    const { limit } = parseInput(z.object({ limit: z.coerce.number().int().min(1).max(100).default(TRENDING_DEFAULT_LIMIT) }), req.query);
    res.json(await feed.trending(limit, req.user?.id));
  });

  return router;
}
