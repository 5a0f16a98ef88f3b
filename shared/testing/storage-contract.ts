import { randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Storage } from '../src/server/storage/storage';

export interface StorageHarness {
  storage: Storage;
  cleanup: () => Promise<void>;
}

/** 8-byte PNG signature followed by an IHDR chunk header. */
const PNG_HEADER = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0x00, 0x00, 0x00, 0x0d, 0x49, 0x48, 0x44, 0x52]);

export function pngBytes(size = 64 * 1024): Buffer {
  return Buffer.concat([PNG_HEADER, randomBytes(size)]);
}

export async function readBody(body: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of body) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as string));
  return Buffer.concat(chunks);
}

/** A stream that yields the buffer in several uneven chunks, as an upload would arrive. */
export function chunkedStream(bytes: Buffer, chunkSizes = [1, 7000, 65536]): Readable {
  const chunks: Buffer[] = [];
  let offset = 0;
  let i = 0;
  while (offset < bytes.length) {
    const size = chunkSizes[i++ % chunkSizes.length] ?? 1024;
    chunks.push(bytes.subarray(offset, offset + size));
    offset += size;
  }
  return Readable.from(chunks, { objectMode: false });
}

const INVALID_KEYS = ['../escape.txt', 'a/../../escape.txt', 'a/..', '/etc/passwd', '/abs/key.png', '', 'dir/', '.hidden', 'a/b\\..\\c', 'a//b/../c'];

/**
 * User-visible behaviour every Storage driver must share. `makeStorage` is called once;
 * each test works under its own random prefix so tests don't see each other's objects.
 */
