import { randomBytes } from 'node:crypto';
import request from 'supertest';
import { beforeAll, describe, expect, it } from 'vitest';
import { bearer, createAccount, createAccounts, type Session, uniqueEmail as email } from '../support/auth';
import { suiteDialect } from '../support/database';
import { insertMedia } from '../support/media-rows';
import { useTestApp } from '../support/test-app';

const dialect = suiteDialect();

describe(`feed, trending, likes and deletion (${dialect})`, () => {
  let alice: Session;
  let bob: Session;

  /** Inserts media as the worker would, `minutesAgo` old. */
  async function addMedia(owner: Session, options: { minutesAgo?: number; presetType?: string; isPublic?: boolean; likes?: number } = {}) {
    const createdAt = new Date(Date.now() - (options.minutesAgo ?? 0) * 60_000);
    const id = await insertMedia(ctx.infra.db, {
      user_id: owner.user.id,
      preset_type: options.presetType ?? 'unreal_reflection',
      final_url: `http://localhost/media/${randomBytes(4).toString('hex')}.jpg`,
      is_public: options.isPublic ?? true,
      created_at: createdAt,
      width: 819,
      height: 1024,
    });
    // Liked through the product's own call, so trending is scored by the product's formula.
    const likers = await fans(options.likes ?? 0);
    for (const fan of likers) await request(ctx.app).post('/api/toggleLike').set(bearer(fan)).send({ mediaId: id });
    return id;
  }

  const fanPool: Session[] = [];
  async function fans(count: number): Promise<Session[]> {
    while (fanPool.length < count) fanPool.push(await createAccount(ctx.infra, email(`liker${fanPool.length}`)));
    return fanPool.slice(0, count);
  }

  const ctx = useTestApp(dialect);
  beforeAll(async () => {
    ({ alice, bob } = await createAccounts(ctx.infra, ['alice', 'bob']));
  }, 120_000);

  it('pages the feed by offset and by cursor alike, newest first, public only', async () => {
    const ids: string[] = [];
    for (let i = 0; i < 25; i++) ids.push(await addMedia(i % 2 ? alice : bob, { minutesAgo: 1000 + i }));
    await addMedia(alice, { minutesAgo: 1001.5, isPublic: false });
    const expected = [...ids];

    const byOffset: string[] = [];
    for (let offset = 0; ; offset += 10) {
      const res = await request(ctx.app).get('/.netlify/functions/getPublicFeed').query({ limit: 10, offset });
      byOffset.push(...res.body.items.map((i: { id: string }) => i.id));
      if (!res.body.hasMore) break;
    }
    const byCursor: string[] = [];
    let cursor: string | undefined;
    do {
      const res = await request(ctx.app).get('/api/getPublicFeed').query({ limit: 10, ...(cursor ? { cursor } : {}) });
      byCursor.push(...res.body.items.map((i: { id: string }) => i.id));
      cursor = res.body.nextCursor ?? undefined;
    } while (cursor);

    const ours = (list: string[]) => list.filter((id) => expected.includes(id));
    expect(ours(byOffset)).toEqual(expected);
    expect(ours(byCursor)).toEqual(expected);
  });

  it('has no duplicates or gaps with the cursor while new items arrive', async () => {
    const before = await request(ctx.app).get('/api/getPublicFeed').query({ limit: 5 });
    const seen: string[] = before.body.items.map((i: { id: string }) => i.id);
    let cursor = before.body.nextCursor as string | null;
    while (cursor) {
      await addMedia(bob); // a new creation lands at the top while someone scrolls
      const res = await request(ctx.app).get('/api/getPublicFeed').query({ limit: 5, cursor });
      seen.push(...res.body.items.map((i: { id: string }) => i.id));
      cursor = res.body.nextCursor;
    }
    expect(new Set(seen).size).toBe(seen.length);
    const all = await ctx.infra.db.selectFrom('media').select('id').where('is_public', '=', true).where('created_at', '<=', new Date(Date.parse(before.body.items[0].created_at))).execute();
    expect(seen.length).toBe(all.length);
  });

  it('serves items with the fields of the spec and filters by preset type and creator', async () => {
    await addMedia(alice, { presetType: 'ghibli_reaction' });
    const res = await request(ctx.app).get('/api/getPublicFeed').query({ limit: 50, type: 'ghibli-reaction' });
    expect(res.body.items.length).toBeGreaterThan(0);
    for (const item of res.body.items) expect(item.type).toBe('ghibli_reaction');
    expect(res.body.items[0]).toMatchObject({
      user_id: alice.user.id,
      user: { tier: 'free' },
      mediaType: 'image',
      finalUrl: expect.stringMatching(/^http/),
      likes_count: 0,
      width: 819,
      height: 1024,
      metadata: { videoResults: [], totalVideos: 0, successfulVideos: 0 },
    });
    const byCreator = await request(ctx.app).get('/api/getPublicFeed').query({ limit: 100, creator: bob.user.id });
    expect(byCreator.body.items.every((i: { user_id: string }) => i.user_id === bob.user.id)).toBe(true);
    expect((await request(ctx.app).get('/api/getPublicFeed').query({ cursor: 'garbage' })).status).toBe(400);
  });

  it('orders trending by likes × exp(−age in days / 7)', async () => {
    const seeded = [
      { likes: 10, minutesAgo: 14 * 24 * 60 }, // 10 · e^-2 ≈ 1.35
      { likes: 3, minutesAgo: 60 }, // ≈ 2.98
      { likes: 50, minutesAgo: 21 * 24 * 60 }, // 50 · e^-3 ≈ 2.49
      { likes: 1, minutesAgo: 5 }, // ≈ 1.00
    ];
    const ids: string[] = [];
    for (const s of seeded) ids.push(await addMedia(alice, s));
    const res = await request(ctx.app).get('/api/getTrending');
    const order = res.body.items.map((i: { id: string }) => i.id).filter((id: string) => ids.includes(id));
    expect(order).toEqual([ids[1], ids[2], ids[0], ids[3]]);
    const scores = res.body.items.map((i: { trendingScore: number }) => i.trendingScore);
    expect([...scores].sort((a, b) => b - a)).toEqual(scores);
  });

  it('counts 100 likes from 100 people exactly, and unlikes back down', async () => {
    const mediaId = await addMedia(alice);
    const fans = await Promise.all(Array.from({ length: 100 }, (_, i) => createAccount(ctx.infra, email(`fan${i}`))));
    const liked = await Promise.all(fans.map((f) => request(ctx.app).post('/api/toggleLike').set(bearer(f)).send({ mediaId, mediaType: 'unreal-reflection' })));
    expect(liked.every((r) => r.body.success && r.body.liked)).toBe(true);
    const row = await ctx.infra.db.selectFrom('media').select(['likes_count', 'trending_score']).where('id', '=', mediaId).executeTakeFirstOrThrow();
    expect(row.likes_count).toBe(100);
    expect(row.trending_score).not.toBeNull();

    await Promise.all(fans.slice(0, 50).map((f) => request(ctx.app).post('/api/toggleLike').set(bearer(f)).send({ mediaId })));
    const after = await ctx.infra.db.selectFrom('media').select('likes_count').where('id', '=', mediaId).executeTakeFirstOrThrow();
    expect(after.likes_count).toBe(50);

    const likes = await request(ctx.app).get('/api/getUserLikes').set(bearer(fans[99]!));
    expect(likes.body).toEqual({ success: true, likes: { [`unreal_reflection:${mediaId}`]: true }, count: 1 });
    const profile = await request(ctx.app).get('/api/get-user-profile').set(bearer(alice));
    expect(profile.body.user.totalLikesReceived).toBeGreaterThanOrEqual(50);
  });

  it('never lets a like reach private media of someone else', async () => {
    const hidden = await addMedia(alice, { isPublic: false });
    expect((await request(ctx.app).post('/api/toggleLike').set(bearer(bob)).send({ mediaId: hidden })).status).toBe(404);
    expect((await request(ctx.app).post('/api/toggleLike').set(bearer(alice)).send({ mediaId: hidden })).body.likesCount).toBe(1);
  });

  it('deletes media only for its owner, files included', async () => {
    const mediaId = await addMedia(alice);
    const key = `users/${alice.user.id}/media/${mediaId}/full.jpg`;
    await ctx.infra.storage.put(key, Buffer.from('jpg'), { contentType: 'image/jpeg' });
    await ctx.infra.db.updateTable('media').set({ storage_key: key }).where('id', '=', mediaId).execute();

    const denied = await request(ctx.app).delete('/api/delete-media').set(bearer(bob)).send({ mediaId, userId: bob.user.id });
    expect(denied.status).toBe(403);
    expect(await ctx.infra.storage.exists(key)).toBe(true);

    const done = await request(ctx.app).delete('/api/delete-media').set(bearer(alice)).send({ mediaId, userId: alice.user.id });
    expect(done.body).toEqual({ success: true, deleted: 1 });
    expect(await ctx.infra.storage.exists(key)).toBe(false);
    expect(await ctx.infra.db.selectFrom('media').select('id').where('id', '=', mediaId).executeTakeFirst()).toBeUndefined();
  });

  it("lists only the caller's library and reports partial bulk deletion", async () => {
    expect((await request(ctx.app).get('/api/getUserMedia').query({ userId: bob.user.id }).set(bearer(alice))).status).toBe(403);
    for (let i = 0; i < 21; i++) await addMedia(alice, { isPublic: i % 3 === 0 });
    const page = await request(ctx.app).get('/api/getUserMedia').query({ userId: alice.user.id, limit: 20, offset: 0 }).set(bearer(alice));
    expect(page.body.items.length).toBeLessThanOrEqual(20);
    expect(page.body.items.every((i: { userId: string }) => i.userId === alice.user.id)).toBe(true);
    expect(page.body.total).toBeGreaterThan(20);
    expect(page.body.hasMore).toBe(true);

    const mine = await addMedia(alice);
    const theirs = await addMedia(bob);
    const report = await request(ctx.app).delete('/api/delete-media').set(bearer(alice)).send({ mediaIds: [mine, theirs] });
    expect(report.body).toMatchObject({ success: false, deleted: 1, failed: 1 });
    expect(report.body.errors).toEqual([{ mediaId: theirs, error: "You don't have permission for this action." }]);
  });
});
