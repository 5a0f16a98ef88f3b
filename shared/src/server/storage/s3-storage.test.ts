import { HeadObjectCommand, PutObjectCommand } from '@aws-sdk/client-s3';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStorage } from './create-storage';
import { S3Storage, ensureBucket } from './s3-storage';
import type { S3StorageOptions } from './s3-storage';
import { chunkedStream, describeStorageContract, pngBytes, readBody } from '../../../testing/storage-contract';

// s3rver is CommonJS and ships no type declarations; describe the little we use.
interface S3rverInstance {
  run(): Promise<AddressInfo>;
  close(): Promise<void>;
}
type S3rverConstructor = new (options: {
  address: string;
  port: number;
  silent: boolean;
  directory: string;
  resetOnClose?: boolean;
}) => S3rverInstance;
const S3rver = createRequire(import.meta.url)('s3rver') as S3rverConstructor;

interface RunningS3 {
  endpoint: string;
  directory: string;
  stop: () => Promise<void>;
}

async function startS3rver(): Promise<RunningS3> {
  const directory = await fs.mkdtemp(path.join(os.tmpdir(), 's3rver-'));
  const server = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory });
  // run() resolves with the http server's address(), so port 0 gives us the real bound port.
  const { port } = await server.run();
  return {
    endpoint: `http://127.0.0.1:${port}`,
    directory,
    stop: async () => {
      await server.close();
      await fs.rm(directory, { recursive: true, force: true });
    },
  };
}

function optionsFor(endpoint: string, bucket: string): S3StorageOptions {
  return {
    endpoint,
    region: 'us-east-1',
    bucket,
    accessKeyId: 'S3RVER',
    secretAccessKey: 'S3RVER',
    forcePathStyle: true,
  };
}

describeStorageContract('S3Storage (s3rver)', async () => {
  const s3 = await startS3rver();
  const storage = new S3Storage(optionsFor(s3.endpoint, 'contract'));
  await ensureBucket(storage);
  return {
    storage,
    cleanup: async () => {
      storage.client.destroy();
      await s3.stop();
    },
  };
});

