import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import type { FileHandle } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { assertValidKey } from './storage';
import type { PutOptions, Storage, StoredObject } from './storage';

export interface LocalStorageOptions {
  /** Absolute directory that holds the objects, e.g. `${DATA_DIR}/media`. */
  root: string;
  /** Address the directory is served under, e.g. `http://localhost:3000/media`. */
  publicBaseUrl: string;
}

/** Stored beside each object (in a mirror tree, see below) so any content type round-trips. */
interface ObjectMeta {
  contentType: string;
  immutable?: boolean;
}

const DEFAULT_CONTENT_TYPE = 'application/octet-stream';

/**
 * Layout under `root`:
 *   <key>              the object's bytes
 *   .meta/<key>        JSON sidecar ({ contentType, immutable })
 *   .tmp/<random>      in-flight writes, renamed into place when complete
 *
 * A valid key never starts with `.`, so `.meta` and `.tmp` can never collide with an object,
 * and the object tree holds only objects. The sidecar tree mirrors the object tree exactly,
 * so it can't hit a path conflict the object tree wouldn't. Temp files live on the same
 * filesystem as their destination, so the final rename is atomic: readers see either the
 * old object or the complete new one, never a partial write.
 * If `root` is served as static files, dot-files must not be served (express.static ignores
 * them by default).
 */
export class LocalStorage implements Storage {
  readonly kind = 'local' as const;
  readonly root: string;
  private readonly publicBaseUrl: string;
  private readonly metaRoot: string;
  private readonly tmpRoot: string;

  constructor(options: LocalStorageOptions) {
    if (!path.isAbsolute(options.root)) {
      throw new Error(`LocalStorage root must be an absolute path, got ${JSON.stringify(options.root)}`);
    }
    this.root = path.resolve(options.root);
    this.metaRoot = path.join(this.root, '.meta');
    this.tmpRoot = path.join(this.root, '.tmp');
    this.publicBaseUrl = options.publicBaseUrl.replace(/\/+$/, '');
  }

  async put(key: string, body: Buffer | Readable, options: PutOptions): Promise<void> {
    const objectPath = this.objectPath(key);
    const metaPath = this.metaPath(key);
    const meta: ObjectMeta = { contentType: options.contentType };
    if (options.immutable) meta.immutable = true;

    // Both bytes and sidecar are fully written to temp files before anything visible changes,
    // so a failed upload leaves the previous object (and its content type) untouched.
    const objectTmp = await this.writeTemp(body);
    let metaTmp: string | undefined;
    try {
      metaTmp = await this.writeTemp(Buffer.from(JSON.stringify(meta)));
      // Sidecar first: should the process die between the renames, a new key is left with an
      // invisible orphan sidecar rather than an object that has lost its content type.
      await renameCreatingDirs(metaTmp, metaPath);
      metaTmp = undefined;
      await renameCreatingDirs(objectTmp, objectPath);
    } catch (err) {
      await fs.rm(objectTmp, { force: true }).catch(() => {});
      if (metaTmp) await fs.rm(metaTmp, { force: true }).catch(() => {});
      throw err;
    }
  }

  async get(key: string): Promise<StoredObject | null> {
    const objectPath = this.objectPath(key);
    let handle: FileHandle;
    try {
      handle = await fs.open(objectPath, 'r');
    } catch (err) {
      if (isMissing(err)) return null;
      throw err;
    }
    try {
      // Size from the open descriptor, so it matches the bytes the stream will read even if
      // the key is replaced (renamed over) meanwhile.
      const stat = await handle.stat();
      if (!stat.isFile()) {
        await handle.close();
        return null;
      }
      const contentType = await this.readContentType(key);
      const body = handle.createReadStream(); // autoClose: closes the handle at end/destroy
      return { body, contentType, contentLength: stat.size };
    } catch (err) {
      await handle.close().catch(() => {});
      throw err;
    }
  }

  async exists(key: string): Promise<boolean> {
    try {
      return (await fs.stat(this.objectPath(key))).isFile();
    } catch (err) {
      if (isMissing(err)) return false;
      throw err;
    }
  }

  async delete(key: string): Promise<void> {
    const objectPath = this.objectPath(key);
    const metaPath = this.metaPath(key);
    try {
      const stat = await fs.stat(objectPath);
      if (!stat.isFile()) return; // a "directory" is not an object; leave it to deletePrefix
    } catch (err) {
      if (isMissing(err)) {
        await fs.rm(metaPath, { force: true }).catch(() => {});
        return;
      }
      throw err;
    }
    await fs.rm(objectPath, { force: true });
    await fs.rm(metaPath, { force: true }).catch(() => {});
    await this.pruneEmptyDirs(path.dirname(objectPath), this.root);
    await this.pruneEmptyDirs(path.dirname(metaPath), this.metaRoot);
  }

