import type { Readable } from 'node:stream';

/** What a stored object is made of when it is read back. */
export interface StoredObject {
  body: Readable;
  contentType: string;
  contentLength: number;
}

export interface PutOptions {
  contentType: string;
  /** Keys are content-addressed or random, so most objects never change. */
  immutable?: boolean;
}

/**
 * Object storage behind one small interface: local disk for the embedded default,
 * any S3-compatible service for servers. Keys are relative paths such as
 * `media/<userId>/<id>.webp`; `publicUrl` turns a key into the address a browser loads.
 */
export interface Storage {
  readonly kind: 'local' | 's3';
  put(key: string, body: Buffer | Readable, options: PutOptions): Promise<void>;
  get(key: string): Promise<StoredObject | null>;
  exists(key: string): Promise<boolean>;
  delete(key: string): Promise<void>;
  /** Removes every key under the prefix; returns how many were removed. */
  deletePrefix(prefix: string): Promise<number>;
  publicUrl(key: string): string;
  /** S3: a presigned GET of a private object, valid `expiresInSeconds` (local storage has none). */
  presignedGetUrl?(key: string, expiresInSeconds: number): Promise<string>;
  /** The origin presigned GETs point at (pages must be allowed to load media from it). */
  readonly presignOrigin?: string;
  /** Cheap reachability check for /readyz. */
  ping(): Promise<void>;
}

const SAFE_KEY = /^(?!.*\.\.)[A-Za-z0-9][A-Za-z0-9._\-/]*$/;

/** Keys come from our own code, but a bad one must never escape the storage root. */
export function assertValidKey(key: string): void {
  if (!SAFE_KEY.test(key) || key.length > 512 || key.endsWith('/')) {
    throw new Error(`Invalid storage key: ${JSON.stringify(key)}`);
  }
}

/** Reads a whole object into memory (sources and outputs are at most a few megabytes). */
export async function readObject(storage: Pick<Storage, 'get'>, key: string): Promise<Buffer | null> {
  const object = await storage.get(key);
  if (!object) return null;
  const chunks: Buffer[] = [];
  for await (const chunk of object.body) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as Uint8Array));
  return Buffer.concat(chunks);
}
