import { Router } from 'express';
import type { Request, Response } from 'express';
import { type MediaSigner, type Storage, assertValidKey } from '@app/shared/server/storage';
import { pipeline } from 'node:stream/promises';
import { NotFoundError } from '@app/shared/server/domain-errors';
import type { MediaFileAccess } from '../services/media-file-access';

const IMMUTABLE = 'public, max-age=31536000, immutable';
/** An owner reading their own file with their session: their browser may keep it, nothing shared may. */
const OWNER_ONLY = 'private, max-age=3600';
const NO_SUCH_MEDIA = 'No such media';

export interface MediaFileGuards {
  access: Pick<MediaFileAccess, 'of'>;
  signer: Pick<MediaSigner, 'remainingSeconds'>;
  /** The person the request's session names, if any (asked only for a file that is not public). */
  viewer: (req: Request) => Promise<{ id: string } | undefined>;
}

/**
 * Serves stored objects under /media/<key> (issue 42, "private means private"). A publicly listed
 * item's files, and files outside people's folders, answer everyone and may be cached a year (keys
 * never change content). Anything else answers only a valid unexpired signature (S3: a redirect to
 * a presigned GET) or its owner's session, `Cache-Control: private`; everyone else gets the same
 * 404 as for a file that does not exist.
 */
export function mediaFileRoutes(storage: Pick<Storage, 'get' | 'presignedGetUrl'>, guards: MediaFileGuards): Router {
  const router = Router();
  router.get('/media/{*key}', async (req, res) => {
    const parts = (req.params as { key?: string[] }).key ?? [];
    const key = parts.join('/');
    try {
      assertValidKey(key);
    } catch {
      throw new NotFoundError(NO_SUCH_MEDIA);
    }
    const access = await guards.access.of(key);
    if (access.public) return send(storage, key, res, IMMUTABLE);
    res.vary('Authorization');
    const left = guards.signer.remainingSeconds(key, req.query.exp, req.query.sig);
    if (left !== null) {
      const cacheControl = `private, max-age=${left}`;
      if (storage.presignedGetUrl) {
        // The bytes come straight from the bucket, by a presigned GET that ends with the signature.
        res.setHeader('Cache-Control', cacheControl);
        res.setHeader('Access-Control-Allow-Origin', '*');
        res.setHeader('Cross-Origin-Resource-Policy', 'cross-origin');
        return res.redirect(302, await storage.presignedGetUrl(key, left));
      }
      return send(storage, key, res, cacheControl);
    }
    const viewer = access.ownerId !== null ? await guards.viewer(req) : undefined;
    if (viewer && viewer.id === access.ownerId) return send(storage, key, res, OWNER_ONLY);
    throw new NotFoundError(NO_SUCH_MEDIA);
  });
  return router;
}

async function send(storage: Pick<Storage, 'get'>, key: string, res: Response, cacheControl: string): Promise<void> {
  let object;
  try {
    object = await storage.get(key);
  } catch {
    throw new NotFoundError(NO_SUCH_MEDIA);
  }
  if (!object) throw new NotFoundError(NO_SUCH_MEDIA);
  res.setHeader('Content-Type', object.contentType);
  res.setHeader('Content-Length', String(object.contentLength));
  res.setHeader('Cache-Control', cacheControl);
  res.setHeader('X-Content-Type-Options', 'nosniff');
  // Pages on another origin (a CDN, 127.0.0.1 vs localhost) may fetch them for zips.
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
}