  /**
   * Removes every object under the prefix, treated as a directory: `media/u1` and `media/u1/`
   * both remove `media/u1/**` but never `media/u10/...` (S3Storage behaves the same way).
   */
  async deletePrefix(prefix: string): Promise<number> {
    const dir = normalizePrefix(prefix);
    const objectDir = this.resolveInside(this.root, dir);
    const metaDir = this.resolveInside(this.metaRoot, dir);

    const count = await countFiles(objectDir);
    await fs.rm(objectDir, { recursive: true, force: true });
    await fs.rm(metaDir, { recursive: true, force: true });
    await this.pruneEmptyDirs(path.dirname(objectDir), this.root);
    await this.pruneEmptyDirs(path.dirname(metaDir), this.metaRoot);
    return count;
  }

  publicUrl(key: string): string {
    assertValidKey(key);
    return `${this.publicBaseUrl}/${encodeKeyForUrl(key)}`;
  }

  async ping(): Promise<void> {
    await fs.mkdir(this.tmpRoot, { recursive: true });
    const probe = path.join(this.tmpRoot, `ping-${randomBytes(8).toString('hex')}`);
    await fs.writeFile(probe, 'ok');
    await fs.rm(probe, { force: true });
  }

  // --- internals -------------------------------------------------------------------------

  private objectPath(key: string): string {
    assertValidKey(key);
    return this.resolveInside(this.root, key);
  }

  private metaPath(key: string): string {
    assertValidKey(key);
    return this.resolveInside(this.metaRoot, key);
  }

  /** Second line of defence after assertValidKey: the resolved path must stay under `base`. */
  private resolveInside(base: string, relative: string): string {
    const resolved = path.resolve(base, relative);
    if (resolved === base || !resolved.startsWith(base + path.sep)) {
      throw new Error(`Invalid storage key: ${JSON.stringify(relative)} escapes the storage root`);
    }
    return resolved;
  }

  private async readContentType(key: string): Promise<string> {
    try {
      const parsed: unknown = JSON.parse(await fs.readFile(this.metaPath(key), 'utf8'));
      if (parsed && typeof parsed === 'object' && 'contentType' in parsed && typeof parsed.contentType === 'string') {
        return parsed.contentType;
      }
    } catch (err) {
      if (!isMissing(err) && !(err instanceof SyntaxError)) throw err;
    }
    return DEFAULT_CONTENT_TYPE;
  }

  /** Writes the body to a fresh, fsynced file under `.tmp/` and returns its path. */
  private async writeTemp(body: Buffer | Readable): Promise<string> {
    await fs.mkdir(this.tmpRoot, { recursive: true });
    const tmp = path.join(this.tmpRoot, `${randomBytes(12).toString('hex')}.part`);
    const handle = await fs.open(tmp, 'wx');
    try {
      if (Buffer.isBuffer(body)) {
        await handle.writeFile(body);
      } else {
        // Awaiting each write gives back-pressure without stream plumbing.
        for await (const chunk of body) {
          await handle.write(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as string | Uint8Array));
        }
      }
      await handle.sync();
    } catch (err) {
      await handle.close().catch(() => {});
      await fs.rm(tmp, { force: true }).catch(() => {});
      if (!Buffer.isBuffer(body) && !body.destroyed) body.destroy();
      throw err;
    }
    await handle.close();
    return tmp;
  }

  /** Removes now-empty parent directories up to (not including) `stopAt`. */
  private async pruneEmptyDirs(dir: string, stopAt: string): Promise<void> {
    let current = dir;
    while (current.startsWith(stopAt + path.sep)) {
      try {
        await fs.rmdir(current); // fails unless empty
      } catch {
        return;
      }
      current = path.dirname(current);
    }
  }
}

/** `a/b c/d.png` → `a/b%20c/d.png`: each segment encoded, separators kept. */
export function encodeKeyForUrl(key: string): string {
  return key.split('/').map(encodeURIComponent).join('/');
}

/** Strips trailing slashes and validates the rest as a key; an empty prefix is refused. */
export function normalizePrefix(prefix: string): string {
  const trimmed = prefix.replace(/\/+$/, '');
  assertValidKey(trimmed);
  return trimmed;
}

function isMissing(err: unknown): boolean {
  const code = (err as NodeJS.ErrnoException | undefined)?.code;
  return code === 'ENOENT' || code === 'ENOTDIR';
}

/** A concurrent delete may prune the destination's (empty) parent; recreate it and retry. */
async function renameCreatingDirs(from: string, to: string): Promise<void> {
  for (let attempt = 0; ; attempt++) {
    await fs.mkdir(path.dirname(to), { recursive: true });
    try {
      await fs.rename(from, to);
      return;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'ENOENT' || attempt >= 4) throw err;
    }
  }
}

async function countFiles(dir: string): Promise<number> {
  let entries;
  try {
    entries = await fs.readdir(dir, { withFileTypes: true });
  } catch (err) {
    if (isMissing(err)) return 0;
    throw err;
  }
  let count = 0;
  for (const entry of entries) {
    if (entry.isDirectory()) count += await countFiles(path.join(dir, entry.name));
    else if (entry.isFile()) count += 1;
  }
  return count;
}
