import { Readable } from 'node:stream';
import busboy from 'busboy';
import { type ErrorRequestHandler, type Request, type RequestHandler, Router } from 'express';
import { z } from 'zod';
import { currentUser } from '../http/authenticate';
import { HttpError, setErrorHeaders } from '../http/errors';
import type { RateLimits } from '../http/rate-limits';
import { parseInput } from '../http/validation';
import { type SpooledFile, UPLOAD_ERRORS, type UploadFields, type UploadService } from '../services/upload.service';

const signRequest = z.object({
  folder: z.string({ error: 'Folder is required' }).trim().min(1, 'Folder is required').max(200),
  resource_type: z.enum(['image', 'video', 'auto']).optional(),
});

/** POST cloudinary-sign: a signature for one direct upload into one of the person's own folders. */
export function uploadSignRoutes(uploads: UploadService, requireUser: RequestHandler): Router {
  const router = Router();
  router.post('/cloudinary-sign', requireUser, (req, res) => {
    res.json(uploads.sign(currentUser(req), parseInput(signRequest, req.body ?? {})));
  });
  return router;
}

const RESOURCE_TYPES = new Set(['auto', 'image', 'video']);
const UPLOAD_PATH = '/v1_1/:cloudName/:resourceType/upload';

/**
 * POST /v1_1/<cloudName>/{auto,image,video}/upload: the media-cloud compatible direct upload
 * (multipart: file, timestamp, signature, api_key, folder, upload_preset, resource_type).
 * It speaks Cloudinary's dialect, errors included: `{ error: { message } }`, not the
 * `{ success: false, error }` of the other calls, because that is what its clients read.
 */
export function uploadRoutes(uploads: UploadService, limits: RateLimits): Router {
  const router = Router();

  router.post(UPLOAD_PATH, async (req, res, next) => {
    const { cloudName, resourceType } = req.params as { cloudName: string; resourceType: string };
    if (!RESOURCE_TYPES.has(resourceType)) return next();
    if (cloudName !== uploads.cloudName) throw new HttpError(401, UPLOAD_ERRORS.invalidCloudName);
    const declaredLength = Number(req.headers['content-length']);
    if (Number.isFinite(declaredLength) && declaredLength > uploads.maxRequestBytes) {
      throw new HttpError(413, UPLOAD_ERRORS.fileTooLarge);
    }

    const form = await readUploadForm(req, uploads);
    let result;
    try {
      if (!form.file) throw new HttpError(400, UPLOAD_ERRORS.missingFile);
      const auth = await uploads.authorize(form.fields);
      await limits.consume('uploadsPerUser', auth.user.id);
      const expected = resourceType === 'auto' ? form.fields.resource_type : resourceType;
      result = await uploads.store(auth, form.file, expected);
    } finally {
      // Before answering, so no temp file outlives its request.
      if (form.file) await uploads.discard(form.file);
    }
    res.json(result);
  });

  router.use('/v1_1', cloudinaryErrors);
  return router;
}

interface UploadForm {
  fields: UploadFields;
  file: SpooledFile | null;
}

const FORM_FIELDS = ['api_key', 'timestamp', 'signature', 'folder', 'upload_preset', 'resource_type'] as const;
type FieldName = (typeof FORM_FIELDS)[number];
const isKnownField = (name: string): name is FieldName => (FORM_FIELDS as readonly string[]).includes(name);
const DATA_URL = /^data:([a-z0-9.+/-]*)(;[a-z0-9=.+-]+)*;base64,/i;

/**
 * Streams the multipart body: ordinary fields are collected, the `file` part goes straight to
 * the service's spool (sniffed and size-capped as it arrives). When the signature fields come
 * before the file, the signature is checked before a single file byte is written; otherwise
 * it is checked once the form has been read (the file being held to its byte limit meanwhile).
 * A `file` sent as a base64 data: URL string is accepted too (Cloudinary accepts it);
 * any other string (a remote URL) is refused: nothing is ever fetched.
 */
