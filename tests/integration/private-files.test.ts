import { randomBytes, randomUUID } from 'node:crypto';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MediaSigner, type Storage } from '@app/shared/server/storage';
import { S3Storage } from '@app/shared/server/storage/s3-storage';
import { bearer, createAccounts, type Session } from '../support/auth';
import { suiteDialect } from '../support/database';
import { insertMedia } from '../support/media-rows';
import { type RunningS3, startS3rver } from '../support/s3rver';
import { startTestApp, type TestContext } from '../support/test-app';

const dialect = suiteDialect();
const IMMUTABLE = 'public, max-age=31536000, immutable';

/** The path and query of an address (the app is reached in-process, whatever host the address names). */
const pathOf = (address: string): string => {
  const url = new URL(address);
  return `${url.pathname}${url.search}`;
};

interface Item {
  id: string;
  files: { full: string; thumb: string; variant: string };
  upload: string;
}

/**
 * Issue 42 item 5, "private means private": the files of an item that is not publicly listed, and
 * every source photo, answer only their owner's session or a short-lived signed address, privately
 * cached; everyone else gets a 404, within 2 s of a change. On the local disk and on S3 (s3rver),
 * where a signed address redirects to a presigned GET of the (private) bucket.
 */
describe.each(['local', 's3'] as const)(`private files on %s storage (${dialect})`, (driver) => {
  let s3: RunningS3 | undefined;
  let ctx: TestContext;
  let alice: Session;
  let bob: Session;

  beforeAll(async () => {
    s3 = driver === 's3' ? await startS3rver(`private-${randomBytes(3).toString('hex')}`) : undefined;
    ctx = await startTestApp(dialect, s3?.env ?? {}, { workers: false });
    if (ctx.infra.storage instanceof S3Storage) await ctx.infra.storage.ensureBucket();
    ({ alice, bob } = await createAccounts(ctx.infra, ['alice', 'bob']));
  }, 120_000);
  afterAll(async () => {
    await ctx?.close();
    await s3?.stop();
  });

  /** A finished item of Alice's with its three kinds of file, made from her uploaded photo. */
  async function aliceItem(isPublic: boolean): Promise<Item> {
    const id = randomUUID();
    const base = `users/${alice.user.id}/media/${id}`;
    const files = { full: `${base}/full.jpg`, thumb: `${base}/thumb.webp`, variant: `${base}/w480.webp` };
    const upload = `users/${alice.user.id}/uploads/${randomBytes(12).toString('hex')}.jpg`;
    const storage: Storage = ctx.infra.storage;
    for (const [key, body] of [[files.full, 'full'], [files.thumb, 'thumb'], [files.variant, 'w480'], [upload, 'source']] as const) {
      await storage.put(key, Buffer.from(`${body} of ${id}`), { contentType: key.endsWith('.jpg') ? 'image/jpeg' : 'image/webp', immutable: true });
    }
    await insertMedia(ctx.infra.db, {
      id,
      user_id: alice.user.id,
      preset_type: 'portrait',
      status: 'completed',
      is_public: isPublic,
      final_url: files.full,
      storage_key: files.full,
      thumbnail_url: files.thumb,
      thumbnail_key: files.thumb,
      source_url: upload,
      variants: JSON.stringify([{ key: files.variant, width: 480, format: 'webp' }]),
      metadata: JSON.stringify({ imageUrl: files.full }),
    });
    return { id, files, upload };
  }

  const plain = (key: string) => `/media/${key}`;
  const get = (path: string, session?: Session) => {
    const req = request(ctx.app).get(path).buffer(true);
    return session ? req.set(bearer(session)) : req;
  };

  /** What a browser gets at an address: the api's answer, and on S3 the bucket's behind its redirect. */
  async function load(path: string): Promise<{ status: number; cacheControl: string | undefined; body: string; redirected: boolean }> {
    const res = await get(path);
    if (res.status !== 302) return { status: res.status, cacheControl: res.headers['cache-control'], body: res.text ?? String(res.body), redirected: false };
    expect(res.headers['cache-control']).toMatch(/^private, max-age=\d+$/);
    const location = String(res.headers.location);
    // The presigned GET goes to the bucket itself, never back to the api.
    expect(location.startsWith(s3!.endpoint)).toBe(true);
    expect(new URL(location).searchParams.get('X-Amz-Signature')).toBeTruthy();
    const bucket = await fetch(location);
    return { status: bucket.status, cacheControl: bucket.headers.get('cache-control') ?? undefined, body: await bucket.text(), redirected: true };
  }

  /** The owner's addresses of an item's files, as the library answers them. */
  async function libraryAddresses(item: Item) {
    const res = await request(ctx.app).get('/api/getUserMedia').query({ userId: alice.user.id, limit: 50, offset: 0 }).set(bearer(alice));
    expect(res.status).toBe(200);
    const view = (res.body.items as Array<{ id: string; finalUrl: string; thumbnailUrl: string; variants: Array<{ url: string }> }>).find((i) => i.id === item.id)!;
    const page = await request(ctx.app).get('/api/get-media-item').query({ id: item.id }).set(bearer(alice));
    expect(page.status).toBe(200);
    return { full: view.finalUrl, thumb: view.thumbnailUrl, variant: view.variants[0]!.url, upload: page.body.item.source_url as string };
  }

  it('answers a private item’s files and its source photo to no stranger, to the owner’s session and to the signed addresses she is given', async () => {
    const item = await aliceItem(false);
    const keys = { ...item.files, upload: item.upload };
    const signed = await libraryAddresses(item);

    for (const [name, key] of Object.entries(keys)) {
      // A stranger, signed in or not, cannot tell the file from none.
      expect((await get(plain(key))).status, `${name} anonymous`).toBe(404);
      expect((await get(plain(key), bob)).status, `${name} bob`).toBe(404);
      expect((await get(`/media/${key.replace(/[^/]+$/, 'nothing.jpg')}`)).status).toBe(404);

      const own = await get(plain(key), alice);
      expect(own.status, `${name} alice's session`).toBe(200);
      expect(own.headers['cache-control']).toMatch(/^private/);
      expect(Buffer.from(own.body as Buffer).toString()).toContain(item.id);

      const address = signed[name as keyof typeof signed];
      expect(new URL(address).searchParams.get('sig'), name).toBeTruthy();
      const viaSignature = await load(pathOf(address));
      expect(viaSignature.status, `${name} signed`).toBe(200);
      expect(viaSignature.redirected).toBe(driver === 's3');
      expect(viaSignature.cacheControl, name).toMatch(/^private, max-age=\d+$/);
      expect(Number(viaSignature.cacheControl!.split('=')[1])).toBeLessThanOrEqual(3600);
      expect(viaSignature.body).toContain(item.id);
    }
  });

  it('refuses a tampered, expired or borrowed signature with a 404', async () => {
    const item = await aliceItem(false);
    const signed = new URL((await libraryAddresses(item)).full);
    const exp = signed.searchParams.get('exp')!;
    const sig = signed.searchParams.get('sig')!;
    const flipped = `${sig.slice(0, -2)}${sig.endsWith('AA') ? 'BB' : 'AA'}`;
    expect((await get(`${signed.pathname}?exp=${exp}&sig=${flipped}`)).status).toBe(404);
    expect((await get(`${signed.pathname}?exp=${Number(exp) + 60}&sig=${sig}`)).status).toBe(404);
    // The same signature does not open another file of the item.
    expect((await get(`${plain(item.files.thumb)}?exp=${exp}&sig=${sig}`)).status).toBe(404);
    // Signed with the product's own key, but two hours ago: expired.
    const old = new MediaSigner(ctx.infra.secrets.signingSecret).sign(item.files.full, new Date(Date.now() - 2 * 3600_000));
    expect((await get(`${plain(item.files.full)}?exp=${old.exp}&sig=${old.sig}`)).status).toBe(404);
  });

  it('serves a public item’s files to everyone with the long immutable caching, and closes them within 2 s of being made private, hidden or its owner banned', async () => {
    const item = await aliceItem(true);
    for (const key of Object.values(item.files)) {
      const res = await get(plain(key));
      expect(res.status).toBe(200);
      expect(res.headers['cache-control']).toBe(IMMUTABLE);
    }
    // Its source photo stays Alice's alone.
    expect((await get(plain(item.upload))).status).toBe(404);
    const feed = await request(ctx.app).get('/api/get-media-item').query({ id: item.id });
    expect(feed.body.item.finalUrl).toBe(`${ctx.config.storage.publicBaseUrl}/${item.files.full}`);
    expect(feed.body.item.source_url).toBeNull();

    const strangerSees = async () => (await get(plain(item.files.thumb))).status;
    const share = (isPublic: boolean) => request(ctx.app).post('/api/share-media').set(bearer(alice)).send({ mediaId: item.id, isPublic });

    expect((await share(false)).status).toBe(200);
    await expect.poll(strangerSees, { timeout: 2000, interval: 100 }).toBe(404);
    // The owner still loads it by her session, privately.
    expect((await get(plain(item.files.thumb), alice)).headers['cache-control']).toMatch(/^private/);

    expect((await share(true)).status).toBe(200);
    await expect.poll(strangerSees, { timeout: 2000, interval: 100 }).toBe(200);

    await ctx.infra.db.updateTable('media').set({ moderation: 'hidden' }).where('id', '=', item.id).execute();
    await expect.poll(strangerSees, { timeout: 2000, interval: 100 }).toBe(404);
    await ctx.infra.db.updateTable('media').set({ moderation: 'clear' }).where('id', '=', item.id).execute();
    await expect.poll(strangerSees, { timeout: 2000, interval: 100 }).toBe(200);

    await ctx.infra.db.updateTable('users').set({ banned: true }).where('id', '=', alice.user.id).execute();
    try {
      await expect.poll(strangerSees, { timeout: 2000, interval: 100 }).toBe(404);
    } finally {
      await ctx.infra.db.updateTable('users').set({ banned: false }).where('id', '=', alice.user.id).execute();
    }
  });

  it('shows an upload that is someone’s avatar to everyone, as their avatar is', async () => {
    const item = await aliceItem(false);
    expect((await get(plain(item.upload))).status).toBe(404);
    await ctx.infra.db.updateTable('users').set({ avatar_url: item.upload }).where('id', '=', alice.user.id).execute();
    await expect.poll(async () => (await get(plain(item.upload))).status, { timeout: 2000, interval: 100 }).toBe(200);
  });
});
