import { randomBytes } from 'node:crypto';
import request from 'supertest';
import { beforeAll, describe, expect, it } from 'vitest';
import { MAX_COLLECTIONS_PER_PERSON } from '@app/shared/api/collections';
import { bearer, createAccount, type Session } from '../support/auth';
import { suiteDialect } from '../support/database';
import { insertMedia } from '../support/media-rows';
import { useTestApp } from '../support/test-app';
import { fakeWebDist, unescapeHtml } from '../support/web-dist';

/** Issue 46: collections, their calls and their public page /c/<id>. */
const dialect = suiteDialect();
const email = (name: string) => `${name}-${randomBytes(4).toString('hex')}@example.com`;

interface Summary {
  id: string;
  name: string;
  public: boolean;
  itemCount: number;
  cover: string | null;
  hasItem?: boolean;
}
interface Page {
  collection: Summary & { owner: { id: string; name: string | null; username: string | null } };
  items: Array<{ id: string; addedAt: string; source_url: string | null }>;
  hasMore: boolean;
  nextCursor: string | null;
}

describe(`collections (${dialect})`, () => {
  const ctx = useTestApp(dialect, { WEB_DIST_DIR: fakeWebDist() }, { workers: false });
  let ada: Session;
  let ben: Session;
  let cleo: Session;

  beforeAll(async () => {
    [ada, ben, cleo] = [await createAccount(ctx.infra, email('ada')), await createAccount(ctx.infra, email('ben')), await createAccount(ctx.infra, email('cleo'))];
    await ctx.infra.db.updateTable('users').set({ name: 'Ada Keeper', username: `ada_${randomBytes(3).toString('hex')}` }).where('id', '=', ada.user.id).execute();
  }, 120_000);

  const post = (who: Session | null, name: string, body: object) => {
    const req = request(ctx.app).post(`/api/${name}`);
    return (who ? req.set(bearer(who)) : req).send(body);
  };
  const get = (who: Session | null, name: string, query: Record<string, string | number>) => {
    const req = request(ctx.app).get(`/api/${name}`).query(query);
    return who ? req.set(bearer(who)) : req;
  };
  const media = (owner: Session, fields: { isPublic?: boolean } = {}) =>
    insertMedia(ctx.infra.db, {
      user_id: owner.user.id,
      preset_type: 'unreal_reflection',
      final_url: `users/${owner.user.id}/media/${randomBytes(4).toString('hex')}/full.jpg`,
      thumbnail_url: `users/${owner.user.id}/media/${randomBytes(4).toString('hex')}/thumb.jpg`,
      is_public: fields.isPublic ?? true,
      width: 819,
      height: 1024,
    });

  async function create(who: Session, name: string, isPublic = false): Promise<Summary> {
    const res = await post(who, 'create-collection', { name, public: isPublic });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.collection as Summary;
  }

  /** Every item `who` sees in a collection, page by page. */
  async function itemsOf(who: Session | null, id: string, limit = 50): Promise<Page['items']> {
    const all: Page['items'] = [];
    let cursor: string | null = null;
    do {
      const res = await get(who, 'get-collection', { id, limit, ...(cursor ? { cursor } : {}) });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      const page = res.body as Page;
      expect(page.items.length).toBeLessThanOrEqual(limit);
      all.push(...page.items);
      cursor = page.nextCursor;
      expect(cursor === null).toBe(!page.hasMore);
    } while (cursor);
    return all;
  }

  it('creates, renames, makes public and deletes a collection, listed with its count and cover', async () => {
    const made = await create(ada, '  Moody portraits  ');
    expect(made).toMatchObject({ name: 'Moody portraits', public: false, itemCount: 0, cover: null });

    const renamed = await post(ada, 'update-collection', { collectionId: made.id, name: 'Moody' });
    expect(renamed.status).toBe(200);
    expect(renamed.body.collection).toMatchObject({ id: made.id, name: 'Moody', public: false });
    const shown = await post(ada, 'update-collection', { collectionId: made.id, public: true });
    expect(shown.body.collection).toMatchObject({ name: 'Moody', public: true });

    const item = await media(ben);
    expect((await post(ada, 'add-to-collection', { collectionId: made.id, mediaId: item })).body).toMatchObject({ inCollection: true, itemCount: 1 });
    const list = await get(ada, 'get-collections', { mediaId: item });
    expect(list.status).toBe(200);
    const mine = (list.body.collections as Summary[]).find((c) => c.id === made.id)!;
    expect(mine).toMatchObject({ name: 'Moody', public: true, itemCount: 1, hasItem: true });
    expect(mine.cover).toMatch(/thumb\.jpg$/);
    expect(list.body.maxCollections).toBe(MAX_COLLECTIONS_PER_PERSON);

    const deleted = await post(ada, 'delete-collection', { collectionId: made.id });
    expect(deleted.status).toBe(200);
    expect((await get(ada, 'get-collection', { id: made.id })).status).toBe(404);
    expect(((await get(ada, 'get-collections', {})).body.collections as Summary[]).map((c) => c.id)).not.toContain(made.id);
    // The creation itself stays.
    expect((await get(null, 'get-media-item', { id: item })).status).toBe(200);
  });

  it('lets only the owner change a collection', async () => {
    const open = await create(ada, 'Open', true);
    const closed = await create(ada, 'Closed');
    const item = await media(ben);
    for (const [name, body] of [
      ['update-collection', { name: 'Mine now' }],
      ['delete-collection', {}],
      ['add-to-collection', { mediaId: item }],
      ['remove-from-collection', { mediaId: item }],
    ] as const) {
      // Another's public collection: theirs to change, not ours (403); a private one: as if none (404).
      const refused = await post(ben, name, { collectionId: open.id, ...body });
      expect(refused.status, name).toBe(403);
      expect(refused.body.error, name).toBe('Only its owner can change a collection.');
      const hidden = await post(ben, name, { collectionId: closed.id, ...body });
      expect(hidden.status, name).toBe(404);
      expect(hidden.body.error, name).toBe('Collection not found.');
      expect((await post(null, name, { collectionId: open.id, ...body })).status, name).toBe(401);
    }
    expect((await get(ada, 'get-collection', { id: open.id })).body.collection.name).toBe('Open');
  });

  it("adds others' public items and one's own private ones, refuses others' private or hidden ones as not found, and adds or removes twice as once", async () => {
    const box = await create(ada, 'Box');
    const [public1, ownPrivate, theirPrivate, theirHidden] = [await media(ben), await media(ada, { isPublic: false }), await media(ben, { isPublic: false }), await media(ben)];
    await ctx.infra.db.updateTable('media').set({ moderation: 'hidden' }).where('id', '=', theirHidden).execute();

    for (const id of [theirPrivate, theirHidden, '7d1c3b9e-8f0a-4c47-9a1d-5e1f4c0b2a11']) {
      const res = await post(ada, 'add-to-collection', { collectionId: box.id, mediaId: id });
      expect(res.status, id).toBe(404);
      expect(res.body.error).toBe('Creation not found');
    }
    const twice = [await post(ada, 'add-to-collection', { collectionId: box.id, mediaId: public1 }), await post(ada, 'add-to-collection', { collectionId: box.id, mediaId: public1 })];
    expect(twice.map((r) => [r.status, r.body.itemCount, r.body.inCollection])).toEqual([
      [200, 1, true],
      [200, 1, true],
    ]);
    expect((await post(ada, 'add-to-collection', { collectionId: box.id, mediaId: ownPrivate })).body.itemCount).toBe(2);
    expect((await itemsOf(ada, box.id)).map((i) => i.id).sort()).toEqual([public1, ownPrivate].sort());

    const removed = [await post(ada, 'remove-from-collection', { collectionId: box.id, mediaId: public1 }), await post(ada, 'remove-from-collection', { collectionId: box.id, mediaId: public1 })];
    expect(removed.map((r) => [r.status, r.body.itemCount, r.body.inCollection])).toEqual([
      [200, 1, false],
      [200, 1, false],
    ]);
    expect((await itemsOf(ada, box.id)).map((i) => i.id)).toEqual([ownPrivate]);
  });

  it('refuses bad input with a 400 that says why', async () => {
    const box = await create(ada, 'Checks');
    const cases: Array<[string, object, RegExp]> = [
      ['create-collection', { name: '' }, /name/],
      ['create-collection', { name: 'x'.repeat(61) }, /name/],
      ['create-collection', { name: 'ok', public: 'yes' }, /public/],
      ['update-collection', { collectionId: box.id }, /name, public, or both/],
      ['update-collection', { collectionId: 'nope', name: 'x' }, /collectionId/],
      ['add-to-collection', { collectionId: box.id, mediaId: 'not-an-id' }, /mediaId/],
      ['remove-from-collection', { collectionId: box.id }, /mediaId/],
    ];
    for (const [name, body, message] of cases) {
      const res = await post(ada, name, body);
      expect(res.status, `${name} ${JSON.stringify(body)}`).toBe(400);
      expect(res.body.error).toMatch(message);
    }
    expect((await get(ada, 'get-collection', { id: box.id, cursor: 'not-a-cursor' })).status).toBe(400);
    expect((await get(ada, 'get-collection', { id: 'x' })).status).toBe(400);
    expect((await get(null, 'get-collections', {})).status).toBe(401);
  });

  it('pages newest addition first, ties by item id, none twice', async () => {
    const big = await create(ada, 'Big', true);
    const ids: string[] = [];
    for (let i = 0; i < 13; i++) ids.push(await media(i % 2 ? ben : cleo));
    for (const id of ids) expect((await post(ada, 'add-to-collection', { collectionId: big.id, mediaId: id })).status).toBe(200);
    // Added an hour apart, with the first six in pairs at the same instant (the id decides).
    const base = Date.now() - 86_400_000;
    const at = ids.map((_, i) => new Date(base + Math.floor(i < 6 ? i / 2 : i) * 3_600_000));
    for (const [i, id] of ids.entries()) {
      await ctx.infra.db.updateTable('collection_items').set({ added_at: at[i]! }).where('collection_id', '=', big.id).where('media_id', '=', id).execute();
    }
    const expected = ids
      .map((id, i) => ({ id, at: at[i]!.getTime() }))
      .sort((a, b) => b.at - a.at || (a.id < b.id ? 1 : -1))
      .map((e) => e.id);
    expect((await itemsOf(ada, big.id, 4)).map((i) => i.id)).toEqual(expected);
    expect((await itemsOf(null, big.id, 5)).map((i) => i.id)).toEqual(expected);
  });

  it('drops an item at once for everyone else when it is made private, hidden or deleted', async () => {
    const shelf = await create(ada, 'Shelf', true);
    const [kept, madePrivate, hidden, deleted, adasPrivate] = [await media(ben), await media(ben), await media(ben), await media(cleo), await media(ada, { isPublic: false })];
    for (const id of [kept, madePrivate, hidden, deleted, adasPrivate]) expect((await post(ada, 'add-to-collection', { collectionId: shelf.id, mediaId: id })).status).toBe(200);
    expect((await itemsOf(null, shelf.id)).map((i) => i.id).sort()).toEqual([kept, madePrivate, hidden, deleted].sort());

    expect((await post(ben, 'share-media', { mediaId: madePrivate, isPublic: false })).status).toBe(200);
    await ctx.infra.db.updateTable('media').set({ moderation: 'hidden' }).where('id', '=', hidden).execute();
    expect((await request(ctx.app).delete('/api/delete-media').set(bearer(cleo)).send({ mediaId: deleted })).status).toBe(200);

    // A stranger, signed out or in, and the collection's owner see only what is listed (and the owner their own).
    expect((await itemsOf(null, shelf.id)).map((i) => i.id)).toEqual([kept]);
    expect((await itemsOf(cleo, shelf.id)).map((i) => i.id)).toEqual([kept]);
    expect((await itemsOf(ada, shelf.id)).map((i) => i.id).sort()).toEqual([kept, adasPrivate].sort());
    // Ben still sees his own items, the private and the hidden one (as get-media-item shows them to him); nobody else does.
    expect((await itemsOf(ben, shelf.id)).map((i) => i.id).sort()).toEqual([kept, madePrivate, hidden].sort());
    const stranger = (await get(null, 'get-collection', { id: shelf.id })).body as Page;
    expect(stranger.collection.itemCount).toBe(1);
    expect(stranger.items.every((item) => item.source_url === null)).toBe(true);
    // The deleted one's row is gone with it.
    expect(await ctx.infra.db.selectFrom('collection_items').select('media_id').where('media_id', '=', deleted).execute()).toEqual([]);
  });

  it('answers a private collection as not found to anyone but its owner, and lists only public ones of others', async () => {
    const secret = await create(ada, 'Secret');
    const shown = await create(ada, 'Shown', true);
    for (const who of [null, ben]) {
      const res = await get(who, 'get-collection', { id: secret.id });
      expect(res.status).toBe(404);
      expect(res.body.error).toBe('Collection not found.');
    }
    expect((await get(ada, 'get-collection', { id: secret.id })).status).toBe(200);
    const theirs = (await get(null, 'get-collections', { userId: ada.user.id })).body.collections as Summary[];
    expect(theirs.map((c) => c.id)).toContain(shown.id);
    expect(theirs.map((c) => c.id)).not.toContain(secret.id);
    expect(theirs.every((c) => c.public)).toBe(true);
    // Made private again: gone for strangers at once.
    await post(ada, 'update-collection', { collectionId: shown.id, public: false });
    expect((await get(ben, 'get-collection', { id: shown.id })).status).toBe(404);
  });

  it('serves /c/<id> with its og tags, and the not-found page for a private or unknown one', async () => {
    const page = await create(ada, 'Neon "nights" & more', true);
    const item = await media(ben);
    await post(ada, 'add-to-collection', { collectionId: page.id, mediaId: item });

    const html = await request(ctx.app).get(`/c/${page.id}`).set('Accept', 'text/html');
    expect(html.status).toBe(200);
    const meta = (property: string) => unescapeHtml(new RegExp(`<meta property="${property}" content="([^"]*)" />`).exec(html.text)?.[1] ?? '');
    expect(meta('og:title')).toBe('Neon "nights" & more — a collection by Ada Keeper · Mirrorverse');
    expect(meta('og:description')).toBe('1 creation collected by Ada Keeper on Mirrorverse: AI portraits and videos.');
    // The cover creation's 1200×630 share image.
    expect(meta('og:image')).toMatch(new RegExp(`/share/m/${item}\\.jpg$`));
    expect(meta('og:image:width')).toBe('1200');
    expect(html.text).toMatch(new RegExp(`<link rel="canonical" href="https?://[^"/]+/c/${page.id}" />`));

    const secret = await create(ada, 'Hidden shelf');
    for (const path of [`/c/${secret.id}`, '/c/7d1c3b9e-8f0a-4c47-9a1d-5e1f4c0b2a11', '/c/not-an-id']) {
      const missing = await request(ctx.app).get(path).set('Accept', 'text/html');
      expect(missing.status, path).toBe(404);
      expect(missing.text).toContain('id="root"');
      expect(missing.text).toContain('<meta name="robots" content="noindex, nofollow" />');
      expect(missing.text).not.toContain('Hidden shelf');
    }
  });

  it(`stops at ${MAX_COLLECTIONS_PER_PERSON} collections a person`, async () => {
    const dan = await createAccount(ctx.infra, email('dan'));
    await ctx.infra.db
      .insertInto('collections')
      .values(Array.from({ length: MAX_COLLECTIONS_PER_PERSON }, (_, i) => ({ user_id: dan.user.id, name: `c${i}` })))
      .execute();
    const refused = await post(dan, 'create-collection', { name: 'one more' });
    expect(refused.status).toBe(409);
    expect(refused.body.error).toMatch(/up to 100 collections/);
  });
});
