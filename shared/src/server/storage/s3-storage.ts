import {
  CreateBucketCommand,
  DeleteObjectCommand,
  DeleteObjectsCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  ListObjectsCommand,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import type { BucketLocationConstraint, CreateBucketCommandInput } from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { Readable } from 'node:stream';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import { encodeKeyForUrl, normalizePrefix } from './local-storage';
import { assertValidKey } from './storage';
import type { PutOptions, Storage, StoredObject } from './storage';

export interface S3StorageOptions {
  /** Custom endpoint for S3-compatible services (MinIO, R2, s3rver); omit for AWS. */
  endpoint?: string;
  region: string;
  bucket: string;
  /** Both or neither; when omitted the SDK's default credential chain is used. */
  accessKeyId?: string;
  secretAccessKey?: string;
  /** `true` for MinIO/s3rver (`endpoint/bucket/key`), `false` for virtual-hosted style. */
  forcePathStyle: boolean;
  /**
   * Where browsers load objects from: the api's /media path, or a CDN whose origin it is (the
   * bucket stays private; docs/operations.md). Defaults to the endpoint (tests, tools).
   */
  publicBaseUrl?: string;
  /** The endpoint as browsers reach it, for presigned downloads; defaults to `endpoint`. */
  presignEndpoint?: string;
}

const IMMUTABLE_CACHE_CONTROL = 'public, max-age=31536000, immutable';
const DELETE_BATCH = 1000; // DeleteObjects limit

export function createS3Client(options: S3StorageOptions): S3Client {
  const { accessKeyId, secretAccessKey } = options;
  return new S3Client({
    region: options.region,
    ...(options.endpoint ? { endpoint: options.endpoint } : {}),
    forcePathStyle: options.forcePathStyle,
    ...(accessKeyId && secretAccessKey ? { credentials: { accessKeyId, secretAccessKey } } : {}),
    // Since SDK 3.729 the defaults are WHEN_SUPPORTED: streamed bodies are sent with
    // `Content-Encoding: aws-chunked` + trailing CRC32, which s3rver (and older MinIO/other
    // S3-compatibles) store verbatim, chunk framing included. Only checksum when required.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
}

export class S3Storage implements Storage {
  readonly kind = 's3' as const;
  readonly client: S3Client;
  readonly bucket: string;
  private readonly options: S3StorageOptions;
  private readonly urlBase: string;

  constructor(options: S3StorageOptions) {
    this.options = options;
    this.bucket = options.bucket;
    this.client = createS3Client(options);
    // Presigning is computed here, never sent: a client for the browsers' address of the service.
    this.presigner = options.presignEndpoint ? createS3Client({ ...options, endpoint: options.presignEndpoint }) : this.client;
    this.urlBase = publicUrlBase(options);
    const { publicBaseUrl: _public, ...direct } = options;
    this.presignOrigin = new URL(publicUrlBase({ ...direct, ...(options.presignEndpoint ? { endpoint: options.presignEndpoint } : {}) })).origin;
  }

  private readonly presigner: S3Client;
  readonly presignOrigin: string;

  /** A presigned GET of the object, valid `expiresInSeconds`; the answer is private to whoever holds it. */
  async presignedGetUrl(key: string, expiresInSeconds: number): Promise<string> {
    assertValidKey(key);
    const seconds = Math.max(1, Math.floor(expiresInSeconds));
    const command = new GetObjectCommand({ Bucket: this.bucket, Key: key, ResponseCacheControl: `private, max-age=${seconds}` });
    return getSignedUrl(this.presigner, command, { expiresIn: seconds });
  }

  async put(key: string, body: Buffer | Readable, options: PutOptions): Promise<void> {
    assertValidKey(key);
    // PutObject needs a Content-Length; a stream of unknown length is buffered first.
    // (Fine for media-sized objects; switch to multipart upload if objects get huge.)
    const bytes = Buffer.isBuffer(body) ? body : await readAll(body);
    await this.client.send(
      new PutObjectCommand({
        Bucket: this.bucket,
        Key: key,
        Body: bytes,
        ContentLength: bytes.length,
        ContentType: options.contentType,
        ...(options.immutable ? { CacheControl: IMMUTABLE_CACHE_CONTROL } : {}),
      }),
    );
  }

  async get(key: string): Promise<StoredObject | null> {
    assertValidKey(key);
    try {
      const res = await this.client.send(new GetObjectCommand({ Bucket: this.bucket, Key: key }));
      const body = toNodeReadable(res.Body);
      return {
        body,
        contentType: res.ContentType ?? 'application/octet-stream',
        contentLength: res.ContentLength ?? 0,
      };
    } catch (err) {
      if (isMissingObject(err)) return null;
      throw err;
    }
  }

  async exists(key: string): Promise<boolean> {
    assertValidKey(key);
    try {
      await this.client.send(new HeadObjectCommand({ Bucket: this.bucket, Key: key }));
      return true;
    } catch (err) {
      // HEAD responses have no body, so a 404 arrives as a bare `NotFound`.
      if (isMissingObject(err)) return false;
      throw err;
    }
  }

  async delete(key: string): Promise<void> {
    assertValidKey(key);
    await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: key })); // idempotent
  }

  /**
   * Removes every object under the prefix, treated as a directory: `media/u1` and `media/u1/`
   * both remove `media/u1/...` but never `media/u10/...` (same as LocalStorage).
   */
  async deletePrefix(prefix: string): Promise<number> {
    const listPrefix = `${normalizePrefix(prefix)}/`;
    let removed = 0;
    let marker: string | undefined;
    for (;;) {
      // ListObjects (v1) with Marker = last key seen, rather than ListObjectsV2: s3rver (our test
      // double) builds V2 continuation tokens with DES, which OpenSSL 3 / Node >= 17 refuses, so
      // every truncated V2 page is a 500 there. V1 marker paging works on S3, MinIO, R2, GCS, s3rver.
      const page = await this.client.send(
        new ListObjectsCommand({
          Bucket: this.bucket,
          Prefix: listPrefix,
          MaxKeys: DELETE_BATCH,
          ...(marker ? { Marker: marker } : {}),
        }),
      );
      const keys = (page.Contents ?? []).flatMap((o) => (o.Key ? [o.Key] : []));
      const last = keys.at(-1);
      // Keys come back in order and the marker is a key, so deleting this page before
      // fetching the next skips nothing.
      removed += await this.deleteBatch(keys);
      if (!page.IsTruncated || last === undefined) break;
      marker = last;
    }
    return removed;
  }

  publicUrl(key: string): string {
    assertValidKey(key);
    return `${this.urlBase}/${encodeKeyForUrl(key)}`;
  }

  async ping(): Promise<void> {
    await this.client.send(new HeadBucketCommand({ Bucket: this.bucket }));
  }

  /** Creates the bucket if it doesn't exist (dev/docker start-up). */
  async ensureBucket(): Promise<void> {
    await ensureBucket(this);
  }

  private async deleteBatch(keys: string[]): Promise<number> {
    if (keys.length === 0) return 0;
    let res;
    try {
      res = await this.client.send(
        new DeleteObjectsCommand({
          Bucket: this.bucket,
          Delete: { Objects: keys.map((Key) => ({ Key })), Quiet: true },
        }),
      );
    } catch (err) {
      // Some S3-compatibles lack multi-object delete (NotImplemented) or fail it (s3rver races
      // on directory clean-up and answers InternalError once the SDK's retries are spent).
      // Deletes are idempotent, so falling back to one request per key is always safe.
      if (!(err instanceof S3ServiceException) || (err.$fault !== 'server' && err.name !== 'NotImplemented')) throw err;
      for (const key of keys) {
        await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: key }));
      }
      return keys.length;
    }
    const errors = res.Errors ?? [];
    if (errors.length > 0) {
      const first = errors[0];
      throw new Error(
        `S3 DeleteObjects failed for ${errors.length} of ${keys.length} keys ` +
          `(first: ${first?.Key ?? '?'}: ${first?.Code ?? '?'} ${first?.Message ?? ''})`.trim(),
      );
    }
    return keys.length;
  }

  /** Exposed for ensureBucket. */
  get storageOptions(): Readonly<S3StorageOptions> {
    return this.options;
  }
}

