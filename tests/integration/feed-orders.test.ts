import { randomBytes } from 'node:crypto';
import request from 'supertest';
import { beforeAll, describe, expect, it } from 'vitest';
import { createAccount, type Session, uniqueEmail as email } from '../support/auth';
import { suiteDialect } from '../support/database';
import { insertMedia } from '../support/media-rows';
import { useTestApp } from '../support/test-app';

const dialect = suiteDialect();
const HOUR = 3_600_000;

interface Seeded {
  id: string;
  likes: number;
  createdAt: Date;
  score: number | null;
}

/** The score the likes repository keeps: ln(likes) + created epoch / 7 days (null without likes). */
const scoreOf = (likes: number, createdAt: Date) => (likes > 0 ? Math.log(likes) + createdAt.getTime() / 1000 / 604_800 : null);
const byIdDesc = (a: { id: string }, b: { id: string }) => (a.id < b.id ? 1 : a.id > b.id ? -1 : 0);

describe(`getPublicFeed's orders and search (${dialect})`, () => {
  const ctx = useTestApp(dialect);
  let ada: Session;
  const seeded: Seeded[] = [];

  async function addMedia(options: { likes?: number; createdAt?: Date; prompt?: string; tags?: string[]; presetType?: string; isPublic?: boolean; status?: 'completed' | 'processing' } = {}) {
    const likes = options.likes ?? 0;
    const createdAt = options.createdAt ?? new Date();
    const score = scoreOf(likes, createdAt);
    const id = await insertMedia(ctx.infra.db, {
      user_id: ada.user.id,
      preset_type: options.presetType ?? 'custom_prompt',
      prompt: options.prompt ?? 'A portrait',
      tags: options.tags ?? [],
      final_url: `users/${ada.user.id}/media/${randomBytes(4).toString('hex')}/full.jpg`,
      is_public: options.isPublic ?? true,
      status: options.status ?? 'completed',
      likes_count: likes,
      trending_score: score,
      created_at: createdAt,
    });
    if ((options.isPublic ?? true) && (options.status ?? 'completed') === 'completed') seeded.push({ id, likes, createdAt, score });
    return id;
  }

  /** Every page of an order by cursor, checking each page's size and that the last has no cursor. */
  async function pages(query: Record<string, string>, limit = 7): Promise<string[]> {
    const ids: string[] = [];
    let cursor: string | null = null;
    for (let page = 0; page < 50; page++) {
      const res = await request(ctx.app)
        .get('/.netlify/functions/getPublicFeed')
        .query({ ...query, limit, ...(cursor ? { cursor } : {}) });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      ids.push(...res.body.items.map((item: { id: string }) => item.id));
      cursor = res.body.nextCursor;
      expect(cursor === null).toBe(!res.body.hasMore);
      if (!cursor) return ids;
      expect(res.body.items).toHaveLength(limit);
    }
    throw new Error('more than 50 pages');
  }

  beforeAll(async () => {
    ada = await createAccount(ctx.infra, email('ada'));
    // 30 items in pairs made at the same instant with the same likes (0–5, repeating), so every
    // order has full ties (only the id decides) and ties on likes alone.
    const base = Date.now() - 30 * HOUR;
    for (let i = 0; i < 30; i++) {
      const pair = Math.floor(i / 2);
      await addMedia({ likes: [0, 3, 1, 0, 5, 3, 2][pair % 7]!, createdAt: new Date(base + pair * HOUR) });
    }
    // Never in the feed, in any order.
    await addMedia({ likes: 9, isPublic: false });
    await addMedia({ likes: 9, status: 'processing' });
  }, 120_000);

  it('pages newest first, most liked and trending by cursor: the exact order, ties by id, no item twice', async () => {
    const newest = [...seeded].sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime() || byIdDesc(a, b)).map((s) => s.id);
    const top = [...seeded].sort((a, b) => b.likes - a.likes || b.createdAt.getTime() - a.createdAt.getTime() || byIdDesc(a, b)).map((s) => s.id);
    const scored = seeded.filter((s) => s.score !== null).sort((a, b) => b.score! - a.score! || byIdDesc(a, b));
    const unscored = seeded.filter((s) => s.score === null).sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime() || byIdDesc(a, b));
    const trending = [...scored, ...unscored].map((s) => s.id);

    expect(await pages({})).toEqual(newest);
    expect(await pages({ sort: 'new' })).toEqual(newest);
    expect(await pages({ sort: 'top' })).toEqual(top);
    expect(await pages({ sort: 'trending' })).toEqual(trending);
    // A page boundary exactly where the scored items end still hands over to the unscored ones.
    expect(await pages({ sort: 'trending' }, scored.length)).toEqual(trending);
    expect(new Set(await pages({ sort: 'trending' }, 4)).size).toBe(seeded.length);
  });

  it('looks back a day or a week for the most liked', async () => {
    const now = Date.now();
    const recent = await addMedia({ likes: 1, createdAt: new Date(now - 2 * HOUR) });
    const days = await addMedia({ likes: 50, createdAt: new Date(now - 3 * 24 * HOUR) });
    const old = await addMedia({ likes: 99, createdAt: new Date(now - 10 * 24 * HOUR) });
    const inPeriod = (ms: number) =>
      seeded
        .filter((s) => s.createdAt.getTime() >= now - ms)
        .sort((a, b) => b.likes - a.likes || b.createdAt.getTime() - a.createdAt.getTime() || byIdDesc(a, b))
        .map((s) => s.id);

    const day = await pages({ sort: 'top', period: 'day' });
    expect(day).toContain(recent);
    expect(day).not.toContain(days);
    expect(day).toEqual(inPeriod(24 * HOUR));
    const week = await pages({ sort: 'top', period: 'week' });
    expect(week[0]).toBe(days);
    expect(week).not.toContain(old);
    expect(week).toEqual(inPeriod(7 * 24 * HOUR));
    expect((await pages({ sort: 'top', period: 'all' }))[0]).toBe(old);
  });

  it('searches whole words in prompts, tags and the preset kind, all required, in any case; tag= is one exact tag', async () => {
    const neon = await addMedia({ prompt: 'Neon rain over Tokyo at midnight', tags: ['cyberpunk', 'night'], likes: 2 });
    const golden = await addMedia({ prompt: 'Golden-hour portrait on a cliff', tags: ['sunset'], likes: 4 });
    const ghibli = await addMedia({ prompt: 'Tears in a meadow', presetType: 'ghibli_reaction', tags: ['night-sky'] });
    await addMedia({ prompt: 'Neon rain, but private', isPublic: false });

    expect(await pages({ q: 'neon' })).toEqual([neon]);
    expect(await pages({ q: 'NEON tokyo' })).toEqual([neon]);
    expect(await pages({ q: 'neo' })).toEqual([]);
    expect(await pages({ q: 'cyberpunk' })).toEqual([neon]);
    expect(await pages({ q: 'hour cliff' })).toEqual([golden]);
    expect(await pages({ q: 'neon sunset' })).toEqual([]);
    expect(await pages({ q: 'ghibli' })).toEqual([ghibli]);
    // Search syntax is only words: nothing of it reaches the query as operators.
    expect(await pages({ q: "neon & | ! :* ( ' \\" })).toEqual([neon]);
    expect(await pages({ q: '!!!' })).toEqual(expect.arrayContaining([neon, golden, ghibli]));
    // Words and an order together.
    expect(await pages({ q: 'night', sort: 'top' })).toEqual([neon, ghibli]);

    expect(await pages({ tag: 'night' })).toEqual([neon]);
    expect(await pages({ tag: 'Night-Sky' })).toEqual([ghibli]);
    expect(await pages({ tag: 'nig' })).toEqual([]);
  });

  it('refuses what it cannot page with a 400 that says why', async () => {
    const get = (query: Record<string, string>) => request(ctx.app).get('/.netlify/functions/getPublicFeed').query(query);
    const topCursor = (await get({ sort: 'top', limit: '1' })).body.nextCursor as string;
    const newCursor = (await get({ limit: '1' })).body.nextCursor as string;
    for (const [query, message] of [
      [{ sort: 'new', cursor: topCursor }, /cursor/],
      [{ sort: 'trending', cursor: newCursor }, /cursor/],
      [{ sort: 'top', cursor: newCursor }, /cursor/],
      [{ sort: 'top', offset: '10' }, /offset/],
      [{ sort: 'oldest' }, /sort/],
      [{ sort: 'top', period: 'year' }, /period/],
      [{ tag: 'no spaces' }, /tag/],
      [{ q: 'x'.repeat(101) }, /q/],
    ] as const) {
      const res = await get(query);
      expect(res.status, JSON.stringify(query)).toBe(400);
      expect(res.body.error, JSON.stringify(query)).toMatch(message);
    }
  });
});
