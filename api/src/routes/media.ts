import { type RequestHandler, Router } from 'express';
import { deleteMediaCall, getUserMediaCall, toggleLikeCall } from '@app/shared/api/media';
import { currentUser } from '../http/authenticate';
import { parseInput } from '../http/validation';
import type { LikesService } from '../services/likes.service';
import type { MediaService } from '../services/media.service';

/**
 * getUserMedia, delete-media (one, several or all), toggleLike, getUserLikes. Signed in; `reader`
 * (`authenticate({ require: 'user', apiKey: 'read' })`) also takes an API key with the 'read'
 * scope, for getUserMedia only.
 */
export function mediaRoutes(media: MediaService, likes: LikesService, signedIn: RequestHandler, reader: RequestHandler): Router {
  const router = Router();

  router.get('/getUserMedia', reader, async (req, res) => {
    const q = parseInput(getUserMediaCall.request, req.query);
    res.json(await media.library(currentUser(req), { ...(q.userId ? { userId: q.userId } : {}), limit: q.limit, offset: q.offset, all: q.all, order: q.order }));
  });

  router.delete('/delete-media', signedIn, async (req, res) => {
    const body = parseInput(deleteMediaCall.request, req.body ?? {});
    const user = currentUser(req);
    if (body.mediaId !== undefined) {
      await media.deleteOne(user, body.mediaId);
      res.json({ success: true, deleted: 1 });
      return;
    }
    res.json(await media.deleteMany(user, body.mediaIds ?? 'all'));
  });

  router.post('/toggleLike', signedIn, async (req, res) => {
    const { mediaId } = parseInput(toggleLikeCall.request, req.body ?? {});
    res.json(await likes.toggle(currentUser(req), mediaId));
  });

  router.get('/getUserLikes', signedIn, async (req, res) => {
    res.json(await likes.likesOf(currentUser(req)));
  });

  return router;
}
