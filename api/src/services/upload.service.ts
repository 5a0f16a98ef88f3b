import { createReadStream } from 'node:fs';
import fs from 'node:fs/promises';
import { randomBytes } from 'node:crypto';
import os from 'node:os';
import path from 'node:path';
import type { Readable } from 'node:stream';
import {
  type Db,
  ImageTooLargeError,
  type MediaKind,
  SNIFF_HEAD_BYTES,
  type SniffedMedia,
  type Storage,
  UnreadableImageError,
  UnreadableVideoError,
  Semaphore,
  type Upload,
  UploadsRepository,
  type User,
  UsersRepository,
  canDecodeImage,
  normalizeImage,
  probeVideo,
  sniffMediaType,
} from '@app/shared/server';
import { HttpError } from '../http/errors';
import type { SingleUse } from './single-use';
import { CLOUD_NAME, SIGNATURE_FUTURE_SKEW_SECONDS, SIGNATURE_TTL_SECONDS, UploadSigner } from './upload-signature';

/** Temp folders of uploads being received start with this (so they can be found and counted). */
export const UPLOAD_SPOOL_PREFIX = 'mirrorverse-upload-';

/** The folder of generation sources (first-time uploads and draft media). */
export const SOURCES_FOLDER = 'sources';

/** Texts of the upload calls' failures (the spec's client matches on some of them). */
export const UPLOAD_ERRORS = {
  invalidSignature: 'Invalid Signature',
  staleRequest: 'Stale request',
  unknownApiKey: 'Unknown API key',
  invalidCloudName: 'Invalid cloud_name',
  suspended: 'This account has been suspended.',
  folderForbidden: "You don't have permission for this action.",
  missingFile: 'Missing required parameter - file',
  remoteFile: 'Remote files are not supported',
  notMultipart: 'Expected a multipart/form-data body',
  tooManyParts: 'Too many parts in the upload',
  malformed: 'Malformed multipart body',
  aborted: 'Upload aborted',
  /** Contains "Invalid Signature", so the spec's client treats it as final (no retry with it). */
  signatureUsed: 'Invalid Signature - already used',
  fileTooLarge: 'File too large',
  imageTooLarge: 'Image is too large',
  unsupported: 'Unsupported file type',
  empty: 'Empty file',
  invalidImage: 'Invalid image file',
  invalidVideo: 'Invalid video file',
} as const;

export interface UploadLimits {
  maxImageBytes: number;
  maxVideoBytes: number;
  /** Decompression-bomb guard, width × height of the (declared) image. */
  maxImagePixels: number;
}

export const DEFAULT_UPLOAD_LIMITS: UploadLimits = {
  maxImageBytes: 25 * 1024 * 1024,
  maxVideoBytes: 200 * 1024 * 1024,
  maxImagePixels: 50_000_000,
};

export interface SignUploadRequest {
  folder: string;
  resource_type?: 'image' | 'video' | 'auto' | undefined;
}

export interface SignUploadResponse {
  success: true;
  timestamp: number;
  signature: string;
  apiKey: string;
  cloudName: string;
  folder: string;
}

/** An uploaded file written to a temp file, its type already known from its first bytes. */
export interface SpooledFile {
  path: string;
  bytes: number;
  media: SniffedMedia;
}

/** The fields of the upload form that take part in authorisation. */
export interface UploadFields {
  api_key?: string | undefined;
  timestamp?: string | undefined;
  signature?: string | undefined;
  folder?: string | undefined;
  upload_preset?: string | undefined;
  resource_type?: string | undefined;
}

export interface UploadAuthorization {
  user: User;
  folder: string;
  /** Claimed when the file is stored: a signature stores one file. */
  signature: string;
}

/** Cloudinary's answer to an upload. */
export interface UploadResult {
  public_id: string;
  version: number;
  format: string;
  resource_type: MediaKind;
  type: 'upload';
  created_at: string;
  bytes: number;
  width: number;
  height: number;
  folder: string;
  url: string;
  secure_url: string;
  duration?: number;
}

export interface UploadServiceOptions {
  limits?: Partial<UploadLimits>;
  /** Where uploads are spooled while being checked; the OS temp dir by default. */
  tmpDir?: string;
  /** Images decoded at once in this process (each may hold its full pixels in memory). */
  concurrentDecodes?: number;
}

const fail = (status: number, message: string) => new HttpError(status, message, undefined);

/**
 * The rules of uploads: who may upload where (signatures), what may be uploaded (sniffed type,
 * byte and pixel limits), and how it is kept (EXIF-rotated, stripped, re-encoded images;
 * measured videos; under the person's own storage prefix, with an `uploads` row).
 */
export class UploadService {
  readonly limits: UploadLimits;
  private readonly uploads: UploadsRepository;
  private readonly users: UsersRepository;
  private readonly tmpDir: string;
  private readonly decodes: Semaphore;

