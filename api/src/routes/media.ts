import { type RequestHandler, Router } from 'express';
import { MEDIA_PAGE_SIZE, safeText, uuidSchema } from '@app/shared';
import { z } from 'zod';
import { currentUser } from '../http/authenticate';
import { parseInput } from '../http/validation';
import type { LikesService } from '../services/likes.service';
import type { MediaService } from '../services/media.service';

const libraryQuery = z.object({
  userId: safeText().max(100).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(MEDIA_PAGE_SIZE),
  offset: z.coerce.number().int().min(0).default(0),
  all: z.enum(['true', 'false']).optional().transform((v) => v === 'true'),
  sort: z.literal('created_at').optional(),
  order: z.enum(['asc', 'desc']).default('desc'),
});

/** One item (mediaId), several (mediaIds) or every item (all: true); the first named wins. */
const deleteBody = z
  .object({
    mediaId: uuidSchema('mediaId').optional(),
    mediaIds: z.array(uuidSchema('mediaIds')).min(1).max(500).optional(),
    all: z.literal(true).optional(),
    userId: safeText().max(100).optional(),
  })
  .refine((body) => body.mediaId !== undefined || body.mediaIds !== undefined || body.all === true, {
    error: 'Name the media to delete: mediaId, mediaIds or all',
  });

const toggleLikeBody = z.object({ mediaId: uuidSchema('mediaId'), mediaType: safeText().max(40).optional() });

/** getUserMedia, delete-media (one, several or all), toggleLike, getUserLikes. Signed in. */
export function mediaRoutes(media: MediaService, likes: LikesService, requireUser: RequestHandler): Router {
  const router = Router();

  router.get('/getUserMedia', requireUser, async (req, res) => {
    const q = parseInput(libraryQuery, req.query);
    res.json(await media.library(currentUser(req), { ...(q.userId ? { userId: q.userId } : {}), limit: q.limit, offset: q.offset, all: q.all, order: q.order }));
  });

  router.delete('/delete-media', requireUser, async (req, res) => {
    const body = parseInput(deleteBody, req.body ?? {});
    const user = currentUser(req);
    if (body.mediaId !== undefined) {
      await media.deleteOne(user, body.mediaId);
      res.json({ success: true, deleted: 1 });
      return;
    }
    res.json(await media.deleteMany(user, body.mediaIds ?? 'all'));
  });

  router.post('/toggleLike', requireUser, async (req, res) => {
    const { mediaId } = parseInput(toggleLikeBody, req.body ?? {});
    res.json(await likes.toggle(currentUser(req), mediaId));
  });

  router.get('/getUserLikes', requireUser, async (req, res) => {
    res.json(await likes.likesOf(currentUser(req)));
  });

  return router;
}
