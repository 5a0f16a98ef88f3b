import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { deflateSync } from 'node:zlib';
import type { Express } from 'express';
import sharp from 'sharp';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../api/src/app';
import { authenticate } from '../../api/src/http/authenticate';
import { SessionDenylist } from '../../api/src/services/session-denylist';
import { uploadRoutes, uploadSignRoutes } from '../../api/src/routes/uploads';
import { RATE_RULES, RateLimits } from '../../api/src/http/rate-limits';
import { SingleUse } from '../../api/src/services/single-use';
import { UploadService } from '../../api/src/services/upload.service';
import { MediaFileAccess } from '../../api/src/services/media-file-access';
import { UploadSigner } from '../../api/src/services/upload-signature';
import { TokenService } from '../../api/src/services/tokens';
import { createLogger } from '@app/shared/server/logger';
import { MediaSigner, MediaUrls } from '@app/shared/server/storage';
import { canDecodeImage, findVideoTool } from '@app/shared/server/media';
import { UploadsRepository } from '@app/shared/server/repositories';
import { createRepositories } from '@app/shared/server/repositories';
import { suiteDialect } from '../support/database';
import { bearer, type Session, signIn } from '../support/auth';
import { startTestApp, type TestContext } from '../support/test-app';

const dialect = suiteDialect();
const uniqueEmail = (name: string) => `${name}-${randomBytes(4).toString('hex')}@example.com`;
const UPLOAD = '/v1_1/mirrorverse/auto/upload';
const MAX_IMAGE_BYTES = 1024 * 1024;
/** Kept high for the rest of the file; one test below exhausts it on purpose with a person of its own. */
const UPLOADS_PER_MINUTE = 60;
const videoTool = await findVideoTool();
// The clips are made with ffmpeg; the product measures them with its own tool (ffprobe when installed).
const ffmpeg = ['/usr/bin/ffmpeg', '/usr/local/bin/ffmpeg'].find((bin) => fs.existsSync(bin)) ?? (videoTool?.kind === 'ffmpeg' ? videoTool.path : null);

interface Signed {
  timestamp: number;
  signature: string;
  apiKey: string;
  cloudName: string;
  folder: string;
}

/** 300×200, left half red, right half blue, with EXIF orientation 6 (turn 90° clockwise), camera and GPS tags. */
async function phonePhoto(): Promise<Buffer> {
  const red = await sharp({ create: { width: 150, height: 200, channels: 3, background: '#ff0000' } }).png().toBuffer();
  return sharp({ create: { width: 300, height: 200, channels: 3, background: '#0000ff' } })
    .composite([{ input: red, left: 0, top: 0 }])
    .withExif({
      IFD0: { Make: 'AcmePhone', Model: 'X1' },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '51/1 30/1 0/1', GPSLongitudeRef: 'W', GPSLongitude: '0/1 7/1 0/1' },
    })
    .withMetadata({ orientation: 6 })
    .jpeg({ quality: 95 })
    .toBuffer();
}

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
function crc32(buf: Buffer): number {
  let c = 0xffffffff;
  for (const byte of buf) c = (CRC_TABLE[(c ^ byte) & 0xff] ?? 0) ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}
