import { type RequestHandler, Router } from 'express';
import {
  addToCollectionCall,
  createCollectionCall,
  deleteCollectionCall,
  getCollectionCall,
  getCollectionsCall,
  removeFromCollectionCall,
  updateCollectionCall,
} from '@app/shared/api/collections';
import { currentUser } from '../http/authenticate';
import { parseInput } from '../http/validation';
import type { CollectionsService } from '../services/collections.service';

/**
 * Collections (issue 46). The changes need a signed-in owner (`signedIn`); the reads take the
 * optional sign-in (`viewer`): get-collection shows a public collection to anyone, and
 * get-collections lists the bearer's own, or with `userId` anyone's public ones.
 */
export function collectionRoutes(collections: CollectionsService, viewer: RequestHandler, signedIn: RequestHandler): Router {
  const router = Router();
  const noStore: RequestHandler = (_req, res, next) => {
    res.setHeader('Cache-Control', 'no-store');
    next();
  };

  router.post(`/${createCollectionCall.name}`, signedIn, async (req, res) => {
    res.json(await collections.create(currentUser(req).id, parseInput(createCollectionCall.request, req.body ?? {})));
  });

  router.post(`/${updateCollectionCall.name}`, signedIn, async (req, res) => {
    res.json(await collections.update(currentUser(req).id, parseInput(updateCollectionCall.request, req.body ?? {})));
  });

  router.post(`/${deleteCollectionCall.name}`, signedIn, async (req, res) => {
    const { collectionId } = parseInput(deleteCollectionCall.request, req.body ?? {});
    res.json(await collections.delete(currentUser(req).id, collectionId));
  });

  router.post(`/${addToCollectionCall.name}`, signedIn, async (req, res) => {
    const { collectionId, mediaId } = parseInput(addToCollectionCall.request, req.body ?? {});
    res.json(await collections.add(currentUser(req).id, collectionId, mediaId));
  });

  router.post(`/${removeFromCollectionCall.name}`, signedIn, async (req, res) => {
    const { collectionId, mediaId } = parseInput(removeFromCollectionCall.request, req.body ?? {});
    res.json(await collections.remove(currentUser(req).id, collectionId, mediaId));
  });

  router.get(`/${getCollectionsCall.name}`, noStore, viewer, async (req, res) => {
    const q = parseInput(getCollectionsCall.request, req.query);
    res.json(await collections.list({ ownerId: q.userId, viewerId: req.user?.id ?? null, mediaId: q.mediaId }));
  });

  router.get(`/${getCollectionCall.name}`, noStore, viewer, async (req, res) => {
    const q = parseInput(getCollectionCall.request, req.query);
    res.json(await collections.page(q.id, { viewerId: req.user?.id ?? null, limit: q.limit, cursor: q.cursor }));
  });

  return router;
}