/**
 * Creates the bucket unless it already exists. Accepts a storage instance (reuses its client)
 * or plain options (a short-lived client).
 */
export async function ensureBucket(target: S3Storage | S3StorageOptions): Promise<void> {
  const options = target instanceof S3Storage ? target.storageOptions : target;
  const client = target instanceof S3Storage ? target.client : createS3Client(options);
  try {
    try {
      await client.send(new HeadBucketCommand({ Bucket: options.bucket }));
      return;
    } catch (err) {
      if (!(err instanceof S3ServiceException) || err.$metadata.httpStatusCode !== 404) throw err;
    }
    const input: CreateBucketCommandInput = { Bucket: options.bucket };
    // Real AWS outside us-east-1 needs the region spelled out; S3-compatibles (custom endpoint)
    // often reject a LocationConstraint that doesn't match their own configuration.
    if (!options.endpoint && options.region !== 'us-east-1') {
      input.CreateBucketConfiguration = { LocationConstraint: options.region as BucketLocationConstraint };
    }
    try {
      await client.send(new CreateBucketCommand(input));
    } catch (err) {
      // Another process created it between our HEAD and CREATE.
      if (err instanceof S3ServiceException && err.name === 'BucketAlreadyOwnedByYou') return;
      throw err;
    }
  } finally {
    if (!(target instanceof S3Storage)) client.destroy();
  }
}

function publicUrlBase(options: S3StorageOptions): string {
  if (options.publicBaseUrl) return options.publicBaseUrl.replace(/\/+$/, '');
  const bucket = encodeURIComponent(options.bucket);
  if (options.endpoint) {
    const endpoint = options.endpoint.replace(/\/+$/, '');
    if (options.forcePathStyle) return `${endpoint}/${bucket}`;
    const url = new URL(endpoint);
    url.hostname = `${options.bucket}.${url.hostname}`;
    return url.toString().replace(/\/+$/, '');
  }
  return options.forcePathStyle
    ? `https://s3.${options.region}.amazonaws.com/${bucket}`
    : `https://${options.bucket}.s3.${options.region}.amazonaws.com`;
}

function isMissingObject(err: unknown): boolean {
  if (!(err instanceof S3ServiceException)) return false;
  if (err.name === 'NoSuchBucket') return false; // misconfiguration, not a missing object
  return err.name === 'NoSuchKey' || err.name === 'NotFound' || err.$metadata.httpStatusCode === 404;
}

function toNodeReadable(body: unknown): Readable {
  if (body instanceof Readable) return body;
  if (body && typeof body === 'object' && 'transformToWebStream' in body) {
    const web = (body as { transformToWebStream(): WebReadableStream<Uint8Array> }).transformToWebStream();
    return Readable.fromWeb(web);
  }
  throw new Error('S3 GetObject returned no readable body');
}

async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) {
    chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as string | Uint8Array));
  }
  return Buffer.concat(chunks);
}
