import { randomBytes } from 'node:crypto';
import type { SignUploadAnswer, SignUploadRequest, UploadAnswer } from '@app/shared/api/generation';
import type { Upload, User } from '@app/shared/server/db';
import type { MediaUrls, Storage } from '@app/shared/server/storage';
import { InvalidInputError, NotAllowedError, NotAuthenticatedError } from '@app/shared/server/domain-errors';
import { type IngestLimits, type IngestedMedia, MediaIngest, type ReceivedFile } from '@app/shared/server/media/ingest';
import type { RateQuota } from './rate-quota';
import type { RepositoryPorts } from './repository-ports';
import type { SingleUse } from './single-use';
import { CLOUD_NAME, SIGNATURE_FUTURE_SKEW_SECONDS, SIGNATURE_TTL_SECONDS, type UploadSigner } from './upload-signature';

/** The folder of generation sources (first-time uploads and draft media). */
export const SOURCES_FOLDER = 'sources';

/** Texts of the upload calls' refusals of who uploads where (the spec's client matches on some of them). */
export const UPLOAD_ERRORS = {
  invalidSignature: 'Invalid Signature',
  staleRequest: 'Stale request',
  unknownApiKey: 'Unknown API key',
  suspended: 'This account has been suspended.',
  folderForbidden: "You don't have permission for this action.",
  missingFile: 'Missing required parameter - file',
  /** Contains "Invalid Signature", so the spec's client treats it as final (no retry with it). */
  signatureUsed: 'Invalid Signature - already used',
} as const;

/** The fields of the upload form that take part in authorisation. */
export const UPLOAD_FIELDS = ['api_key', 'timestamp', 'signature', 'folder', 'upload_preset', 'resource_type'] as const;
export type UploadFields = Partial<Record<(typeof UPLOAD_FIELDS)[number], string>>;

interface UploadAuthorization {
  user: User;
  folder: string;
  /** Claimed when the file is stored: a signature stores one file. */
  signature: string;
}

export type UploadRepositories = RepositoryPorts<{ uploads: 'insert'; users: 'findById' }>;

export interface UploadServiceOptions {
  limits?: Partial<IngestLimits>;
  /** Images decoded at once in this process (each may hold its full pixels in memory). */
  concurrentDecodes?: number;
}

/**
 * The rules of uploads: who may upload where (signatures used once, a per-person quota), and
 * how a file is kept (checked and normalised by the media ingest, stored under the person's
 * own prefix, recorded with an `uploads` row).
 */
export class UploadService {
  private readonly ingest: MediaIngest;

  constructor(
    private readonly repos: UploadRepositories,
    private readonly storage: Pick<Storage, 'put' | 'delete' | 'publicUrl'>,
    /** An upload (a source photo) is its owner's: answered with a short-lived signed address. */
    private readonly urls: Pick<MediaUrls, 'privateUrl'>,
    private readonly signer: UploadSigner,
    private readonly singleUse: Pick<SingleUse, 'claim' | 'release'>,
    private readonly quota: RateQuota<'uploadsPerUser'>,
    options: UploadServiceOptions = {},
  ) {
    this.ingest = new MediaIngest(options);
  }

  get cloudName(): string {
    return CLOUD_NAME;
  }

  /** The largest body the upload call can legitimately carry (multipart overhead included). */
  get maxRequestBytes(): number {
    return Math.max(this.ingest.maxFileBytes, this.maxDataUrlChars) + 1024 * 1024;
  }

  /** A `file` sent as a data: URL is held in memory, so only image-sized ones are accepted. */
  get maxDataUrlChars(): number {
    return Math.ceil((this.ingest.limits.maxImageBytes * 4) / 3) + 1024;
  }

  /** How a file is held to its limit while it arrives: its type, hence its limit, is known from its first bytes. */
  get fileLimits(): { headBytes: number; maxBytes: number; limitFor: (head: Buffer) => number } {
    return { headBytes: this.ingest.headBytes, maxBytes: this.ingest.maxFileBytes, limitFor: (head) => this.ingest.byteLimit(head) };
  }

  // --- signing ----------------------------------------------------------------------------

  /** `users/me` means the person's own folder; anything but theirs or `sources` is refused. */
  ownFolder(userId: string, folder: string): string | null {
    const trimmed = folder.trim().replace(/^\/+|\/+$/g, '');
    if (trimmed === SOURCES_FOLDER) return SOURCES_FOLDER;
    if (trimmed === 'users/me' || trimmed === `users/${userId}`) return `users/${userId}`;
    return null;
  }

  sign(user: User, request: SignUploadRequest): SignUploadAnswer {
    const folder = this.ownFolder(user.id, request.folder);
    if (!folder) throw new NotAllowedError(UPLOAD_ERRORS.folderForbidden, 'FORBIDDEN');
    const timestamp = this.signer.timestamp();
    const apiKey = this.signer.apiKeyFor(user.id);
    const signature = this.signer.sign({ api_key: apiKey, folder, timestamp });
    return { success: true, timestamp, signature, apiKey, cloudName: CLOUD_NAME, folder };
  }

