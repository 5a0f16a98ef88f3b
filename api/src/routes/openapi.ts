import { createHash } from 'node:crypto';
import { Router } from 'express';
import { OPENAPI_DOCUMENT_NAME, buildOpenApiDocument } from '@app/shared/api/openapi';
import apiPackage from '../../package.json' with { type: 'json' };

/** The document's title; its version is the api package's. */
export const OPENAPI_TITLE = 'Mirrorverse API';

/**
 * GET openapi.json (issue 45 §3): the contract as an OpenAPI 3.1 document, made from the shared
 * call schemas. It changes only with the code, so it is built on the first ask and kept; caches
 * keep it an hour and then ask again with its ETag (a 304 when it is the same).
 */
export function openApiRoutes(info: { title: string; version: string } = { title: OPENAPI_TITLE, version: apiPackage.version }): Router {
  const router = Router();
  let served: { body: string; etag: string } | undefined;
  router.get(`/${OPENAPI_DOCUMENT_NAME}`, (_req, res) => {
    if (!served) {
      const body = JSON.stringify(buildOpenApiDocument(info));
      served = { body, etag: `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"` };
    }
    res.setHeader('Cache-Control', 'public, max-age=3600');
    // Express answers 304 itself when If-None-Match names this ETag.
    res.setHeader('ETag', served.etag);
    res.type('application/json').send(served.body);
  });
  return router;
}
