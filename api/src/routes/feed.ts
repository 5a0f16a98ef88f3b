import { type RequestHandler, Router } from 'express';
import { FEED_PAGE_SIZE, TRENDING_DEFAULT_LIMIT } from '@app/shared';
import { z } from 'zod';
import { parseInput } from '../http/validation';
import type { FeedService } from '../services/feed.service';

const feedQuery = z.object({
  limit: z.coerce.number().int().min(1).max(100).default(FEED_PAGE_SIZE),
  offset: z.coerce.number().int().min(0).max(100_000).default(0),
  cursor: z.string().max(200).optional(),
  type: z.string().max(40).optional(),
  creator: z.uuid().optional(),
  userId: z.string().max(100).optional(),
});

/** getPublicFeed (offset as the spec's clients page, or a cursor) and getTrending. Public. */
export function feedRoutes(feed: FeedService): Router {
  const router = Router();
  const noStore: RequestHandler = (_req, res, next) => {
    res.setHeader('Cache-Control', 'no-store');
    next();
  };

  router.get('/getPublicFeed', noStore, async (req, res) => {
    const q = parseInput(feedQuery, req.query);
    res.json(
      await feed.page({
        limit: q.limit,
        offset: q.offset,
        ...(q.cursor ? { cursor: q.cursor } : {}),
        ...(q.type ? { presetType: q.type.replace(/-/g, '_') } : {}),
        ...(q.creator ? { creatorId: q.creator } : {}),
      }),
    );
  });

  router.get('/getTrending', noStore, async (req, res) => {
    const { limit } = parseInput(z.object({ limit: z.coerce.number().int().min(1).max(100).default(TRENDING_DEFAULT_LIMIT) }), req.query);
    res.json(await feed.trending(limit));
  });

  return router;
}
