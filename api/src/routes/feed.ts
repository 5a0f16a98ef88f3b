import { type RequestHandler, Router } from 'express';
import { getLikedMediaCall, getMediaItemCall, getPublicFeedCall, getTrendingCall } from '@app/shared/api/feed';
import { currentUser } from '../http/authenticate';
import { parseInput } from '../http/validation';
import type { FeedService } from '../services/feed.service';

/**
 * getPublicFeed (offset as the spec's clients page, or a cursor), getTrending and one item:
 * public; `viewer` (optional sign-in) lets an owner see the source photo of their own items.
 * get-liked-media, the signed-in person's liked collection, needs `signedIn`. get-media-item takes
 * `itemViewer`: `viewer` that also takes an API key with the 'read' scope
 * (`authenticate({ require: 'none', apiKey: 'read' })`), so a program reads its own private results.
 */
export function feedRoutes(feed: FeedService, viewer: RequestHandler, signedIn: RequestHandler, itemViewer: RequestHandler): Router {
  const router = Router();
  const noStore: RequestHandler = (_req, res, next) => {
    res.setHeader('Cache-Control', 'no-store');
    next();
  };

  router.get('/getPublicFeed', noStore, viewer, async (req, res) => {
    const q = parseInput(getPublicFeedCall.request, req.query);
    res.json(
      await feed.page({
        limit: q.limit,
        offset: q.offset,
        cursor: q.cursor,
        sort: q.sort,
        period: q.period,
        q: q.q,
        tag: q.tag,
        presetType: q.type?.replace(/-/g, '_'),
        creatorId: q.creator,
        viewerId: req.user?.id,
        feed: q.feed,
      }),
    );
  });

  router.get('/getTrending', noStore, viewer, async (req, res) => {
    const { limit } = parseInput(getTrendingCall.request, req.query);
    res.json(await feed.trending(limit, req.user?.id));
  });

  router.get('/get-media-item', noStore, itemViewer, async (req, res) => {
    const { id } = parseInput(getMediaItemCall.request, req.query);
    res.json(await feed.item(id, req.user?.id));
  });

  router.get('/get-liked-media', noStore, signedIn, async (req, res) => {
    const q = parseInput(getLikedMediaCall.request, req.query);
    res.json(await feed.liked(currentUser(req).id, { limit: q.limit, cursor: q.cursor }));
  });

  return router;
}
