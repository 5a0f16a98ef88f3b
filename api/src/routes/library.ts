import { type RequestHandler, Router } from 'express';
import { createDraftCall, deleteDraftCall, updateDraftCall } from '@app/shared/api/drafts';
import { migrateGuestMediaCall, shareMediaCall } from '@app/shared/api/media';
import { sendReferralInviteCall } from '@app/shared/api/referrals';
import { currentUser } from '../http/authenticate';
import { parseInput } from '../http/validation';
import type { DraftsService } from '../services/drafts.service';
import type { MediaService } from '../services/media.service';
import type { ReferralsService } from '../services/referrals.service';

/** Drafts, sharing one item, the invite programme and guest media claims. Signed in. */
export function libraryRoutes(drafts: DraftsService, media: MediaService, referrals: ReferralsService, signedIn: RequestHandler): Router {
  const router = Router();

  router.get('/getUserDrafts', signedIn, async (req, res) => {
    res.json(await drafts.list(currentUser(req)));
  });
  router.post('/user-drafts', signedIn, async (req, res) => {
    res.json(await drafts.create(currentUser(req), parseInput(createDraftCall.request, req.body)));
  });
  router.put('/user-drafts', signedIn, async (req, res) => {
    const { id, ...fields } = parseInput(updateDraftCall.request, req.body);
    res.json(await drafts.update(currentUser(req), id, fields));
  });
  router.delete('/user-drafts', signedIn, async (req, res) => {
    const { id } = parseInput(deleteDraftCall.request, req.body ?? {});
    res.json(await drafts.delete(currentUser(req), id));
  });

  router.post('/share-media', signedIn, async (req, res) => {
    const { mediaId, isPublic } = parseInput(shareMediaCall.request, req.body);
    res.json(await media.setPublic(currentUser(req), mediaId, isPublic));
  });

  router.post('/migrate-guest-media', signedIn, async (req, res) => {
    const { guestId } = parseInput(migrateGuestMediaCall.request, req.body);
    res.json(await media.claimGuestMedia(currentUser(req), guestId));
  });

  router.get('/get-referral-stats', signedIn, async (req, res) => {
    res.json(await referrals.stats(currentUser(req)));
  });
  router.post('/send-referral-invite', signedIn, async (req, res) => {
    res.json(await referrals.invite(currentUser(req), parseInput(sendReferralInviteCall.request, req.body), req.ip));
  });

  return router;
}
