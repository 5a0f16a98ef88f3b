import fs from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import busboy from 'busboy';
import type { Request } from 'express';
import { DomainError, InvalidInputError, TooLargeError } from '@app/shared/server/domain-errors';

export const MULTIPART_ERRORS = {
  notMultipart: 'Expected a multipart/form-data body',
  tooManyParts: 'Too many parts in the upload',
  malformed: 'Malformed multipart body',
  aborted: 'Upload aborted',
  fileTooLarge: 'File too large',
} as const;

/** A file part written to a temp file; `head` holds its first bytes (up to `headBytes`). */
export interface SpooledFile {
  path: string;
  bytes: number;
  head: Buffer;
}

export interface MultipartForm<Name extends string> {
  fields: Partial<Record<Name, string>>;
  file: SpooledFile | null;
}

export interface MultipartOptions<Name extends string> {
  /** The fields kept; any other is ignored, never acted upon. */
  fields: readonly Name[];
  maxFieldChars: number;
  file: {
    /** The one file part read; any other is drained unread. */
    name: string;
    tmpDir: string;
    /** Temp folders start with this (so they can be found and counted). */
    prefix: string;
    /** The first bytes kept in `head`; the limit is `maxBytes` until they are in. */
    headBytes: number;
    maxBytes: number;
    /** The limit of a file starting with `head` (all of it when shorter); throws to refuse the file. */
    limitFor(head: Buffer): number;
    /** The bytes of a file sent as a string field (e.g. a data: URL); throws to refuse it. Without it such a field is ignored. */
    fromField?(value: string): Buffer;
  };
  /**
   * Called when the file part starts, with the fields that came before it: throwing refuses
   * the request before a single file byte is written.
   */
  beforeFile?(fields: Partial<Record<Name, string>>): void;
}

/**
 * Reads a multipart body, hands the form to `use`, and removes the temp file before returning
 * or throwing, so no temp file outlives its request (success, refusal or a client gone away).
 */
export async function withMultipartForm<Name extends string, T>(
  req: Request,
  options: MultipartOptions<Name>,
  use: (form: MultipartForm<Name>) => Promise<T>,
): Promise<T> {
  const form = await readMultipartForm(req, options);
  try {
    return await use(form);
  } finally {
    if (form.file) await discard(form.file);
  }
}

/**
 * Streams the body: fields are collected, the file part goes straight to a temp file, its byte
 * limit cutting it off as soon as it is passed (a huge file is never read to its end).
 */
export function readMultipartForm<Name extends string>(req: Request, options: MultipartOptions<Name>): Promise<MultipartForm<Name>> {
  return new Promise<MultipartForm<Name>>((resolve, reject) => {
    let parser: busboy.Busboy;
    try {
      parser = busboy({
        headers: req.headers,
        limits: { files: 1, fields: 20, parts: 24, fieldNameSize: 100, fieldSize: options.maxFieldChars },
      });
    } catch {
      reject(new InvalidInputError(MULTIPART_ERRORS.notMultipart));
      return;
    }

    const fields: Partial<Record<Name, string>> = {};
    const isKnownField = (name: string): name is Name => (options.fields as readonly string[]).includes(name);
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
      spooling.then(discard, () => {}).finally(() => reject(error));
    };

    const startSpool = (stream: Readable) => {
      try {
        options.beforeFile?.(fields);
      } catch (error) {
        stream.resume();
        fail(error);
        return;
      }
      fileStream = stream;
      spooling = spool(stream, options.file);
      spooling.catch(fail);
    };

    parser.on('field', (name, value, info) => {
      if (settled) return;
      if (name === options.file.name && options.file.fromField) {
        if (info.valueTruncated) return fail(new TooLargeError(MULTIPART_ERRORS.fileTooLarge));
        if (spooling) return;
        let bytes: Buffer;
        try {
          bytes = options.file.fromField(value);
        } catch (error) {
          return fail(error);
        }
        startSpool(Readable.from([bytes]));
        return;
      }
      if (!isKnownField(name)) return;
      if (info.valueTruncated) return fail(new InvalidInputError(`Invalid parameter - ${name}`));
      fields[name] = value;
    });

    parser.on('file', (name, stream) => {
      if (settled || name !== options.file.name || spooling) {
        stream.resume();
        return;
      }
      startSpool(stream);
    });

    const tooManyParts = () => fail(new InvalidInputError(MULTIPART_ERRORS.tooManyParts));
    parser.on('partsLimit', tooManyParts);
    parser.on('filesLimit', tooManyParts);
    parser.on('fieldsLimit', tooManyParts);
    parser.on('error', () => fail(new InvalidInputError(MULTIPART_ERRORS.malformed)));
    req.on('error', fail);
    // A client that goes away mid-upload must not leave a spool waiting forever.
    req.on('close', () => {
      if (!req.complete) fail(new InvalidInputError(MULTIPART_ERRORS.aborted));
    });

    parser.on('close', () => {
      if (settled) return;
      if (!spooling) {
        settled = true;
        resolve({ fields, file: null });
        return;
      }
      spooling.then((file) => {
        if (settled) {
          void discard(file);
          return;
        }
        settled = true;
        resolve({ fields, file });
      }, fail);
    });

    req.pipe(parser);
  });
}