  constructor(
    db: Db,
    private readonly storage: Storage,
    private readonly signer: UploadSigner,
    private readonly singleUse: SingleUse,
    options: UploadServiceOptions = {},
  ) {
    this.limits = { ...DEFAULT_UPLOAD_LIMITS, ...options.limits };
    this.uploads = new UploadsRepository(db);
    this.users = new UsersRepository(db);
    this.tmpDir = options.tmpDir ?? os.tmpdir();
    this.decodes = new Semaphore(options.concurrentDecodes ?? 2);
  }

  get cloudName(): string {
    return CLOUD_NAME;
  }

  /** The largest body the upload call can legitimately carry (multipart overhead included). */
  get maxRequestBytes(): number {
    return Math.max(this.limits.maxVideoBytes, this.maxDataUrlChars) + 1024 * 1024;
  }

  /** A `file` sent as a data: URL is held in memory, so only image-sized ones are accepted. */
  get maxDataUrlChars(): number {
    return Math.ceil((this.limits.maxImageBytes * 4) / 3) + 1024;
  }

  // --- signing ----------------------------------------------------------------------------

  /** `users/me` means the person's own folder; anything but theirs or `sources` is refused. */
  ownFolder(userId: string, folder: string): string | null {
    const trimmed = folder.trim().replace(/^\/+|\/+$/g, '');
    if (trimmed === SOURCES_FOLDER) return SOURCES_FOLDER;
    if (trimmed === 'users/me' || trimmed === `users/${userId}`) return `users/${userId}`;
    return null;
  }

  sign(user: User, request: SignUploadRequest): SignUploadResponse {
    const folder = this.ownFolder(user.id, request.folder);
    if (!folder) throw new HttpError(403, UPLOAD_ERRORS.folderForbidden, 'FORBIDDEN');
    const timestamp = this.signer.timestamp();
    const apiKey = this.signer.apiKeyFor(user.id);
    const signature = this.signer.sign({ api_key: apiKey, folder, timestamp });
    return { success: true, timestamp, signature, apiKey, cloudName: CLOUD_NAME, folder };
  }

  /** The signed parameters of an upload form, `users/me` resolved as at signing. */
  private signedParams(fields: UploadFields): Record<string, string | undefined> {
    const userId = fields.api_key ? this.signer.userIdOf(fields.api_key) : null;
    const folder = fields.folder !== undefined && userId ? (this.ownFolder(userId, fields.folder) ?? fields.folder) : fields.folder;
    return { api_key: fields.api_key, folder, timestamp: fields.timestamp, upload_preset: fields.upload_preset };
  }

  /** Signature and age only: cheap, so it can run before a file is read when the fields come first. */
  checkSignature(fields: UploadFields): string {
    const check = this.signer.verify(this.signedParams(fields), fields.signature);
    if (!check.ok) throw fail(401, check.reason === 'stale' ? UPLOAD_ERRORS.staleRequest : UPLOAD_ERRORS.invalidSignature);
    return check.userId;
  }

  /** Signature, age, the account it names, and the folder. */
  async authorize(fields: UploadFields): Promise<UploadAuthorization> {
    const userId = this.checkSignature(fields);
    const folder = this.ownFolder(userId, fields.folder ?? '');
    // Only own folders are ever signed; this is the second line of defence.
    if (!folder) throw fail(401, UPLOAD_ERRORS.invalidSignature);
    const user = await this.users.findById(userId);
    if (!user) throw fail(401, UPLOAD_ERRORS.unknownApiKey);
    if (user.banned) throw fail(403, UPLOAD_ERRORS.suspended);
    return { user, folder, signature: fields.signature!.toLowerCase() };
  }

  // --- receiving --------------------------------------------------------------------------

  private limitFor(kind: MediaKind): number {
    return kind === 'image' ? this.limits.maxImageBytes : this.limits.maxVideoBytes;
  }

  /**
   * Writes an incoming file to a temp file. The type is sniffed from the first bytes as soon as
   * they arrive, and the byte limit of that type cuts the upload off there and then: a huge or
   * foreign file is never read to its end.
   */
  async spool(stream: Readable): Promise<SpooledFile> {
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
      dir = await fs.mkdtemp(path.join(this.tmpDir, UPLOAD_SPOOL_PREFIX));
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
    let media: SniffedMedia | null = null;
    let bytes = 0;
    let limit = Math.max(this.limits.maxImageBytes, this.limits.maxVideoBytes);
    try {
      if (streamError) throw streamError;
      for await (const raw of stream) {
        const chunk = Buffer.isBuffer(raw) ? raw : Buffer.from(raw as Uint8Array);
        bytes += chunk.length;
        if (!media && head.length < SNIFF_HEAD_BYTES) {
          head = Buffer.concat([head, chunk.subarray(0, SNIFF_HEAD_BYTES - head.length)]);
          if (head.length >= SNIFF_HEAD_BYTES) {
            media = sniffMediaType(head);
            if (!media) throw fail(400, UPLOAD_ERRORS.unsupported);
            limit = this.limitFor(media.kind);
          }
        }
        if (bytes > limit) throw fail(413, UPLOAD_ERRORS.fileTooLarge);
        await handle.write(chunk);
      }
      if (bytes === 0) throw fail(400, UPLOAD_ERRORS.empty);
      media ??= sniffMediaType(head);
      if (!media) throw fail(400, UPLOAD_ERRORS.unsupported);
      if (bytes > this.limitFor(media.kind)) throw fail(413, UPLOAD_ERRORS.fileTooLarge);
      await handle.close();
      return { path: file, bytes, media };
    } catch (error) {
      await handle.close().catch(() => {});
      await fs.rm(dir, { recursive: true, force: true }).catch(() => {});
      if (!stream.destroyed) stream.destroy();
      // Our own refusals as they are; a failure of the incoming body is the client's (400);
      // anything else (the disk) is ours.
      if (error instanceof HttpError || !streamError) throw error;
      throw fail(400, UPLOAD_ERRORS.malformed);
    } finally {
      stream.off('error', hold);
    }
  }

