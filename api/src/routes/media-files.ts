import { Router } from 'express';
import type { Storage } from '@app/shared/server/storage';
import { pipeline } from 'node:stream/promises';
import { NotFoundError } from '@app/shared/server/domain-errors';

const IMMUTABLE = 'public, max-age=31536000, immutable';

/** Serves stored objects under /media/<key> when storage is the local disk. */
export function mediaFileRoutes(storage: Pick<Storage, 'get'>): Router {
  const router = Router();
  router.get('/media/{*key}', async (req, res) => {
    const parts = (req.params as { key?: string[] }).key ?? [];
    const key = parts.join('/');
    let object;
    try {
      object = await storage.get(key);
    } catch {
      throw new NotFoundError('No such media');
    }
    if (!object) throw new NotFoundError('No such media');
    res.setHeader('Content-Type', object.contentType);
    res.setHeader('Content-Length', String(object.contentLength));
    // Keys are never reused for other content, so browsers may keep them for a year.
    res.setHeader('Cache-Control', IMMUTABLE);
    res.setHeader('X-Content-Type-Options', 'nosniff');
    // Media are public by URL; pages on another origin (a CDN, 127.0.0.1 vs localhost) may fetch them for zips.
    res.setHeader('Access-Control-Allow-Origin', '*');
    // ...and embed them (<img>, <video>): helmet's same-origin default would block that.
    res.setHeader('Cross-Origin-Resource-Policy', 'cross-origin');
    try {
      await pipeline(object.body, res);
    } catch (error) {
      // The browser stopped reading (a navigation, a lazy image scrolled away): the request line
      // says "request aborted"; nothing failed here. A storage read that fails is still an error.
      if ((error as NodeJS.ErrnoException).code === 'ERR_STREAM_PREMATURE_CLOSE') return;
      throw error;
    }
  });
  return router;
}