describe('S3Storage specifics (s3rver)', () => {
  let s3: RunningS3;
  let storage: S3Storage;
  const bucket = 'media';

  /** Where s3rver's filesystem store keeps an object's raw bytes. */
  const rawObjectPath = (key: string) => path.join(s3.directory, bucket, `${key}._S3rver_object`);

  beforeAll(async () => {
    s3 = await startS3rver();
    await ensureBucket(optionsFor(s3.endpoint, bucket));
    storage = new S3Storage(optionsFor(s3.endpoint, bucket));
  });

  afterAll(async () => {
    storage?.client.destroy();
    await s3?.stop();
  });

  it('stores a streamed upload byte-for-byte (no aws-chunked framing)', async () => {
    const bytes = pngBytes(200_000);
    await storage.put('stream/exact.png', chunkedStream(bytes), { contentType: 'image/png' });

    const raw = await fs.readFile(rawObjectPath('stream/exact.png'));
    expect(raw.length).toBe(bytes.length);
    expect(raw.equals(bytes)).toBe(true);
    expect(raw.includes(Buffer.from('chunk-signature'))).toBe(false);
    expect(raw.includes(Buffer.from('x-amz-checksum'))).toBe(false);

    const got = await storage.get('stream/exact.png');
    expect((await readBody(got!.body)).equals(bytes)).toBe(true);
  });

  it('configures the client so even a raw streamed PutObject is stored verbatim', async () => {
    // S3Storage.put buffers streams, but anything else using `storage.client` with a stream body
    // must not get aws-chunked framing (SDK default since 3.729, stored verbatim by s3rver/MinIO).
    const bytes = pngBytes(100_000);
    await storage.client.send(
      new PutObjectCommand({ Bucket: bucket, Key: 'stream/raw.png', Body: chunkedStream(bytes), ContentLength: bytes.length }),
    );
    const raw = await fs.readFile(rawObjectPath('stream/raw.png'));
    expect(raw.includes(Buffer.from('chunk-signature'))).toBe(false);
    expect(raw.includes(Buffer.from('x-amz-checksum'))).toBe(false);
    expect(raw.equals(bytes)).toBe(true);
  });

  it('stores a Buffer upload byte-for-byte', async () => {
    const bytes = randomBytes(33_333);
    await storage.put('buffer/exact.bin', bytes, { contentType: 'application/octet-stream' });
    expect((await fs.readFile(rawObjectPath('buffer/exact.bin'))).equals(bytes)).toBe(true);
  });

  it('sets Cache-Control on immutable puts only', async () => {
    await storage.put('cache/immutable.webp', Buffer.from('i'), { contentType: 'image/webp', immutable: true });
    await storage.put('cache/mutable.json', Buffer.from('{}'), { contentType: 'application/json' });

    const immutable = await storage.client.send(new HeadObjectCommand({ Bucket: bucket, Key: 'cache/immutable.webp' }));
    expect(immutable.CacheControl).toBe('public, max-age=31536000, immutable');
    expect(immutable.ContentType).toBe('image/webp');

    const mutable = await storage.client.send(new HeadObjectCommand({ Bucket: bucket, Key: 'cache/mutable.json' }));
    expect(mutable.CacheControl).toBeUndefined();
  });

  it('deletePrefix pages through more than 1000 objects', async () => {
    const keys = Array.from({ length: 1005 }, (_, i) => `bulk/${String(i).padStart(4, '0')}`);
    for (let i = 0; i < keys.length; i += 50) {
      await Promise.all(keys.slice(i, i + 50).map((k) => storage.put(k, Buffer.from(k), { contentType: 'text/plain' })));
    }
    await storage.put('bulkier/keep', Buffer.from('keep'), { contentType: 'text/plain' });

    expect(await storage.deletePrefix('bulk')).toBe(keys.length);
    expect(await storage.exists('bulk/0000')).toBe(false);
    expect(await storage.exists('bulk/1004')).toBe(false);
    expect(await storage.exists('bulkier/keep')).toBe(true);
  }, 60_000);

  it('builds path-style public URLs from the endpoint, or uses publicBaseUrl', () => {
    expect(storage.publicUrl('media/u1/a.webp')).toBe(`${s3.endpoint}/media/media/u1/a.webp`);
    const cdn = new S3Storage({ ...optionsFor(s3.endpoint, bucket), publicBaseUrl: 'https://cdn.example.com/assets/' });
    expect(cdn.publicUrl('media/u1/a.webp')).toBe('https://cdn.example.com/assets/media/u1/a.webp');
    const vhost = new S3Storage({ ...optionsFor('https://s3.example.com', bucket), forcePathStyle: false });
    expect(vhost.publicUrl('x/y.png')).toBe('https://media.s3.example.com/x/y.png');
    const aws = new S3Storage({ region: 'eu-west-1', bucket: 'b', forcePathStyle: false });
    expect(aws.publicUrl('x/y.png')).toBe('https://b.s3.eu-west-1.amazonaws.com/x/y.png');
    for (const s of [cdn, vhost, aws]) s.client.destroy();
  });

  it('treats a missing bucket as an error, not as a missing object', async () => {
    const missing = new S3Storage(optionsFor(s3.endpoint, 'no-such-bucket'));
    try {
      await expect(missing.ping()).rejects.toThrow();
      await expect(missing.get('a/b.png')).rejects.toThrow();
    } finally {
      missing.client.destroy();
    }
  });

  it('ensureBucket creates a missing bucket and is idempotent', async () => {
    const fresh = new S3Storage(optionsFor(s3.endpoint, 'fresh-bucket'));
    try {
      await expect(fresh.ping()).rejects.toThrow();
      await ensureBucket(fresh);
      await ensureBucket(fresh);
      await ensureBucket(optionsFor(s3.endpoint, 'fresh-bucket'));
      await expect(fresh.ping()).resolves.toBeUndefined();
      await fresh.put('k/v.txt', Buffer.from('v'), { contentType: 'text/plain' });
      expect(await fresh.exists('k/v.txt')).toBe(true);
    } finally {
      fresh.client.destroy();
    }
  });

  it('surfaces auth errors instead of treating them as missing objects', async () => {
    // s3rver checks the access key id but does not verify SigV4 signatures, so use an unknown id.
    const bad = new S3Storage({ ...optionsFor(s3.endpoint, bucket), accessKeyId: 'NOT-A-KEY' });
    try {
      await expect(bad.put('x/y', Buffer.from('y'), { contentType: 'text/plain' })).rejects.toThrow(/Access Key Id/i);
      await expect(bad.get('stream/exact.png')).rejects.toThrow(/Access Key Id/i);
      await expect(bad.ping()).rejects.toThrow();
    } finally {
      bad.client.destroy();
    }
  });

  it('createStorage picks the s3 driver', () => {
    const s = createStorage({ driver: 's3', ...optionsFor(s3.endpoint, bucket) });
    expect(s).toBeInstanceOf(S3Storage);
    expect(s.kind).toBe('s3');
    (s as S3Storage).client.destroy();
  });
});