  /** Removes a spooled file (always call it once the upload is finished with). */
  async discard(file: SpooledFile): Promise<void> {
    await fs.rm(path.dirname(file.path), { recursive: true, force: true }).catch(() => {});
  }

  // --- storing ----------------------------------------------------------------------------

  /**
   * Checks and keeps a spooled file. `expected` is the resource type the client asked for
   * (`image` or `video` in the path or the form); `auto` or none takes what the bytes are.
   */
  async store(auth: UploadAuthorization, file: SpooledFile, expected?: string): Promise<UploadResult> {
    const claim = `upload-signature:${auth.signature}`;
    if (!(await this.singleUse.claim(claim, SIGNATURE_TTL_SECONDS + SIGNATURE_FUTURE_SKEW_SECONDS))) {
      throw fail(401, UPLOAD_ERRORS.signatureUsed);
    }
    try {
      return await this.keep(auth, file, expected);
    } catch (error) {
      // Nothing was stored: the signature may still be used for this file, fixed.
      await this.singleUse.release(claim).catch(() => {});
      throw error;
    }
  }

  private async keep(auth: UploadAuthorization, file: SpooledFile, expected?: string): Promise<UploadResult> {
    const { media } = file;
    if (expected && expected !== 'auto' && expected !== media.kind) throw fail(400, UPLOAD_ERRORS.unsupported);

    const publicId = randomBytes(12).toString('hex');
    let stored: { format: string; contentType: string; bytes: number; width: number; height: number; duration: number | null };
    let key: string;
    if (media.kind === 'image') {
      if (!canDecodeImage(media.format)) throw fail(400, UPLOAD_ERRORS.unsupported);
      let image;
      try {
        image = await this.decodes.run(() => normalizeImage(file.path, media.format, { maxPixels: this.limits.maxImagePixels }));
      } catch (error) {
        if (error instanceof ImageTooLargeError) throw fail(400, UPLOAD_ERRORS.imageTooLarge);
        if (error instanceof UnreadableImageError) throw fail(400, UPLOAD_ERRORS.invalidImage);
        throw error;
      }
      key = this.keyFor(auth.user.id, publicId, image.format);
      await this.storage.put(key, image.data, { contentType: image.contentType, immutable: true });
      stored = { format: image.format, contentType: image.contentType, bytes: image.data.length, width: image.width, height: image.height, duration: null };
    } else {
      let probe;
      try {
        probe = await probeVideo(file.path, { format: media.format });
      } catch (error) {
        if (error instanceof UnreadableVideoError) throw fail(400, UPLOAD_ERRORS.invalidVideo);
        throw error;
      }
      key = this.keyFor(auth.user.id, publicId, media.format);
      await this.storage.put(key, createReadStream(file.path), { contentType: media.contentType, immutable: true });
      stored = { format: media.format, contentType: media.contentType, bytes: file.bytes, width: probe.width, height: probe.height, duration: probe.durationSeconds };
    }

    const url = this.storage.publicUrl(key);
    let row: Upload;
    try {
      row = await this.uploads.insert({
        public_id: publicId,
        user_id: auth.user.id,
        folder: auth.folder,
        resource_type: media.kind,
        format: stored.format,
        content_type: stored.contentType,
        bytes: stored.bytes,
        width: stored.width,
        height: stored.height,
        duration_seconds: stored.duration,
        storage_key: key,
        url,
      });
    } catch (error) {
      await this.storage.delete(key).catch(() => {});
      throw error;
    }
    return this.present(row);
  }

  /**
   * Every upload lives under the person's prefix (`sources` ones too), so deleting the
   * account's prefix removes them all: `users/<id>/uploads/<public_id>.<ext>`.
   */
  private keyFor(userId: string, publicId: string, ext: string): string {
    return `users/${userId}/uploads/${publicId}.${ext}`;
  }

  present(row: Upload): UploadResult {
    return {
      public_id: row.public_id,
      version: Math.floor(row.created_at.getTime() / 1000),
      format: row.format,
      resource_type: row.resource_type,
      type: 'upload',
      created_at: row.created_at.toISOString(),
      bytes: Number(row.bytes),
      width: row.width,
      height: row.height,
      folder: row.folder,
      url: row.url,
      secure_url: row.url,
      ...(row.duration_seconds !== null ? { duration: row.duration_seconds } : {}),
    };
  }
}