function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A valid 1-bit PNG of 20000×20000 (400 megapixels) that is only a few dozen kilobytes. */
function pixelBomb(): Buffer {
  const side = 20_000;
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(side, 0);
  ihdr.writeUInt32BE(side, 4);
  ihdr.set([1, 0, 0, 0, 0], 8); // bit depth 1, greyscale, deflate, no filter, no interlace
  const raw = Buffer.alloc((1 + Math.ceil(side / 8)) * side); // each row: filter byte 0 + zero bits
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', ihdr),
    pngChunk('IDAT', deflateSync(raw, { level: 9 })),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

/** The path and query of an address the api gave (a signed one keeps its signature). */
const pathOf = (address: string): string => {
  const url = new URL(address);
  return `${url.pathname}${url.search}`;
};

describe(`media uploads (${dialect})`, () => {
  let ctx: TestContext;
  let app: Express;
  let tmpDir: string;
  let alice: Session;
  let bob: Session;
  let signer: UploadSigner;

  beforeAll(async () => {
    ctx = await startTestApp(dialect);
    tmpDir = fs.mkdtempSync(path.join(os.tmpdir(), 'upload-spool-'));
    signer = new UploadSigner(ctx.infra.secrets.signingSecret);
    // Built here rather than through compose.ts, with a 1 MB image limit so "too large" stays cheap.
    const singleUse = new SingleUse(ctx.infra.redis, ctx.config.queuePrefix);
    const limits = new RateLimits(ctx.infra.redis, ctx.config.queuePrefix, { ...RATE_RULES, uploadsPerUser: { points: UPLOADS_PER_MINUTE, durationSeconds: 60 } });
    const repos = createRepositories(ctx.infra.db);
    const mediaSigner = new MediaSigner(ctx.infra.secrets.signingSecret);
    const urls = new MediaUrls(ctx.infra.storage, mediaSigner);
    const uploads = new UploadService(repos, ctx.infra.storage, urls, signer, singleUse, limits, { limits: { maxImageBytes: MAX_IMAGE_BYTES } });
    const signedIn = authenticate(
      { require: 'user' },
      { tokens: new TokenService(ctx.infra.secrets.jwtSecret), users: createRepositories(ctx.infra.db).users, denylist: new SessionDenylist(ctx.infra.redis, ctx.config.queuePrefix) },
    );
    app = createApp({
      config: ctx.config,
      logger: createLogger(ctx.config, 'uploads-test'),
      storage: ctx.infra.storage,
      mediaFiles: { access: new MediaFileAccess(repos), signer: mediaSigner, viewer: () => Promise.resolve(undefined) },
      readiness: {},
      functions: [uploadSignRoutes(uploads, signedIn)],
      routes: [uploadRoutes(uploads, { tmpDir })],
    });
    alice = await signIn(ctx.app, uniqueEmail('alice'));
    bob = await signIn(ctx.app, uniqueEmail('bob'));
  });
  afterAll(async () => {
    await ctx?.close();
    if (tmpDir) fs.rmSync(tmpDir, { recursive: true, force: true });
  });

  const sign = async (session: Session, folder = 'sources'): Promise<Signed> => {
    const res = await request(app).post('/.netlify/functions/cloudinary-sign').set(bearer(session)).send({ folder, resource_type: 'image' });
    expect(res.status).toBe(200);
    return res.body as Signed;
  };

  /** The multipart POST the spec's client makes; fields before the file unless `fileFirst`. */
  const upload = (
    signed: Signed,
    file: Buffer,
    options: {
      filename?: string;
      contentType?: string;
      fileFirst?: boolean;
      /** Fields sent after the file (the rest before it). */
      after?: string[];
      path?: string;
      override?: Record<string, string>;
    } = {},
  ) => {
    const fields: Record<string, string> = {
      timestamp: String(signed.timestamp),
      signature: signed.signature,
      api_key: signed.apiKey,
      folder: signed.folder,
      ...options.override,
    };
    let req = request(app).post(options.path ?? `/v1_1/${signed.cloudName}/auto/upload`);
    const attach = () => {
      req = req.attach('file', file, { filename: options.filename ?? 'photo.jpg', contentType: options.contentType ?? 'image/jpeg' });
    };
    const after = options.fileFirst ? Object.keys(fields) : (options.after ?? []);
    for (const [name, value] of Object.entries(fields)) if (!after.includes(name)) req = req.field(name, value);
    attach();
    for (const [name, value] of Object.entries(fields)) if (after.includes(name)) req = req.field(name, value);
    return req;
  };

  const spoolIsEmpty = () => expect(fs.readdirSync(tmpDir)).toEqual([]);

  /** Uploads an image under the byte limit but too large to decode: 400, nothing left spooled. */
  const expectTooLargeToDecode = async (image: Buffer, file: { filename: string; contentType: string }) => {
    expect(image.length).toBeLessThan(MAX_IMAGE_BYTES);
    const res = await upload(await sign(alice), image, file);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ error: { message: 'Image is too large' } });
    spoolIsEmpty();
  };

  describe('cloudinary-sign', () => {
    it('signs uploads into the sources folder and the person’s own folder', async () => {
      const before = Math.floor(Date.now() / 1000);
      const signed = await sign(alice);
      expect(signed).toMatchObject({ success: true, cloudName: 'mirrorverse', folder: 'sources' });
      // The key names the person, with a nonce that makes each signature unique.
      expect(signed.apiKey).toMatch(new RegExp(`^mv1_${alice.user.id}_[A-Za-z0-9_-]{8,}$`));
      expect((await sign(alice)).signature).not.toBe(signed.signature);
      expect(signed.signature).toMatch(/^[0-9a-f]{64}$/);
      expect(signed.timestamp).toBeGreaterThanOrEqual(before);
      expect(signed.timestamp).toBeLessThanOrEqual(Math.floor(Date.now() / 1000));
      expect(signed).not.toHaveProperty('upload_preset');
      // The signature is the HMAC of the sorted parameters, api_key (the person) included.
      expect(UploadSigner.stringToSign({ timestamp: signed.timestamp, folder: 'sources', api_key: signed.apiKey })).toBe(
        `api_key=${signed.apiKey}&folder=sources&timestamp=${signed.timestamp}`,
      );
      expect(signer.sign({ api_key: signed.apiKey, folder: 'sources', timestamp: signed.timestamp })).toBe(signed.signature);

      expect((await sign(alice, 'users/me')).folder).toBe(`users/${alice.user.id}`);
      expect((await sign(alice, `users/${alice.user.id}`)).folder).toBe(`users/${alice.user.id}`);
      const api = await request(app).post('/api/cloudinary-sign').set(bearer(alice)).send({ folder: 'sources' });
      expect(api.status).toBe(200);
    });

    it('refuses another person’s folder or any other folder with 403', async () => {
      for (const folder of [`users/${bob.user.id}`, 'users', 'users/me/../x', 'outputs', '']) {
        const res = await request(app).post('/api/cloudinary-sign').set(bearer(alice)).send({ folder });
        expect(res.status, folder).toBe(folder === '' ? 400 : 403);
        expect(res.body.success).toBe(false);
      }
      const res = await request(app).post('/api/cloudinary-sign').set(bearer(alice)).send({ folder: `users/${bob.user.id}` });
      expect(res.body.error).toBe("You don't have permission for this action.");
    });

    it('needs a signed-in person', async () => {
      const res = await request(app).post('/api/cloudinary-sign').send({ folder: 'sources' });
      expect(res.status).toBe(401);
      expect(res.body).toMatchObject({ success: false, error: 'Please sign in to continue.' });
    });
  });

  describe('the direct upload', () => {
    it('stores a photo rotated upright and stripped of EXIF and GPS, and serves it at secure_url', async () => {
      const photo = await phonePhoto();
      expect((await sharp(photo).metadata()).exif?.toString('latin1')).toContain('AcmePhone');

      const res = await upload(await sign(alice), photo);
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ resource_type: 'image', format: 'jpg', width: 200, height: 300, folder: 'sources', type: 'upload' });
      expect(res.body.public_id).toMatch(/^[0-9a-f]{24}$/);
      expect(res.body.bytes).toBeGreaterThan(0);
      expect(new Date(res.body.created_at).getTime()).toBeGreaterThan(Date.now() - 60_000);
      // Local storage's URL is plain http on localhost (see the report); S3 gives https. A source
      // photo is its owner's: the address is signed, and unsigned it answers no one (issue 42).
      const plain = `http://localhost:3000/media/users/${alice.user.id}/uploads/${res.body.public_id}.jpg`;
      expect(res.body.secure_url).toMatch(new RegExp(`^${plain.replace(/[.]/g, '\\.')}\\?exp=\\d+&sig=[\\w-]+$`));
      expect(res.body.url).toBe(res.body.secure_url);
      expect((await request(app).get(new URL(plain).pathname)).status).toBe(404);

      const served = await request(app).get(pathOf(res.body.secure_url)).buffer(true);
      expect(served.status).toBe(200);
      expect(served.headers['content-type']).toBe('image/jpeg');
      const body = served.body as Buffer;
      expect(body.length).toBe(res.body.bytes);
      const meta = await sharp(body).metadata();
      expect(meta).toMatchObject({ format: 'jpeg', width: 200, height: 300 });
      expect(meta.exif).toBeUndefined();
      expect(meta.xmp).toBeUndefined();
      expect(meta.orientation).toBeUndefined();
      expect(body.toString('latin1')).not.toContain('AcmePhone');
      const top = [...(await sharp(body).extract({ left: 100, top: 40, width: 1, height: 1 }).raw().toBuffer())];
      expect(top[0]).toBeGreaterThan(200); // the red half is on top after the quarter turn

      const row = await new UploadsRepository(ctx.infra.db).findByPublicId(res.body.public_id);
      expect(row).toMatchObject({
        public_id: res.body.public_id,
        user_id: alice.user.id,
        folder: 'sources',
        resource_type: 'image',
        format: 'jpg',
        content_type: 'image/jpeg',
        bytes: res.body.bytes,
        width: 200,
        height: 300,
        duration_seconds: null,
        storage_key: `users/${alice.user.id}/uploads/${res.body.public_id}.jpg`,
      });
      spoolIsEmpty();
    });

    it('goes by the bytes, not the name or Content-Type: a PNG called photo.jpg stays a PNG', async () => {
      const png = await sharp({ create: { width: 40, height: 30, channels: 4, background: { r: 10, g: 200, b: 10, alpha: 0.5 } } }).png().toBuffer();
      const res = await upload(await sign(alice), png, { filename: 'photo.jpg', contentType: 'image/jpeg' });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ format: 'png', width: 40, height: 30 });
      expect(new URL(res.body.secure_url).pathname).toMatch(/\.png$/);
      const served = await request(app).get(pathOf(res.body.secure_url)).buffer(true);
      expect(served.headers['content-type']).toBe('image/png');
    });

    it('refuses a text file named photo.jpg', async () => {
      const res = await upload(await sign(alice), Buffer.from('definitely not a photo\n'.repeat(40)), { filename: 'photo.jpg' });
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ error: { message: 'Unsupported file type' } });
      spoolIsEmpty();
    });

    it('refuses HEIC where this sharp cannot decode it, and a broken JPEG', async () => {
      const ftyp = Buffer.alloc(24);
      ftyp.writeUInt32BE(24, 0);
      ftyp.write('ftypheic', 4, 'latin1');
      ftyp.write('mif1heic', 16, 'latin1');
      const heic = Buffer.concat([ftyp, randomBytes(2000)]);
      const res = await upload(await sign(alice), heic, { filename: 'IMG_0001.HEIC', contentType: 'image/heic' });
      expect(res.status).toBe(400);
      expect(res.body.error.message).toBe(canDecodeImage('heic') ? 'Invalid image file' : 'Unsupported file type');

      const jpeg = await sharp({ create: { width: 50, height: 50, channels: 3, background: '#fff' } }).jpeg().toBuffer();
      const broken = await upload(await sign(alice), Buffer.concat([jpeg.subarray(0, 20), Buffer.alloc(600, 0x41)]));
      expect(broken.status).toBe(400);
      expect(broken.body.error.message).toBe('Invalid image file');
      spoolIsEmpty();
    });

    it('refuses an empty file and a missing file', async () => {
      const empty = await upload(await sign(alice), Buffer.alloc(0));
      expect(empty.status).toBe(400);
      expect(empty.body.error.message).toBe('Empty file');

      const signed = await sign(alice);
      const missing = await request(app)
        .post(UPLOAD)
        .field('timestamp', String(signed.timestamp))
        .field('signature', signed.signature)
        .field('api_key', signed.apiKey)
        .field('folder', signed.folder);
      expect(missing.status).toBe(400);
      expect(missing.body.error.message).toBe('Missing required parameter - file');
    });

    it('refuses a tampered signature, another api_key and another folder with 401', async () => {
      const photo = await sharp({ create: { width: 10, height: 10, channels: 3, background: '#fff' } }).jpeg().toBuffer();
      const signed = await sign(alice);
      const flipped = (signed.signature[0] === 'a' ? 'b' : 'a') + signed.signature.slice(1);
      for (const fileFirst of [false, true]) {
        const res = await upload(signed, photo, { fileFirst, override: { signature: flipped } });
        expect(res.status).toBe(401);
        expect(res.body).toEqual({ error: { message: 'Invalid Signature' } });
      }
      const bobsKey = await upload(signed, photo, { override: { api_key: `mv1_${bob.user.id}` } });
      expect(bobsKey.status).toBe(401);
      const bobsFolder = await upload(signed, photo, { override: { folder: `users/${bob.user.id}` } });
      expect(bobsFolder.status).toBe(401);
      const unsigned = await upload(signed, photo, { override: { upload_preset: 'anything' } });
      expect(unsigned.status).toBe(401);
      const noSignature = await upload(signed, photo, { override: { signature: '' } });
      expect(noSignature.status).toBe(401);
      spoolIsEmpty();
    });

    it('answers a file part cut off before its closing boundary with 400, and keeps serving', async () => {
      for (const signedFirst of [false, true]) {
        const signed = await sign(alice);
        const fields = signedFirst
          ? ['timestamp', 'signature', 'api_key', 'folder']
              .map((name, i) => `--B\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${[signed.timestamp, signed.signature, signed.apiKey, signed.folder][i]}\r\n`)
              .join('')
          : '';
        const body = Buffer.concat([
          Buffer.from(`${fields}--B\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n`),
          Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a]),
        ]);
        const res = await request(app).post(UPLOAD).set('Content-Type', 'multipart/form-data; boundary=B').send(body);
        expect(res.status).toBe(400);
        expect(res.body).toEqual({ error: { message: 'Malformed multipart body' } });
      }
      spoolIsEmpty();
      const photo = await sharp({ create: { width: 10, height: 10, channels: 3, background: '#abc' } }).jpeg().toBuffer();
      expect((await upload(await sign(alice), photo)).status).toBe(200);
    });

    it('stores one file per signature: a replay, or a race of two, is refused', async () => {
      const photo = await sharp({ create: { width: 10, height: 10, channels: 3, background: '#fff' } }).jpeg().toBuffer();
      const signed = await sign(alice);
      expect((await upload(signed, photo)).status).toBe(200);
      const replay = await upload(signed, photo);
      expect(replay.status).toBe(401);
      expect(replay.body).toEqual({ error: { message: 'Invalid Signature - already used' } });

      const raced = await sign(alice);
      const statuses = (await Promise.all([upload(raced, photo), upload(raced, photo), upload(raced, photo)])).map((r) => r.status).sort();
      expect(statuses).toEqual([200, 401, 401]);

      // A refused file does not use the signature up: the person's fixed file still goes through.
      const retried = await sign(alice);
      expect((await upload(retried, Buffer.from('not an image at all'))).status).toBe(400);
      expect((await upload(retried, photo)).status).toBe(200);
    });

    it('limits files per person per minute with 429 and Retry-After, without touching others', async () => {
      const carol = await signIn(ctx.app, uniqueEmail('carol'));
      const photo = await sharp({ create: { width: 10, height: 10, channels: 3, background: '#0a0' } }).jpeg().toBuffer();
      for (let i = 0; i < UPLOADS_PER_MINUTE; i++) expect((await upload(await sign(carol), photo)).status).toBe(200);
      const over = await upload(await sign(carol), photo);
      expect(over.status).toBe(429);
      expect(over.body.error.message).toMatch(/too many requests/i);
      expect(Number(over.headers['retry-after'])).toBeGreaterThan(0);
      const dave = await signIn(ctx.app, uniqueEmail('dave'));
      expect((await upload(await sign(dave), photo)).status).toBe(200);
      spoolIsEmpty();
    }, 120_000);

    it('refuses a small GIF declaring a canvas too large to decode with 400 Image is too large', async () => {
      const frame = (hex: string) => sharp({ create: { width: 2200, height: 2200, channels: 3, background: hex } }).png().toBuffer();
      const gif = await sharp([await frame('#102030'), await frame('#302010')], { join: { animated: true }, limitInputPixels: false }).gif({ effort: 1 }).toBuffer();
      await expectTooLargeToDecode(gif, { filename: 'a.gif', contentType: 'image/gif' });
    });

    it('takes the fields in any order around the file', async () => {
      const photo = await sharp({ create: { width: 10, height: 10, channels: 3, background: '#fff' } }).jpeg().toBuffer();
      for (const after of [['folder'], ['timestamp', 'folder'], ['signature']]) {
        const res = await upload(await sign(alice), photo, { after });
        expect(res.status, after.join()).toBe(200);
      }
      expect((await upload(await sign(alice), photo, { fileFirst: true })).status).toBe(200);
    });

    it('accepts users/me for the own folder, as signed', async () => {
      const photo = await sharp({ create: { width: 12, height: 8, channels: 3, background: '#123456' } }).webp().toBuffer();
      for (const folder of [`users/${alice.user.id}`, 'users/me']) {
        const signed = await sign(alice, 'users/me');
        const res = await upload(signed, photo, { override: { folder } });
        expect(res.status).toBe(200);
        expect(res.body).toMatchObject({ folder: `users/${alice.user.id}`, format: 'webp', width: 12, height: 8 });
      }
    });

    it('refuses an expired timestamp and one from the future with 401 Stale request', async () => {
      const photo = await sharp({ create: { width: 10, height: 10, channels: 3, background: '#fff' } }).jpeg().toBuffer();
      const apiKey = signer.apiKeyFor(alice.user.id);
      const now = Math.floor(Date.now() / 1000);
      for (const timestamp of [now - 11 * 60, now + 5 * 60]) {
        const signature = signer.sign({ api_key: apiKey, folder: 'sources', timestamp });
        const res = await upload({ timestamp, signature, apiKey, folder: 'sources', cloudName: 'mirrorverse' }, photo);
        expect(res.status).toBe(401);
        expect(res.body).toEqual({ error: { message: 'Stale request' } });
      }
      const recent = now - 9 * 60;
      const ok = await upload({ timestamp: recent, signature: signer.sign({ api_key: apiKey, folder: 'sources', timestamp: recent }), apiKey, folder: 'sources', cloudName: 'mirrorverse' }, photo);
      expect(ok.status).toBe(200);
    });

    it('cuts off a file over the limit with 413', async () => {
      const head = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#fff' } }).jpeg().toBuffer();
      const huge = Buffer.concat([head.subarray(0, 300), randomBytes(3 * MAX_IMAGE_BYTES)]);
      const res = await upload(await sign(alice), huge);
      expect(res.status).toBe(413);
      expect(res.body).toEqual({ error: { message: 'File too large' } });
      spoolIsEmpty();
      // Cut off before the end, nothing was stored.
      const rows = await new UploadsRepository(ctx.infra.db).listForUser(alice.user.id, { limit: 100 });
      expect(rows.every((r) => r.bytes <= MAX_IMAGE_BYTES)).toBe(true);
    });

    it('refuses a decompression bomb with 400 Image is too large', async () => {
      await expectTooLargeToDecode(pixelBomb(), { filename: 'tiny.png', contentType: 'image/png' });
    });

    it('accepts a base64 data: URL as the file, but never a remote URL', async () => {
      const signed = await sign(alice);
      const png = await sharp({ create: { width: 5, height: 7, channels: 3, background: '#f0f' } }).png().toBuffer();
      const fields = (file: string) =>
        request(app)
          .post(UPLOAD)
          .field('file', file)
          .field('timestamp', String(signed.timestamp))
          .field('signature', signed.signature)
          .field('api_key', signed.apiKey)
          .field('folder', signed.folder);
      const res = await fields(`data:image/png;base64,${png.toString('base64')}`);
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ format: 'png', width: 5, height: 7 });
      const remote = await fields('https://example.com/cat.jpg');
      expect(remote.status).toBe(400);
      expect(remote.body.error.message).toBe('Remote files are not supported');
    });

    it('answers only for its own cloud name, and image/upload only for images', async () => {
      const signed = await sign(alice);
      const photo = await sharp({ create: { width: 10, height: 10, channels: 3, background: '#fff' } }).jpeg().toBuffer();
      const wrongCloud = await upload(signed, photo, { path: '/v1_1/someone-else/auto/upload' });
      expect(wrongCloud.status).toBe(401);
      expect(wrongCloud.body.error.message).toBe('Invalid cloud_name');
      const asImage = await upload(signed, photo, { path: '/v1_1/mirrorverse/image/upload' });
      expect(asImage.status).toBe(200);
      const asVideo = await upload(await sign(alice), photo, { path: '/v1_1/mirrorverse/video/upload' });
      expect(asVideo.status).toBe(400);
      expect(asVideo.body.error.message).toBe('Unsupported file type');
      const notMultipart = await request(app).post(UPLOAD).send({ file: 'x' });
      expect(notMultipart.status).toBe(400);
      expect(notMultipart.body.error.message).toBe('Expected a multipart/form-data body');
    });

    it('lists the person’s uploads, newest first, and nobody else’s', async () => {
      const photo = await sharp({ create: { width: 9, height: 9, channels: 3, background: '#0f0' } }).jpeg().toBuffer();
      const mine = await upload(await sign(bob), photo);
      expect(mine.status).toBe(200);
      const rows = await new UploadsRepository(ctx.infra.db).listForUser(bob.user.id);
      expect(rows.map((r) => r.public_id)).toEqual([mine.body.public_id]);
      const alices = await new UploadsRepository(ctx.infra.db).listForUser(alice.user.id);
      expect(alices.length).toBeGreaterThan(1);
      expect(alices.every((r) => r.user_id === alice.user.id && r.storage_key.startsWith(`users/${alice.user.id}/uploads/`))).toBe(true);
    });
  });

  // Needs ffmpeg (Debian's, or @ffmpeg-installer/ffmpeg) to make clips; in CI (CI=true) its absence fails.
  describe.runIf(ffmpeg || process.env.CI === 'true')(`video uploads (measured with ${videoTool?.kind ?? 'no tool'})`, () => {
    const makeClip = async (name: string, codec: string[]) => {
      const file = path.join(tmpDir, '..', `${randomBytes(4).toString('hex')}-${name}`);
      await promisify(execFile)(ffmpeg!, ['-hide_banner', '-loglevel', 'error', '-f', 'lavfi', '-i', 'testsrc=size=64x48:rate=10', '-t', '1', ...codec, '-y', file]);
      const bytes = fs.readFileSync(file);
      fs.rmSync(file);
      return bytes;
    };

    it('stores an mp4 as it is, measured', async () => {
      const clip = await makeClip('clip.mp4', ['-c:v', 'libx264', '-pix_fmt', 'yuv420p']);
      const res = await upload(await sign(alice), clip, { filename: 'clip.jpg', contentType: 'image/jpeg' });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ resource_type: 'video', format: 'mp4', width: 64, height: 48, duration: 1, bytes: clip.length });
      const served = await request(app).get(pathOf(res.body.secure_url)).buffer(true);
      expect(served.status).toBe(200);
      expect(served.headers['content-type']).toBe('video/mp4');
      expect(Buffer.compare(served.body as Buffer, clip)).toBe(0);
      const row = await new UploadsRepository(ctx.infra.db).findByPublicId(res.body.public_id);
      expect(row).toMatchObject({ resource_type: 'video', content_type: 'video/mp4', width: 64, height: 48, duration_seconds: 1 });

      const asImage = await upload(await sign(alice), clip, { path: '/v1_1/mirrorverse/image/upload' });
      expect(asImage.status).toBe(400);
    });

    it('stores a webm, and refuses a file that only starts like a video', async () => {
      const webm = await makeClip('clip.webm', ['-c:v', 'libvpx']);
      const res = await upload(await sign(alice), webm, { path: '/v1_1/mirrorverse/video/upload', filename: 'clip.webm', contentType: 'video/webm' });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ resource_type: 'video', format: 'webm', width: 64, height: 48 });

      const fake = Buffer.concat([webm.subarray(0, 64), Buffer.alloc(4096, 9)]);
      const bad = await upload(await sign(alice), fake);
      expect(bad.status).toBe(400);
      expect(bad.body.error.message).toBe('Invalid video file');
      spoolIsEmpty();
    });
  });
});
