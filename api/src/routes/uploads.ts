import os from 'node:os';
import { type ErrorRequestHandler, type RequestHandler, Router } from 'express';
import { signUploadRequest } from '@app/shared/api/generation';
import { DomainError, InvalidInputError, NotAuthenticatedError, TooLargeError } from '@app/shared/server/domain-errors';
import { INGEST_ERRORS } from '@app/shared/server/media/ingest';
import { currentUser } from '../http/authenticate';
import { domainStatus, setErrorHeaders } from '../http/errors';
import { MULTIPART_ERRORS, withMultipartForm } from '../http/multipart';
import { parseInput } from '../http/validation';
import { UPLOAD_FIELDS, type UploadFields, type UploadService } from '../services/upload.service';

/** Temp folders of uploads being received start with this (so they can be found and counted). */
export const UPLOAD_SPOOL_PREFIX = 'mirrorverse-upload-';

/** POST cloudinary-sign: a signature for one direct upload into one of the person's own folders. */
export function uploadSignRoutes(uploads: UploadService, signedIn: RequestHandler): Router {
  const router = Router();
  router.post('/cloudinary-sign', signedIn, (req, res) => {
    res.json(uploads.sign(currentUser(req), parseInput(signUploadRequest, req.body ?? {})));
  });
  return router;
}

const RESOURCE_TYPES = new Set(['auto', 'image', 'video']);
const UPLOAD_PATH = '/v1_1/:cloudName/:resourceType/upload';

export interface UploadRouteOptions {
  /** Where files are spooled while being received; the OS temp dir by default. */
  tmpDir?: string;
}

/**
 * POST /v1_1/<cloudName>/{auto,image,video}/upload: the media-cloud compatible direct upload
 * (multipart: file, timestamp, signature, api_key, folder, upload_preset, resource_type).
 * It speaks Cloudinary's dialect, errors included: `{ error: { message } }`, not the
 * `{ success: false, error }` of the other calls, because that is what its clients read.
 * When the signature fields come before the file, the signature is checked before a single
 * file byte is written; otherwise once the form has been read.
 */
export function uploadRoutes(uploads: UploadService, options: UploadRouteOptions = {}): Router {
  const router = Router();
  const tmpDir = options.tmpDir ?? os.tmpdir();

  router.post(UPLOAD_PATH, async (req, res, next) => {
    const { cloudName, resourceType } = req.params as { cloudName: string; resourceType: string };
    if (!RESOURCE_TYPES.has(resourceType)) return next();
    if (cloudName !== uploads.cloudName) throw new NotAuthenticatedError('Invalid cloud_name');
    const declaredLength = Number(req.headers['content-length']);
    if (Number.isFinite(declaredLength) && declaredLength > uploads.maxRequestBytes) throw new TooLargeError(MULTIPART_ERRORS.fileTooLarge);

    const form = {
      fields: UPLOAD_FIELDS,
      maxFieldChars: uploads.maxDataUrlChars,
      file: { name: 'file', tmpDir, prefix: UPLOAD_SPOOL_PREFIX, ...uploads.fileLimits, fromField: fileFromDataUrl },
      beforeFile: (fields: UploadFields) => uploads.refuseEarly(fields),
    };
    const expected = (fields: UploadFields) => (resourceType === 'auto' ? fields.resource_type : resourceType);
    const answer = await withMultipartForm(req, form, ({ fields, file }) => uploads.upload(fields, file, expected(fields)));
    res.json(answer);
  });

  router.use('/v1_1', cloudinaryErrors);
  return router;
}

const DATA_URL = /^data:([a-z0-9.+/-]*)(;[a-z0-9=.+-]+)*;base64,/i;

/** A `file` sent as a base64 data: URL is accepted (Cloudinary accepts it); a remote URL never: nothing is ever fetched. */
function fileFromDataUrl(value: string): Buffer {
  const match = DATA_URL.exec(value);
  if (!match) throw new InvalidInputError(value.length === 0 ? INGEST_ERRORS.empty : 'Remote files are not supported');
  return Buffer.from(value.slice(match[0].length), 'base64');
}

/**
 * Cloudinary's error shape. When the body was not read to its end (a file cut off at its
 * limit, a bad signature), the connection is closed after the answer rather than draining
 * the rest of the upload.
 */
const cloudinaryErrors: ErrorRequestHandler = (error: unknown, req, res, _next) => {
  const { status, message } = describe(error);
  if (status >= 500) req.log?.error({ err: error }, 'upload failed');
  if (res.headersSent) {
    res.end();
    return;
  }
  if (!req.complete) res.setHeader('Connection', 'close');
  setErrorHeaders(error, res);
  res.status(status).json({ error: { message } });
};

function describe(error: unknown): { status: number; message: string } {
  if (error instanceof DomainError && domainStatus(error) < 500) return { status: domainStatus(error), message: error.message };
  const status = (error as { status?: unknown } | null)?.status;
  if (typeof status === 'number' && status >= 400 && status < 500) return { status, message: (error as Error).message };
  return { status: 500, message: 'Server error. Please try again.' };
}