  /**
   * Refuses a bad signature before a single file byte is written, when every signed field came
   * before the file (otherwise `upload` checks it once the form is read). upload_preset is never
   * signed by `sign`, so a form carrying one fails either way.
   */
  refuseEarly(fields: UploadFields): void {
    if (fields.signature && fields.api_key && fields.timestamp && fields.folder !== undefined) this.checkSignature(fields);
  }

  // --- uploading --------------------------------------------------------------------------

  /**
   * Keeps a received file: the signature (once), the person, the quota, then the file itself.
   * `expected` is the resource type the client asked for (`image`, `video`, or `auto`/none).
   */
  async upload(fields: UploadFields, file: ReceivedFile | null, expected?: string): Promise<UploadAnswer> {
    if (!file) throw new InvalidInputError(UPLOAD_ERRORS.missingFile);
    const auth = await this.authorize(fields);
    await this.quota.consume('uploadsPerUser', auth.user.id);
    const claim = `upload-signature:${auth.signature}`;
    if (!(await this.singleUse.claim(claim, SIGNATURE_TTL_SECONDS + SIGNATURE_FUTURE_SKEW_SECONDS))) {
      throw new NotAuthenticatedError(UPLOAD_ERRORS.signatureUsed);
    }
    try {
      return this.present(await this.keep(auth, await this.ingest.ingest(file, expected)));
    } catch (error) {
      // Nothing was stored: the signature may still be used for this file, fixed.
      await this.singleUse.release(claim).catch(() => {});
      throw error;
    }
  }

  /**
   * A story's hero image, sent by the story editor (its token is the route's check; the editor
   * has no account): an image only, kept under `stories/heroes/`, answered with its address.
   */
  async keepStoryHero(file: ReceivedFile | null): Promise<{ url: string }> {
    if (!file) throw new InvalidInputError(UPLOAD_ERRORS.missingFile);
    const media = await this.ingest.ingest(file, 'image');
    const key = `stories/heroes/${randomBytes(12).toString('hex')}.${media.format}`;
    await this.storage.put(key, media.body(), { contentType: media.contentType, immutable: true });
    return { url: this.storage.publicUrl(key) };
  }

  /** The signed parameters of an upload form, `users/me` resolved as at signing. */
  private signedParams(fields: UploadFields): Record<string, string | undefined> {
    const userId = fields.api_key ? this.signer.userIdOf(fields.api_key) : null;
    const folder = fields.folder !== undefined && userId ? (this.ownFolder(userId, fields.folder) ?? fields.folder) : fields.folder;
    return { api_key: fields.api_key, folder, timestamp: fields.timestamp, upload_preset: fields.upload_preset };
  }

  /** Signature and age only: cheap, so it can run before a file is read. */
  private checkSignature(fields: UploadFields): string {
    const check = this.signer.verify(this.signedParams(fields), fields.signature);
    if (!check.ok) throw new NotAuthenticatedError(check.reason === 'stale' ? UPLOAD_ERRORS.staleRequest : UPLOAD_ERRORS.invalidSignature);
    return check.userId;
  }

  /** Signature, age, the account it names, and the folder. */
  private async authorize(fields: UploadFields): Promise<UploadAuthorization> {
    const userId = this.checkSignature(fields);
    const folder = this.ownFolder(userId, fields.folder ?? '');
    // Only own folders are ever signed; this is the second line of defence.
    if (!folder) throw new NotAuthenticatedError(UPLOAD_ERRORS.invalidSignature);
    const user = await this.repos.users.findById(userId);
    if (!user) throw new NotAuthenticatedError(UPLOAD_ERRORS.unknownApiKey);
    if (user.banned) throw new NotAllowedError(UPLOAD_ERRORS.suspended);
    return { user, folder, signature: fields.signature!.toLowerCase() };
  }

  /**
   * Stores the file and records it. Every upload lives under the person's prefix (`sources`
   * ones too), so deleting the account's prefix removes them all: `users/<id>/uploads/<public_id>.<ext>`.
   */
  private async keep(auth: UploadAuthorization, media: IngestedMedia): Promise<Upload> {
    const publicId = randomBytes(12).toString('hex');
    const key = `users/${auth.user.id}/uploads/${publicId}.${media.format}`;
    await this.storage.put(key, media.body(), { contentType: media.contentType, immutable: true });
    try {
      return await this.repos.uploads.insert({
        public_id: publicId,
        user_id: auth.user.id,
        folder: auth.folder,
        resource_type: media.kind,
        format: media.format,
        content_type: media.contentType,
        bytes: media.bytes,
        width: media.width,
        height: media.height,
        duration_seconds: media.durationSeconds,
        storage_key: key,
      });
    } catch (error) {
      await this.storage.delete(key).catch(() => {});
      throw error;
    }
  }

  /** Cloudinary's answer to an upload. */
  private present(row: Upload): UploadAnswer {
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
      url: this.urls.privateUrl(row.storage_key),
      secure_url: this.urls.privateUrl(row.storage_key),
      ...(row.duration_seconds !== null ? { duration: row.duration_seconds } : {}),
    };
  }
}
