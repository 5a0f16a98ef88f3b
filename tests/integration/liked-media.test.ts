import { randomBytes } from 'node:crypto';
import request from 'supertest';
import { beforeAll, describe, expect, it } from 'vitest';
import { bearer, createAccount, type Session } from '../support/auth';
import { suiteDialect } from '../support/database';
import { useTestApp } from '../support/test-app';

const dialect = suiteDialect();
const email = (name: string) => `${name}-${randomBytes(4).toString('hex')}@example.com`;

interface LikedAnswer {
  items: Array<{ id: string; likedAt: string; user: { name: string | null }; source_url: string | null; finalUrl: string }>;
  hasMore: boolean;
  nextCursor: string | null;
}

describe(`the liked collection, get-liked-media (${dialect})`, () => {
  const ctx = useTestApp(dialect);
  let ada: Session;
  let ben: Session;

  beforeAll(async () => {
    ada = await createAccount(ctx.infra, email('ada'));
    ben = await createAccount(ctx.infra, email('ben'));
    await ctx.infra.db.updateTable('users').set({ name: 'Ada' }).where('id', '=', ada.user.id).execute();
  }, 120_000);

  async function addMedia(owner: Session, options: { isPublic?: boolean } = {}): Promise<string> {
    const row = await ctx.infra.db
      .insertInto('media')
      .values({
        user_id: owner.user.id,
        type: 'image',
        preset_type: 'unreal_reflection',
        final_url: `users/${owner.user.id}/media/${randomBytes(4).toString('hex')}/full.jpg`,
        is_public: options.isPublic ?? true,
        width: 819,
        height: 1024,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }

  const like = (who: Session, mediaId: string) => request(ctx.app).post('/api/toggleLike').set(bearer(who)).send({ mediaId });

  async function likedBy(who: Session, limit = 10): Promise<LikedAnswer['items']> {
    const all: LikedAnswer['items'] = [];
    let cursor: string | null = null;
    do {
      const res = await request(ctx.app)
        .get('/api/get-liked-media')
        .query({ limit, ...(cursor ? { cursor } : {}) })
        .set(bearer(who));
      expect(res.status).toBe(200);
      const page = res.body as LikedAnswer;
      expect(page.items.length).toBeLessThanOrEqual(limit);
      all.push(...page.items);
      cursor = page.nextCursor;
      expect(cursor === null).toBe(!page.hasMore);
    } while (cursor);
    return all;
  }

  it('lists what the person liked, newest like first, ties by id, no item twice across pages', async () => {
    const fan = await createAccount(ctx.infra, email('fan'));
    const ids: string[] = [];
    for (let i = 0; i < 23; i++) ids.push(await addMedia(i % 2 ? ada : ben));
    for (const id of ids) expect((await like(fan, id)).body.liked).toBe(true);
    // Likes an hour apart, with three pairs liked at the same instant (the id decides between them).
    const base = Date.now() - 86_400_000;
    const likedAt = ids.map((_, i) => new Date(base + Math.floor(i / (i < 6 ? 2 : 1)) * 3_600_000));
    for (const [i, id] of ids.entries()) {
      await ctx.infra.db.updateTable('likes').set({ created_at: likedAt[i]! }).where('user_id', '=', fan.user.id).where('media_id', '=', id).execute();
    }
    const expected = ids
      .map((id, i) => ({ id, at: likedAt[i]!.getTime() }))
      .sort((a, b) => b.at - a.at || (a.id < b.id ? 1 : -1))
      .map((entry) => entry.id);

    const items = await likedBy(fan, 10);
    expect(items.map((item) => item.id)).toEqual(expected);
    expect(new Set(items.map((item) => item.id)).size).toBe(23);
    const first = items[0]!;
    expect(new Date(first.likedAt).getTime()).toBe(Math.max(...likedAt.map((at) => at.getTime())));
    // The feed's item as received: the creator's name and an absolute address of the file.
    const adaItem = items.find((item) => ids.indexOf(item.id) % 2 === 1)!;
    expect(adaItem.user.name).toBe('Ada');
    expect(adaItem.finalUrl).toMatch(/^https?:\/\/.+\/full\.jpg$/);
    // Nobody else's source photo.
    expect(items.every((item) => item.source_url === null)).toBe(true);
  });

  it('drops an item at once when it is unliked, made private by its owner, expired or deleted', async () => {
    const fan = await createAccount(ctx.infra, email('fan'));
    const [kept, unliked, madePrivate, expired, deleted] = [await addMedia(ada), await addMedia(ada), await addMedia(ada), await addMedia(ben), await addMedia(ben)];
    const ownPrivate = await addMedia(fan, { isPublic: false });
    for (const id of [kept, unliked, madePrivate, expired, deleted, ownPrivate]) expect((await like(fan, id)).body.liked).toBe(true);
    expect((await likedBy(fan)).map((item) => item.id).sort()).toEqual([kept, unliked, madePrivate, expired, deleted, ownPrivate].sort());

    expect((await like(fan, unliked)).body.liked).toBe(false);
    expect((await request(ctx.app).post('/api/share-media').set(bearer(ada)).send({ mediaId: madePrivate, isPublic: false })).status).toBe(200);
    await ctx.infra.db.updateTable('media').set({ expires_at: new Date(Date.now() - 1000) }).where('id', '=', expired).execute();
    expect((await request(ctx.app).delete('/api/delete-media').set(bearer(ben)).send({ mediaId: deleted })).status).toBe(200);

    // Their own private item stays: it is theirs to see.
    expect((await likedBy(fan)).map((item) => item.id).sort()).toEqual([kept, ownPrivate].sort());
    // Another person's collection is theirs alone.
    expect(await likedBy(ben)).toEqual([]);
  });

  it('asks for a sign-in, and refuses a bad cursor or limit with a 400 that says why', async () => {
    expect((await request(ctx.app).get('/api/get-liked-media')).status).toBe(401);
    const badCursor = await request(ctx.app).get('/api/get-liked-media').query({ cursor: 'not-a-cursor' }).set(bearer(ada));
    expect(badCursor.status).toBe(400);
    expect(badCursor.body.error).toMatch(/cursor/i);
    const badLimit = await request(ctx.app).get('/api/get-liked-media').query({ limit: '500' }).set(bearer(ada));
    expect(badLimit.status).toBe(400);
    expect(badLimit.body.error).toMatch(/limit/i);
  });
});
