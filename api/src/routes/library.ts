import { type RequestHandler, Router } from 'express';
import { draftAspectRatioSchema, emailSchema, safeJsonObject, safeText, uuidSchema } from '@app/shared';
import { z } from 'zod';
import { currentUser } from '../http/authenticate';
import { parseInput } from '../http/validation';
import type { DraftsService } from '../services/drafts.service';
import type { MediaService } from '../services/media.service';
import type { ReferralsService } from '../services/referrals.service';

const draftFields = z.object({
  media_url: safeText().min(1).max(2048),
  prompt: safeText({ multiline: true }).max(4000).optional(),
  media_type: z.enum(['photo', 'video']).optional(),
  aspect_ratio: draftAspectRatioSchema.optional(),
  width: z.number().int().min(1).max(20_000).optional(),
  height: z.number().int().min(1).max(20_000).optional(),
  metadata: safeJsonObject().optional(),
});

const inviteRequest = z.object({
  referrerEmail: emailSchema,
  referrerName: safeText().max(80).optional(),
  friendEmail: z.string().trim().min(1, { error: 'Please enter an email address' }).pipe(emailSchema),
  referralCode: safeText().max(40).optional(),
});

/** Drafts, sharing one item, the invite programme and guest media claims. Signed in. */
export function libraryRoutes(drafts: DraftsService, media: MediaService, referrals: ReferralsService, requireUser: RequestHandler): Router {
  const router = Router();

  router.get('/getUserDrafts', requireUser, async (req, res) => {
    res.json(await drafts.list(currentUser(req)));
  });
  router.post('/user-drafts', requireUser, async (req, res) => {
    res.json(await drafts.create(currentUser(req), parseInput(draftFields, req.body)));
  });
  router.put('/user-drafts', requireUser, async (req, res) => {
    const { id, ...fields } = parseInput(draftFields.partial().extend({ id: uuidSchema('id') }), req.body);
    res.json(await drafts.update(currentUser(req), id, fields));
  });
  router.delete('/user-drafts', requireUser, async (req, res) => {
    const { id } = parseInput(z.object({ id: uuidSchema('id') }), req.body ?? {});
    res.json(await drafts.delete(currentUser(req), id));
  });

  router.post('/share-media', requireUser, async (req, res) => {
    const { mediaId, isPublic } = parseInput(z.object({ mediaId: uuidSchema('mediaId'), isPublic: z.boolean().default(true) }), req.body);
    res.json(await media.setPublic(currentUser(req), mediaId, isPublic));
  });

  router.post('/migrate-guest-media', requireUser, async (req, res) => {
    const { guestId } = parseInput(z.object({ guestId: z.string().regex(/^guest-[A-Za-z0-9_-]{8,80}$/) }), req.body);
    res.json(await media.claimGuestMedia(currentUser(req), guestId));
  });

  router.get('/get-referral-stats', requireUser, async (req, res) => {
    res.json(await referrals.stats(currentUser(req)));
  });
  router.post('/send-referral-invite', requireUser, async (req, res) => {
    res.json(await referrals.invite(currentUser(req), parseInput(inviteRequest, req.body), req.ip));
  });

  return router;
}