function readUploadForm(req: Request, uploads: UploadService): Promise<UploadForm> {
  return new Promise<UploadForm>((resolve, reject) => {
    let parser: busboy.Busboy;
    try {
      parser = busboy({
        headers: req.headers,
        limits: { files: 1, fields: 20, parts: 24, fieldNameSize: 100, fieldSize: uploads.maxDataUrlChars },
      });
    } catch {
      reject(new HttpError(400, UPLOAD_ERRORS.notMultipart));
      return;
    }

    const fields: UploadFields = {};
    let spooling: Promise<SpooledFile> | null = null;
    let fileStream: Readable | null = null;
    let settled = false;

    const fail = (error: unknown) => {
      if (settled) return;
      settled = true;
      req.unpipe(parser);
      // Stops a spool still waiting for bytes (its temp file is then removed by the spool).
      fileStream?.destroy();
      // A spool that finished anyway is removed; one that failed has cleaned up after itself.
      // The answer waits for that, so no temp file outlives its request.
      if (!spooling) return reject(error);
      spooling.then((file) => uploads.discard(file), () => {}).finally(() => reject(error));
    };

    const startSpool = (stream: Readable) => {
      // Checkable early only when every signed field came first. (upload_preset is never
      // signed by cloudinary-sign, so a form carrying one fails either way.)
      if (fields.signature && fields.api_key && fields.timestamp && fields.folder !== undefined) {
        try {
          uploads.checkSignature(fields);
        } catch (error) {
          stream.resume();
          fail(error);
          return;
        }
      }
      fileStream = stream;
      spooling = uploads.spool(stream);
      spooling.catch(fail);
    };

    parser.on('field', (name, value, info) => {
      if (settled) return;
      if (name === 'file') {
        if (info.valueTruncated) return fail(new HttpError(413, UPLOAD_ERRORS.fileTooLarge));
        if (spooling) return;
        const match = DATA_URL.exec(value);
        if (!match) return fail(new HttpError(400, value.length === 0 ? UPLOAD_ERRORS.empty : UPLOAD_ERRORS.remoteFile));
        startSpool(Readable.from([Buffer.from(value.slice(match[0].length), 'base64')]));
        return;
      }
      if (!isKnownField(name)) return; // Unsigned extras are ignored, never acted upon.
      if (info.valueTruncated) return fail(new HttpError(400, `Invalid parameter - ${name}`));
      fields[name] = value;
    });

    parser.on('file', (name, stream) => {
      if (settled || name !== 'file' || spooling) {
        stream.resume();
        return;
      }
      startSpool(stream);
    });

    parser.on('partsLimit', () => fail(new HttpError(400, UPLOAD_ERRORS.tooManyParts)));
    parser.on('filesLimit', () => fail(new HttpError(400, UPLOAD_ERRORS.tooManyParts)));
    parser.on('fieldsLimit', () => fail(new HttpError(400, UPLOAD_ERRORS.tooManyParts)));
    parser.on('error', () => fail(new HttpError(400, UPLOAD_ERRORS.malformed)));
    req.on('error', fail);
    // A client that goes away mid-upload must not leave a spool waiting forever.
    req.on('close', () => {
      if (!req.complete) fail(new HttpError(400, UPLOAD_ERRORS.aborted));
    });

    parser.on('close', () => {
      if (settled) return;
      if (!spooling) {
        settled = true;
        resolve({ fields, file: null });
        return;
      }
      spooling.then(
        (file) => {
          if (settled) {
            void uploads.discard(file);
            return;
          }
          settled = true;
          resolve({ fields, file });
        },
        fail,
      );
    });

    req.pipe(parser);
  });
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
  if (error instanceof HttpError) return { status: error.status, message: error.message };
  const status = (error as { status?: unknown } | null)?.status;
  if (typeof status === 'number' && status >= 400 && status < 500) return { status, message: (error as Error).message };
  return { status: 500, message: 'Server error. Please try again.' };
}
