import { type RequestHandler, Router } from 'express';
import { followCreatorCall, getFollowersCall, getFollowingCall, unfollowCreatorCall } from '@app/shared/api/follows';
import { currentUser } from '../http/authenticate';
import { parseInput } from '../http/validation';
import type { FollowsService } from '../services/follows.service';

/** follow-creator, unfollow-creator and get-following need `signedIn`; get-followers is public. */
export function followRoutes(follows: FollowsService, signedIn: RequestHandler): Router {
  const router = Router();
  const noStore: RequestHandler = (_req, res, next) => {
    res.setHeader('Cache-Control', 'no-store');
    next();
  };

  router.post('/follow-creator', signedIn, async (req, res) => {
    const { userId } = parseInput(followCreatorCall.request, req.body ?? {});
    res.json(await follows.follow(currentUser(req).id, userId));
  });

  router.post('/unfollow-creator', signedIn, async (req, res) => {
    const { userId } = parseInput(unfollowCreatorCall.request, req.body ?? {});
    res.json(await follows.unfollow(currentUser(req).id, userId));
  });

  router.get('/get-following', noStore, signedIn, async (req, res) => {
    const q = parseInput(getFollowingCall.request, req.query);
    res.json(await follows.following(currentUser(req).id, { limit: q.limit, cursor: q.cursor }));
  });

  router.get('/get-followers', noStore, async (req, res) => {
    const q = parseInput(getFollowersCall.request, req.query);
    res.json(await follows.followers(q.userId, { limit: q.limit, cursor: q.cursor }));
  });

  return router;
}