export function describeStorageContract(name: string, makeStorage: () => Promise<StorageHarness>): void {
  describe(`Storage contract: ${name}`, () => {
    let storage: Storage;
    let cleanup: (() => Promise<void>) | undefined;
    const run = `t${randomBytes(4).toString('hex')}`;
    let n = 0;
    const prefix = () => `${run}/case${++n}`;

    beforeAll(async () => {
      const harness = await makeStorage();
      storage = harness.storage;
      cleanup = harness.cleanup;
    });

    afterAll(async () => {
      await cleanup?.();
    });

    it('round-trips binary bytes and content type from a Buffer', async () => {
      const key = `${prefix()}/image.png`;
      const bytes = pngBytes();
      await storage.put(key, bytes, { contentType: 'image/png' });

      const got = await storage.get(key);
      expect(got).not.toBeNull();
      expect(got?.contentType).toBe('image/png');
      expect(got?.contentLength).toBe(bytes.length);
      const body = await readBody(got!.body);
      expect(body.length).toBe(bytes.length);
      expect(body.equals(bytes)).toBe(true);
    });

    it('round-trips a stream body exactly', async () => {
      const key = `${prefix()}/clip.webm`;
      const bytes = Buffer.concat([randomBytes(150_000), Buffer.from('\r\n0;chunk-signature=\r\n'), randomBytes(10)]);
      await storage.put(key, chunkedStream(bytes), { contentType: 'video/webm' });

      const got = await storage.get(key);
      expect(got?.contentType).toBe('video/webm');
      expect(got?.contentLength).toBe(bytes.length);
      expect((await readBody(got!.body)).equals(bytes)).toBe(true);
    });

    it('round-trips arbitrary content types, including an empty object', async () => {
      const p = prefix();
      await storage.put(`${p}/doc.bin`, Buffer.from('{"a":1}'), { contentType: 'application/vnd.example+json' });
      await storage.put(`${p}/empty`, Buffer.alloc(0), { contentType: 'text/plain' });

      const doc = await storage.get(`${p}/doc.bin`);
      expect(doc?.contentType).toBe('application/vnd.example+json');
      expect((await readBody(doc!.body)).toString()).toBe('{"a":1}');

      const empty = await storage.get(`${p}/empty`);
      expect(empty?.contentType).toBe('text/plain');
      expect(empty?.contentLength).toBe(0);
      expect((await readBody(empty!.body)).length).toBe(0);
    });

    it('overwrites an existing key (content and content type)', async () => {
      const key = `${prefix()}/file`;
      await storage.put(key, Buffer.from('first version, longer'), { contentType: 'text/plain' });
      await storage.put(key, Buffer.from('second'), { contentType: 'application/octet-stream' });
      const got = await storage.get(key);
      expect(got?.contentType).toBe('application/octet-stream');
      expect((await readBody(got!.body)).toString()).toBe('second');
    });

    it('keeps the previous object when a streamed put fails midway', async () => {
      const key = `${prefix()}/file`;
      await storage.put(key, Buffer.from('original'), { contentType: 'text/plain' });
      const failing = new Readable({
        read() {
          this.push(Buffer.from('partial data'));
          this.destroy(new Error('client went away'));
        },
      });
      await expect(storage.put(key, failing, { contentType: 'text/html' })).rejects.toThrow('client went away');

      const got = await storage.get(key);
      expect(got?.contentType).toBe('text/plain');
      expect((await readBody(got!.body)).toString()).toBe('original');
    });

    it('exists reports true for stored keys and false otherwise', async () => {
      const p = prefix();
      await storage.put(`${p}/there.txt`, Buffer.from('x'), { contentType: 'text/plain' });
      expect(await storage.exists(`${p}/there.txt`)).toBe(true);
      expect(await storage.exists(`${p}/missing.txt`)).toBe(false);
      // A "directory" is not an object.
      expect(await storage.exists(p)).toBe(false);
    });

    it('get of a missing key resolves to null', async () => {
      const p = prefix();
      expect(await storage.get(`${p}/nothing-here.png`)).toBeNull();
      await storage.put(`${p}/dir/file.txt`, Buffer.from('x'), { contentType: 'text/plain' });
      expect(await storage.get(`${p}/dir`)).toBeNull();
      expect(await storage.get(`${p}/dir/file.txt/below`)).toBeNull();
    });

    it('delete removes the object; deleting a missing key is a no-op', async () => {
      const p = prefix();
      await storage.put(`${p}/a.txt`, Buffer.from('a'), { contentType: 'text/plain' });
      await storage.put(`${p}/b.txt`, Buffer.from('b'), { contentType: 'text/plain' });
      await storage.delete(`${p}/a.txt`);
      expect(await storage.get(`${p}/a.txt`)).toBeNull();
      expect(await storage.exists(`${p}/a.txt`)).toBe(false);
      expect(await storage.exists(`${p}/b.txt`)).toBe(true);
      await expect(storage.delete(`${p}/a.txt`)).resolves.toBeUndefined();
      await expect(storage.delete(`${p}/never/was.txt`)).resolves.toBeUndefined();
      // The key can be written again afterwards.
      await storage.put(`${p}/a.txt`, Buffer.from('again'), { contentType: 'text/plain' });
      expect((await readBody((await storage.get(`${p}/a.txt`))!.body)).toString()).toBe('again');
    });

    it('deletePrefix removes only that prefix (as a directory) and returns the count', async () => {
      const p = prefix();
      const inside = [`${p}/u1/a.png`, `${p}/u1/b.webp`, `${p}/u1/nested/deeper/c.json`];
      const outside = [`${p}/u10/a.png`, `${p}/u1-x/a.png`, `${p}/u1.png`, `${p}/other/u1/a.png`];
      for (const key of [...inside, ...outside]) {
        await storage.put(key, Buffer.from(key), { contentType: 'application/octet-stream' });
      }

      expect(await storage.deletePrefix(`${p}/u1`)).toBe(inside.length);
      for (const key of inside) expect(await storage.exists(key)).toBe(false);
      for (const key of outside) expect(await storage.exists(key)).toBe(true);

      // Nothing left under it now; a trailing slash means the same prefix.
      expect(await storage.deletePrefix(`${p}/u1/`)).toBe(0);
      expect(await storage.deletePrefix(`${p}/does-not-exist`)).toBe(0);

      expect(await storage.deletePrefix(`${p}/`)).toBe(outside.length);
      for (const key of outside) expect(await storage.exists(key)).toBe(false);

      // The prefix is usable again afterwards.
      await storage.put(`${p}/u1/a.png`, Buffer.from('new'), { contentType: 'image/png' });
      expect(await storage.exists(`${p}/u1/a.png`)).toBe(true);
    });

    it('deletePrefix counts and removes many objects at once', async () => {
      const p = prefix();
      const keys = Array.from({ length: 25 }, (_, i) => `${p}/many/${String(i).padStart(3, '0')}.bin`);
      await Promise.all(keys.map((k) => storage.put(k, randomBytes(16), { contentType: 'application/octet-stream' })));
      expect(await storage.deletePrefix(`${p}/many`)).toBe(keys.length);
      for (const key of keys) expect(await storage.exists(key)).toBe(false);
    });

    it.each(INVALID_KEYS)('rejects the invalid key %j everywhere', async (key) => {
      await expect(storage.put(key, Buffer.from('x'), { contentType: 'text/plain' })).rejects.toThrow(/Invalid storage key/);
      await expect(storage.get(key)).rejects.toThrow(/Invalid storage key/);
      await expect(storage.exists(key)).rejects.toThrow(/Invalid storage key/);
      await expect(storage.delete(key)).rejects.toThrow(/Invalid storage key/);
      expect(() => storage.publicUrl(key)).toThrow(/Invalid storage key/);
    });

    it('deletePrefix rejects traversal, absolute and empty prefixes', async () => {
      for (const bad of ['..', '../', 'a/../..', '/', '/etc', '', '//']) {
        await expect(storage.deletePrefix(bad)).rejects.toThrow(/Invalid storage key/);
      }
    });

    it('publicUrl is an absolute URL ending in the key', async () => {
      const key = `${prefix()}/avatar_1.v2-final.png`;
      const url = storage.publicUrl(key);
      const parsed = new URL(url);
      expect(['http:', 'https:']).toContain(parsed.protocol);
      expect(url.endsWith(`/${key}`)).toBe(true);
      expect(parsed.pathname.endsWith(`/${key}`)).toBe(true);
      expect(storage.publicUrl(key)).toBe(url); // deterministic
    });

    it('ping resolves when the store is reachable', async () => {
      await expect(storage.ping()).resolves.toBeUndefined();
    });
  });
}
