import { randomBytes } from 'node:crypto';
import { CANNOT_FOLLOW_SELF } from '@app/shared/api/follows';
import request from 'supertest';
import { beforeAll, describe, expect, it } from 'vitest';
import { bearer, createAccounts, type Session } from '../support/auth';
import { suiteDialect } from '../support/database';
import { insertMedia } from '../support/media-rows';
import { useTestApp } from '../support/test-app';

/** Issue 46 §2: following creators, the lists of follows, the counts and the Following feed. */
const dialect = suiteDialect();
const hex = () => randomBytes(4).toString('hex');

interface Page<T> {
  items: T[];
  hasMore: boolean;
  nextCursor: string | null;
}
type Person = { id: string; username: string | null; name: string | null; followedAt: string };
type Item = { id: string; user_id: string | null; created_at: string };

describe(`follows and the Following feed (${dialect})`, () => {
  const ctx = useTestApp(dialect, {}, { workers: false });
  let people: Record<'ada' | 'bob' | 'cy' | 'dan' | 'eve', Session>;
  const usernames: Record<string, string> = {};

  const follow = (who: Session | null, userId: string, action: 'follow-creator' | 'unfollow-creator' = 'follow-creator') => {
    const req = request(ctx.app).post(`/api/${action}`).send({ userId });
    return who ? req.set(bearer(who)) : req;
  };
  const creator = (name: keyof typeof people, viewer?: Session) => {
    const req = request(ctx.app).get('/api/get-creator').query({ username: usernames[name], limit: 1 });
    return viewer ? req.set(bearer(viewer)) : req;
  };
  const ban = (who: Session, banned: boolean) => ctx.infra.db.updateTable('users').set({ banned }).where('id', '=', who.user.id).execute();

  /** Every page of a cursor-paged call, `limit` at a time, checking each page's shape. */
  async function allPages<T>(path: string, query: Record<string, string | number>, who: Session | null, limit: number): Promise<T[]> {
    const all: T[] = [];
    let cursor: string | null = null;
    for (let pages = 0; pages < 100; pages++) {
      const req = request(ctx.app)
        .get(`/api/${path}`)
        .query({ ...query, limit, ...(cursor ? { cursor } : {}) });
      const res = await (who ? req.set(bearer(who)) : req);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      const page = res.body as Page<T>;
      expect(page.items.length).toBeLessThanOrEqual(limit);
      all.push(...page.items);
      expect(page.nextCursor === null).toBe(!page.hasMore);
      cursor = page.nextCursor;
      if (!cursor) return all;
    }
    throw new Error('more than 100 pages');
  }
  const followingFeed = (who: Session, limit = 2) => allPages<Item>('getPublicFeed', { feed: 'following' }, who, limit);

  beforeAll(async () => {
    people = await createAccounts(ctx.infra, ['ada', 'bob', 'cy', 'dan', 'eve']);
    for (const [name, session] of Object.entries(people)) {
      usernames[name] = `${name}_${hex()}`;
      await ctx.infra.db.updateTable('users').set({ username: usernames[name], name: name.toUpperCase() }).where('id', '=', session.user.id).execute();
    }
  }, 120_000);

  it('asks for a sign-in to follow, unfollow, list whom one follows and read the Following feed; the followers list is public', async () => {
    const { bob } = people;
    expect((await follow(null, bob.user.id)).status).toBe(401);
    expect((await follow(null, bob.user.id, 'unfollow-creator')).status).toBe(401);
    expect((await request(ctx.app).get('/api/get-following')).status).toBe(401);
    const feed = await request(ctx.app).get('/api/getPublicFeed').query({ feed: 'following' });
    expect(feed.status).toBe(401);
    expect(feed.body.success).toBe(false);
    // A token that is no token is as good as none.
    expect((await request(ctx.app).get('/api/getPublicFeed').query({ feed: 'following' }).set('Authorization', 'Bearer not.a.token')).status).toBe(401);
    const followers = await request(ctx.app).get('/api/get-followers').query({ userId: bob.user.id });
    expect(followers.status).toBe(200);
    expect(followers.body).toMatchObject({ success: true, items: [], hasMore: false, nextCursor: null });
  });

  it('refuses following oneself (400), a malformed id (400), and an account that is missing or banned as not found (404)', async () => {
    const { ada, eve } = people;
    const self = await follow(ada, ada.user.id);
    expect(self.status).toBe(400);
    expect(self.body.error).toBe(CANNOT_FOLLOW_SELF);
    expect((await follow(ada, ada.user.id, 'unfollow-creator')).status).toBe(400);
    const malformed = await follow(ada, 'nobody');
    expect(malformed.status).toBe(400);
    expect(malformed.body.error).toMatch(/userId/);
    expect((await request(ctx.app).post('/api/follow-creator').set(bearer(ada)).send({})).status).toBe(400);
    expect((await follow(ada, '00000000-0000-4000-8000-000000000000')).status).toBe(404);
    await ban(eve, true);
    try {
      const banned = await follow(ada, eve.user.id);
      expect(banned.status).toBe(404);
      expect(banned.body.error).toBe((await follow(ada, '00000000-0000-4000-8000-000000000000')).body.error);
      expect((await request(ctx.app).get('/api/get-followers').query({ userId: eve.user.id })).status).toBe(404);
      expect((await request(ctx.app).get('/api/get-followers').query({ userId: 'x' })).status).toBe(400);
    } finally {
      await ban(eve, false);
    }
    const rows = await ctx.infra.db.selectFrom('follows').selectAll().where('followee_id', '=', eve.user.id).execute();
    expect(rows).toEqual([]);
  });

  it('follows and unfollows idempotently, answering the counts as the server has them', async () => {
    const { ada, dan } = people;
    const first = await follow(ada, dan.user.id);
    expect(first.status).toBe(200);
    expect(first.body).toEqual({ success: true, userId: dan.user.id, viewerFollows: true, followers: 1 });
    const again = await follow(ada, dan.user.id);
    expect(again.body).toEqual({ success: true, userId: dan.user.id, viewerFollows: true, followers: 1 });
    expect(await ctx.infra.db.selectFrom('follows').selectAll().where('followee_id', '=', dan.user.id).execute()).toHaveLength(1);

    const page = await creator('dan', ada);
    expect(page.body.creator).toMatchObject({ id: dan.user.id, followers: 1, following: 0, viewerFollows: true });
    expect((await creator('dan')).body.creator).toMatchObject({ followers: 1, viewerFollows: false });
    expect((await creator('ada', ada)).body.creator).toMatchObject({ followers: 0, following: 1, viewerFollows: false });

    const off = await follow(ada, dan.user.id, 'unfollow-creator');
    expect(off.body).toEqual({ success: true, userId: dan.user.id, viewerFollows: false, followers: 0 });
    const offAgain = await follow(ada, dan.user.id, 'unfollow-creator');
    expect(offAgain.status).toBe(200);
    expect(offAgain.body).toEqual({ success: true, userId: dan.user.id, viewerFollows: false, followers: 0 });
    expect((await creator('dan', ada)).body.creator).toMatchObject({ followers: 0, viewerFollows: false });
    expect((await creator('ada', ada)).body.creator).toMatchObject({ following: 0 });
  });

  it('lists whom one follows and who follows someone, newest follow first, ties by id, page by page', async () => {
    const { ada, bob, cy, dan, eve } = people;
    const at = new Date('2026-03-01T10:00:00.000Z');
    const later = new Date('2026-03-02T10:00:00.000Z');
    // Three follows at one instant and one after: the tie is broken by the other person's id.
    await ctx.infra.db
      .insertInto('follows')
      .values([
        { follower_id: eve.user.id, followee_id: bob.user.id, created_at: at },
        { follower_id: eve.user.id, followee_id: cy.user.id, created_at: at },
        { follower_id: eve.user.id, followee_id: dan.user.id, created_at: at },
        { follower_id: eve.user.id, followee_id: ada.user.id, created_at: later },
        { follower_id: bob.user.id, followee_id: ada.user.id, created_at: at },
        { follower_id: cy.user.id, followee_id: ada.user.id, created_at: at },
      ])
      .execute();
    try {
      const tied = [bob, cy, dan].map((s) => s.user.id).sort().reverse();
      for (const limit of [1, 2, 10]) {
        const following = await allPages<Person>('get-following', {}, eve, limit);
        expect(following.map((p) => p.id)).toEqual([ada.user.id, ...tied]);
        expect(following[0]).toMatchObject({ username: usernames.ada, name: 'ADA', followedAt: later.toISOString() });
      }
      const followers = await allPages<Person>('get-followers', { userId: ada.user.id }, null, 1);
      expect(followers.map((p) => p.id)).toEqual([eve.user.id, ...[bob, cy].map((s) => s.user.id).sort().reverse()]);
      expect((await creator('ada')).body.creator).toMatchObject({ followers: 3, following: 0 });
      expect((await creator('eve')).body.creator).toMatchObject({ followers: 0, following: 4 });

      const bad = await request(ctx.app).get('/api/get-following').query({ cursor: 'garbage' }).set(bearer(eve));
      expect(bad.status).toBe(400);
      expect(bad.body.error).toMatch(/cursor/);
      expect((await request(ctx.app).get('/api/get-followers').query({ userId: ada.user.id, limit: 0 })).status).toBe(400);

      // A banned account is in no count and no list, either side, until the ban is lifted.
      await ban(bob, true);
      expect((await allPages<Person>('get-following', {}, eve, 10)).map((p) => p.id)).not.toContain(bob.user.id);
      expect((await allPages<Person>('get-followers', { userId: ada.user.id }, null, 10)).map((p) => p.id)).not.toContain(bob.user.id);
      expect((await creator('ada')).body.creator).toMatchObject({ followers: 2 });
      expect((await creator('eve')).body.creator).toMatchObject({ following: 3 });
      await ban(bob, false);
      expect((await creator('ada')).body.creator).toMatchObject({ followers: 3 });
      expect((await creator('eve')).body.creator).toMatchObject({ following: 4 });
    } finally {
      await ctx.infra.db.deleteFrom('follows').where((eb) => eb.or([eb('follower_id', '=', eve.user.id), eb('followee_id', '=', ada.user.id)])).execute();
    }
  });

  it('shows in the Following feed only the listed creations of those one follows, newest first, ties by id, by cursor', async () => {
    const [ana, ben, col, dee] = Object.values(await createAccounts(ctx.infra, ['ana', 'ben', 'col', 'dee']));
    const reader = ana!;
    const t = (minute: number) => new Date(Date.UTC(2026, 2, 1, 12, minute));
    const add = (owner: Session, minute: number, extra: Record<string, unknown> = {}) =>
      insertMedia(ctx.infra.db, { user_id: owner.user.id, preset_type: 'custom', final_url: `http://localhost/m/${hex()}.jpg`, created_at: t(minute), status: 'completed', ...extra });

    // ben and col are followed, dee is not; some of ben's and col's items are not listed.
    const listed = [
      await add(ben!, 1),
      await add(ben!, 5),
      await add(col!, 5),
      await add(col!, 5),
      await add(ben!, 9),
      await add(col!, 3),
      await add(ben!, 7),
    ];
    const unlisted = [
      await add(ben!, 8, { is_public: false }),
      await add(col!, 6, { moderation: 'hidden' }),
      await add(col!, 6, { moderation: 'held' }),
      await add(ben!, 4, { status: 'processing' }),
      await add(dee!, 6),
      await add(reader, 6),
    ];
    expect((await follow(reader, ben!.user.id)).status).toBe(200);
    expect((await follow(reader, col!.user.id)).status).toBe(200);

    const rows = await ctx.infra.db.selectFrom('media').select(['id', 'created_at']).where('id', 'in', listed).execute();
    const expected = rows.sort((a, b) => b.created_at.getTime() - a.created_at.getTime() || (a.id < b.id ? 1 : -1)).map((r) => r.id);
    for (const limit of [1, 2, 3, 50]) {
      const items = await followingFeed(reader, limit);
      expect(items.map((i) => i.id)).toEqual(expected);
    }
    const items = await followingFeed(reader, 50);
    for (const id of unlisted) expect(items.map((i) => i.id)).not.toContain(id);
    expect(new Set(items.map((i) => i.user_id))).toEqual(new Set([ben!.user.id, col!.user.id]));

    // An item made private (or hidden) leaves at once; a new one of a followed creator comes first.
    await ctx.infra.db.updateTable('media').set({ is_public: false }).where('id', '=', expected[0]!).execute();
    const fresh = await add(col!, 30);
    expect((await followingFeed(reader, 50)).map((i) => i.id)).toEqual([fresh, ...expected.slice(1)]);

    // A banned creator's items are gone from it; lifted, they are back.
    await ban(col!, true);
    expect((await followingFeed(reader, 50)).every((i) => i.user_id === ben!.user.id)).toBe(true);
    await ban(col!, false);
    expect((await followingFeed(reader, 50)).map((i) => i.id)).toContain(fresh);

    // Unfollowed: gone. A deleted account's follows go with it.
    await follow(reader, col!.user.id, 'unfollow-creator');
    expect((await followingFeed(reader, 50)).every((i) => i.user_id === ben!.user.id)).toBe(true);
    await ctx.infra.db.deleteFrom('users').where('id', '=', ben!.user.id).execute();
    expect(await followingFeed(reader, 50)).toEqual([]);
    expect((await follow(reader, ben!.user.id)).status).toBe(404);
  });

  it('refuses what the Following feed cannot do with a clear 400, and a cursor it did not make', async () => {
    const { ada } = people;
    const feed = (query: Record<string, string | number>) => request(ctx.app).get('/api/getPublicFeed').query({ feed: 'following', ...query }).set(bearer(ada));
    for (const [query, message] of [
      [{ sort: 'top' }, /newest first only/],
      [{ offset: 10 }, /cursor only/],
      [{ q: 'neon' }, /takes no q/],
      [{ tag: 'night' }, /takes no q/],
      [{ cursor: 'garbage' }, /cursor/],
    ] as const) {
      const res = await feed(query);
      expect(res.status, JSON.stringify(query)).toBe(400);
      expect(res.body.error).toMatch(message);
    }
    const unknown = await request(ctx.app).get('/api/getPublicFeed').query({ feed: 'friends' });
    expect(unknown.status).toBe(400);
    expect(unknown.body.error).toMatch(/feed must be following/);
    // Without feed, the public feed is as it was: anyone may read it.
    expect((await request(ctx.app).get('/api/getPublicFeed')).status).toBe(200);
  });
});
