import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStorage } from './create-storage';
import { LocalStorage } from './local-storage';
import { describeStorageContract, pngBytes, readBody } from '../../../testing/storage-contract';

async function listFiles(dir: string): Promise<string[]> {
  const entries = await fs.readdir(dir, { recursive: true, withFileTypes: true });
  return entries
    .filter((e) => e.isFile())
    .map((e) => path.relative(dir, path.join(e.parentPath, e.name)))
    .sort();
}

describeStorageContract('LocalStorage', async () => {
  const root = await fs.mkdtemp(path.join(os.tmpdir(), 'local-storage-contract-'));
  return {
    storage: new LocalStorage({ root, publicBaseUrl: 'http://localhost:3000/media' }),
    cleanup: () => fs.rm(root, { recursive: true, force: true }),
  };
});

describe('LocalStorage specifics', () => {
  let parent: string;
  let root: string;
  let storage: LocalStorage;

  beforeAll(async () => {
    parent = await fs.mkdtemp(path.join(os.tmpdir(), 'local-storage-'));
    root = path.join(parent, 'media');
    storage = new LocalStorage({ root, publicBaseUrl: 'http://localhost:3000/media/' });
  });

  afterAll(async () => {
    await fs.rm(parent, { recursive: true, force: true });
  });

  it('never writes outside root, whatever the key', async () => {
    await storage.put('inside/ok.txt', Buffer.from('ok'), { contentType: 'text/plain' });
    const crafted = [
      '../escape.txt',
      '../media-sibling/escape.txt',
      'inside/../../escape.txt',
      `..${path.sep}escape.txt`,
      path.join(parent, 'escape.txt'),
      '/tmp/escape.txt',
      'inside/..%2f..%2fescape.txt'.replace(/%2f/g, '/'),
      'a/\u0000/b',
      '.meta/inside/ok.txt',
      '.tmp/x',
    ];
    for (const key of crafted) {
      await expect(storage.put(key, Buffer.from('pwned'), { contentType: 'text/plain' }), key).rejects.toThrow(/Invalid storage key/);
      await expect(storage.put(key, Readable.from([Buffer.from('pwned')]), { contentType: 'text/plain' }), key).rejects.toThrow(
        /Invalid storage key/,
      );
    }
    await expect(storage.deletePrefix('..')).rejects.toThrow(/Invalid storage key/);
    await expect(storage.deletePrefix(parent)).rejects.toThrow(/Invalid storage key/);

    // The parent holds only the root; the root holds only the one legitimate object (+ its sidecar).
    expect(await fs.readdir(parent)).toEqual(['media']);
    expect(await listFiles(root)).toEqual(['.meta/inside/ok.txt', 'inside/ok.txt']);
    expect(await storage.exists('inside/ok.txt')).toBe(true);
  });

  it('stores the object bytes verbatim at root/<key> and the content type in a sidecar', async () => {
    const bytes = pngBytes(1000);
    await storage.put('u1/pic.png', bytes, { contentType: 'image/x-custom', immutable: true });
    expect((await fs.readFile(path.join(root, 'u1/pic.png'))).equals(bytes)).toBe(true);
    expect(JSON.parse(await fs.readFile(path.join(root, '.meta/u1/pic.png'), 'utf8'))).toEqual({
      contentType: 'image/x-custom',
      immutable: true,
    });
    // No temp files are left behind.
    expect(await fs.readdir(path.join(root, '.tmp'))).toEqual([]);
    // Sidecars are not objects.
    expect(await storage.exists('u1/pic.png')).toBe(true);
    expect(await storage.deletePrefix('u1')).toBe(1);
    await expect(fs.stat(path.join(root, 'u1'))).rejects.toMatchObject({ code: 'ENOENT' });
    await expect(fs.stat(path.join(root, '.meta/u1'))).rejects.toMatchObject({ code: 'ENOENT' });
  });

  it('leaves no partial file or temp file behind when a streamed put fails', async () => {
    const failing = new Readable({
      read() {
        this.push(Buffer.alloc(10_000, 1));
        this.destroy(new Error('boom'));
      },
    });
    await expect(storage.put('partial/file.bin', failing, { contentType: 'application/octet-stream' })).rejects.toThrow('boom');
    expect(await storage.exists('partial/file.bin')).toBe(false);
    expect(await storage.get('partial/file.bin')).toBeNull();
    expect(await fs.readdir(path.join(root, '.tmp'))).toEqual([]);
  });

  it('falls back to application/octet-stream when the sidecar is missing', async () => {
    await fs.mkdir(path.join(root, 'legacy'), { recursive: true });
    await fs.writeFile(path.join(root, 'legacy/old.bin'), 'old');
    const got = await storage.get('legacy/old.bin');
    expect(got?.contentType).toBe('application/octet-stream');
    expect((await readBody(got!.body)).toString()).toBe('old');
  });

  it('builds public URLs from the base, encoding each segment', () => {
    expect(storage.publicUrl('media/u1/a.webp')).toBe('http://localhost:3000/media/media/u1/a.webp');
    const other = new LocalStorage({ root, publicBaseUrl: 'https://cdn.example.com/files' });
    expect(other.publicUrl('a/b_c-d.e.png')).toBe('https://cdn.example.com/files/a/b_c-d.e.png');
  });

  it('ping succeeds on a writable root and fails on an unusable one', async () => {
    await expect(storage.ping()).resolves.toBeUndefined();
    const file = path.join(parent, 'not-a-dir');
    await fs.writeFile(file, 'x');
    await expect(new LocalStorage({ root: file, publicBaseUrl: 'http://x' }).ping()).rejects.toThrow();
  });

  it('requires an absolute root', () => {
    expect(() => new LocalStorage({ root: 'relative/media', publicBaseUrl: 'http://x' })).toThrow(/absolute/);
  });

  it('createStorage picks the local driver', () => {
    const s = createStorage({ driver: 'local', root, publicBaseUrl: 'http://localhost:3000/media' });
    expect(s).toBeInstanceOf(LocalStorage);
    expect(s.kind).toBe('local');
  });
});