/** Removes a spooled file and its temp folder. */
async function discard(file: SpooledFile): Promise<void> {
  await fs.rm(path.dirname(file.path), { recursive: true, force: true }).catch(() => {});
}

/** Writes a file part to a temp file of its own, held to its byte limit as the bytes arrive. */
async function spool(stream: Readable, options: MultipartOptions<string>['file']): Promise<SpooledFile> {
  // Listened to before anything is awaited: a part cut off mid-way fails at once, possibly
  // while the temp file is being made, and an 'error' with no listener would crash the process.
  // The error is held, and the read loop below turns it into the client's 400.
  let streamError: unknown = null;
  const hold = (error: unknown) => {
    streamError ??= error;
  };
  stream.on('error', hold);
  let dir: string;
  let handle: fs.FileHandle;
  try {
    dir = await fs.mkdtemp(path.join(options.tmpDir, options.prefix));
  } catch (error) {
    stream.off('error', hold);
    stream.destroy();
    throw error;
  }
  const file = path.join(dir, 'upload');
  try {
    handle = await fs.open(file, 'wx', 0o600);
  } catch (error) {
    stream.off('error', hold);
    stream.destroy();
    await fs.rm(dir, { recursive: true, force: true }).catch(() => {});
    throw error;
  }
  let head = Buffer.alloc(0);
  let limit: number | null = null;
  let bytes = 0;
  try {
    if (streamError) throw streamError;
    for await (const raw of stream) {
      const chunk = Buffer.isBuffer(raw) ? raw : Buffer.from(raw as Uint8Array);
      bytes += chunk.length;
      if (limit === null && head.length < options.headBytes) {
        head = Buffer.concat([head, chunk.subarray(0, options.headBytes - head.length)]);
        if (head.length >= options.headBytes) limit = options.limitFor(head);
      }
      if (bytes > (limit ?? options.maxBytes)) throw new TooLargeError(MULTIPART_ERRORS.fileTooLarge);
      await handle.write(chunk);
    }
    limit ??= options.limitFor(head);
    if (bytes > limit) throw new TooLargeError(MULTIPART_ERRORS.fileTooLarge);
    await handle.close();
    return { path: file, bytes, head };
  } catch (error) {
    await handle.close().catch(() => {});
    await fs.rm(dir, { recursive: true, force: true }).catch(() => {});
    if (!stream.destroyed) stream.destroy();
    // Our own refusals as they are; a failure of the incoming body is the client's (400);
    // anything else (the disk) is ours.
    if (error instanceof DomainError || !streamError) throw error;
    throw new InvalidInputError(MULTIPART_ERRORS.malformed);
  } finally {
    stream.off('error', hold);
  }
}
