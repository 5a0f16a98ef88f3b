import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import request from 'supertest';
import { beforeAll, describe, expect, it } from 'vitest';
import { bearer, createAccount, type Session } from '../support/auth';
import { suiteDialect } from '../support/database';
import { useTestApp } from '../support/test-app';
import { fixture, uploadFile } from '../support/uploads';

/** Issue 47 §2: an avatar is shown from small square WebP copies, never the photo as uploaded. */
const dialect = suiteDialect();
const hex = (n = 4) => randomBytes(n).toString('hex');

describe(`avatars as tiny variants (${dialect})`, () => {
  const ctx = useTestApp(dialect, {}, { workers: false });
  let ada: Session;
  let username: string;
  const profile = (body: Record<string, unknown>) => request(ctx.app).post('/api/update-profile').set(bearer(ada)).send(body);
  /** A file by its address, without a session (a plain one as a stranger loads it). */
  const load = (url: string) =>
    request(ctx.app)
      .get(new URL(url).pathname + new URL(url).search)
      .buffer(true)
      .parse((res, done) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => done(null, Buffer.concat(chunks)));
      });
  const creatorPage = async () => {
    const res = await request(ctx.app).get('/api/get-creator').query({ username });
    expect(res.status).toBe(200);
    return res.body as { creator: { avatar: string | null; avatarLarge: string | null }; items: { user: { avatar: string | null } }[] };
  };
  /** The avatar copies stored for Ada (local storage in tests). */
  const storedCopies = () => {
    const storage = ctx.config.storage;
    if (storage.driver !== 'local') throw new Error('this suite reads local storage');
    const dir = path.join(storage.root, 'users', ada.user.id, 'avatar');
    return fs.existsSync(dir) ? fs.readdirSync(dir, { recursive: true }).map(String).filter((name) => name.endsWith('.webp')).sort() : [];
  };

  beforeAll(async () => {
    ada = await createAccount(ctx.infra, `ada-${hex()}@example.com`);
    username = `ada_${hex()}`;
    expect((await profile({ username, name: 'Ada' })).status).toBe(200);
    await ctx.infra.db
      .insertInto('media')
      .values({ user_id: ada.user.id, type: 'image', preset_type: 'custom', prompt: 'a portrait', final_url: `http://localhost/media/${hex()}.jpg`, is_public: true, width: 800, height: 1000 })
      .execute();
  }, 120_000);

  it('shows a new avatar everywhere as a 96 px WebP of a few KB, the creator page header as 256 px', async () => {
    const photo = fixture('grace_hopper.jpg');
    const upload = await uploadFile(ctx.app, ada, photo, 'me.jpg');
    const saved = await profile({ avatar: upload.secure_url });
    expect(saved.status).toBe(200);
    const small = saved.body.profile.avatar as string;
    expect(small).toMatch(new RegExp(`/media/users/${ada.user.id}/avatar/[^/]+/s96\\.webp$`));

    const page = await creatorPage();
    expect(page.creator.avatar).toBe(small);
    expect(page.items[0]!.user.avatar).toBe(small);
    const feed = await request(ctx.app).get('/api/getPublicFeed').query({ creator: ada.user.id });
    expect(feed.status).toBe(200);
    expect(feed.body.items[0].user.avatar).toBe(small);

    const served = await load(small);
    expect(served.status).toBe(200);
    expect(served.headers['content-type']).toBe('image/webp');
    const bytes = served.body as Buffer;
    expect(await sharp(bytes).metadata()).toMatchObject({ format: 'webp', width: 96, height: 96 });
    expect(bytes.length).toBeLessThan(6 * 1024);

    const large = await load(page.creator.avatarLarge!);
    expect(large.status).toBe(200);
    expect(await sharp(large.body as Buffer).metadata()).toMatchObject({ format: 'webp', width: 256, height: 256 });
    // The photo as uploaded stays its owner's: choosing it as an avatar publishes only the copies.
    expect((await load(upload.secure_url.replace(/\?.*$/, ''))).status).toBe(404);
    const original = (await load(upload.secure_url)).body as Buffer;
    expect(bytes.length * 10).toBeLessThan(original.length);
    console.info(`avatar bytes: the upload ${original.length} (fixture ${photo.length}), 96 px copy ${bytes.length}, 256 px copy ${(large.body as Buffer).length}`);
  });

  it('refuses a file that is not a picture with a 400 naming the avatar, and keeps the profile as it was', async () => {
    const before = (await creatorPage()).creator.avatar;
    const copies = storedCopies();
    const key = `users/${ada.user.id}/uploads/notes-${hex()}.png`;
    await ctx.infra.storage.put(key, Buffer.from('these are my notes, not a photo\n'.repeat(20)), { contentType: 'image/png' });

    const refused = await profile({ avatar: ctx.infra.storage.publicUrl(key), name: 'Ada Renamed' });
    expect(refused.status).toBe(400);
    expect(refused.body.error).toMatch(/^avatar: that file is not a picture we can read/);
    expect((await creatorPage()).creator.avatar).toBe(before);
    const me = await request(ctx.app).get('/api/get-user-profile').set(bearer(ada));
    expect(me.body).toMatchObject({ name: 'Ada', avatar: before });
    expect(storedCopies()).toEqual(copies);
  });

  it('removes the copies of the avatar a new one replaces, and keeps an unchanged one as it is', async () => {
    const old = (await creatorPage()).creator;
    expect((await profile({ avatar: old.avatar })).body.profile.avatar).toBe(old.avatar);
    const upload = await uploadFile(ctx.app, ada, fixture('chelsea.png'), 'cat.png');
    const saved = await profile({ avatar: upload.secure_url });
    expect(saved.status).toBe(200);
    expect(saved.body.profile.avatar).not.toBe(old.avatar);
    expect(storedCopies()).toHaveLength(2);
    expect((await load(saved.body.profile.avatar)).status).toBe(200);
    await expect.poll(async () => (await load(old.avatar!)).status, { timeout: 3000, interval: 100 }).toBe(404);
    await expect.poll(async () => (await load(old.avatarLarge!)).status, { timeout: 3000, interval: 100 }).toBe(404);
  });

  it('still shows an avatar stored before copies existed: the upload itself, at both sizes', async () => {
    const upload = await uploadFile(ctx.app, ada, fixture('camera.png'), 'old.png');
    const key = `users/${ada.user.id}/uploads/${upload.secure_url.replace(/\?.*$/, '').split('/uploads/')[1]}`;
    await ctx.infra.db.updateTable('users').set({ avatar_url: key }).where('id', '=', ada.user.id).execute();
    const { creator } = await creatorPage();
    const plain = upload.secure_url.replace(/\?.*$/, '');
    expect(creator).toMatchObject({ avatar: plain, avatarLarge: plain });
    await expect.poll(async () => (await load(plain)).status, { timeout: 3000, interval: 100 }).toBe(200);
  });
});
