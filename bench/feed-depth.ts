// npm run bench (part): the public feed deep down a large table, trending and a person's liked
// collection (5,000 likes), each beside the feed's first page measured in the same run, on a fresh
// schema of the bench's Postgres.
import { randomBytes } from 'node:crypto';
import { migrateToLatest } from '@app/migrations';
import { createDatabase } from '@app/shared/server/db';
import { FeedRepository } from '@app/shared/server/repositories';
import { sql } from 'kysely';
import pg from 'pg';
import { databaseUrl } from './env';
import { type BenchRow, isMain, printTable } from './table';

const ROWS = Number(process.env.BENCH_ROWS ?? 50_000);
const DEPTH = Math.floor(ROWS * 0.8);
const PAGE = 50;
const TRENDING = 20;
const REPEAT = 15;
/** The liked collection's person: 5,000 likes of public items and 500 of items made private since. */
const LIKES = 5_000;
const LIKED_PAGE = 20;
/** O(1) in depth: a deep page (or trending) costs at most twice the first page. */
const MAX_RATIO = 2;

async function open() {
  const schema = `bench_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: databaseUrl });
  await admin.connect();
  await admin.query(`create schema ${schema}`);
  await admin.end();
  const handle = await createDatabase({ url: databaseUrl, searchPath: schema, poolSize: 2 });
  return { ...handle, drop: () => sql`drop schema ${sql.id(schema)} cascade`.execute(handle.db).then(() => undefined) };
}

async function median(run: () => Promise<unknown>): Promise<number> {
  await run();
  const times: number[] = [];
  for (let i = 0; i < REPEAT; i++) {
    const t = process.hrtime.bigint();
    await run();
    times.push(Number(process.hrtime.bigint() - t) / 1e6);
  }
  return times.sort((a, b) => a - b)[Math.floor(times.length / 2)]!;
}

export async function run(): Promise<BenchRow[]> {
  const handle = await open();
  try {
    await migrateToLatest(handle.db);
    const user = await handle.db.insertInto('users').values({ email: 'bench@example.com', referral_code: 'bench' }).returning('id').executeTakeFirstOrThrow();
    // One in ten private; likes spread 0–49, with the trending score the likes repository keeps.
    await sql`
      insert into media (user_id, type, preset_type, final_url, is_public, status, created_at, likes_count, trending_score)
      select ${user.id}::uuid, 'image', 'unreal_reflection', 'http://localhost/m/' || g, g % 10 <> 0, 'completed', at, g % 50,
             case when g % 50 > 0 then ln(g % 50) + extract(epoch from at) / 604800 end
      from generate_series(1, ${ROWS}) g, lateral (select now() - (g || ' seconds')::interval as at) t`.execute(handle.db);
    // Every tenth item from the second on (public), a like a minute apart; and 500 private ones
    // (every hundredth), which the collection must skip.
    const fan = await handle.db.insertInto('users').values({ email: 'fan@example.com', referral_code: 'fan' }).returning('id').executeTakeFirstOrThrow();
    await sql`
      insert into likes (user_id, media_id, created_at)
      select ${fan.id}::uuid, m.id, now() - (row_number() over (order by m.created_at) || ' minutes')::interval
      from (select id, created_at, row_number() over (order by created_at desc) as n from media) m
      where (m.n % 10 = 2 and m.n <= ${LIKES * 10}) or m.n % 100 = 0`.execute(handle.db);
    await sql`analyze media`.execute(handle.db);
    await sql`analyze likes`.execute(handle.db);

    const feed = new FeedRepository(handle.db);
    const deepRow = (await feed.page({ limit: 1, offset: DEPTH }))[0]!;
    const cursor = { createdAt: deepRow.created_at, id: deepRow.id };

    const first = await median(() => feed.page({ limit: PAGE }));
    const keyset = await median(() => feed.page({ limit: PAGE, cursor }));
    const offset = await median(() => feed.page({ limit: PAGE, offset: DEPTH }));
    const trending = await median(() => feed.trending(TRENDING));
    const now = new Date();
    const likedFirst = await median(() => feed.liked(fan.id, { limit: LIKED_PAGE + 1, now }));
    const deepLike = (await feed.liked(fan.id, { limit: LIKES, now })).at(-LIKED_PAGE)!;
    const likedDeep = await median(() => feed.liked(fan.id, { limit: LIKED_PAGE + 1, now, cursor: { createdAt: deepLike.liked_at, id: deepLike.id } }));

    const baseline = { name: `feed page 1 (${PAGE})`, value: first };
    const where = `${ROWS.toLocaleString('en-US')} media, median of ${REPEAT}`;
    return [
      { name: `feed cursor at depth ${DEPTH.toLocaleString('en-US')}`, value: keyset, unit: 'ms', baseline, goal: `≤ ${MAX_RATIO}× (O(1) in depth)`, met: keyset / first <= MAX_RATIO, note: where },
      { name: `feed offset ${DEPTH.toLocaleString('en-US')}`, value: offset, unit: 'ms', baseline, note: 'the offset form the spec keeps; clients page by cursor' },
      { name: `trending (${TRENDING})`, value: trending, unit: 'ms', baseline, goal: `≤ ${MAX_RATIO}× (from its index)`, met: trending / first <= MAX_RATIO, note: where },
      { name: `liked page 1 (${LIKED_PAGE}), ${LIKES.toLocaleString('en-US')} likes`, value: likedFirst, unit: 'ms', baseline, goal: `≤ ${MAX_RATIO}× (no slower first page)`, met: likedFirst / first <= MAX_RATIO, note: `${where}; 500 more likes of private items skipped` },
      { name: `liked cursor at its last page`, value: likedDeep, unit: 'ms', baseline, goal: `≤ ${MAX_RATIO}× (O(1) in depth)`, met: likedDeep / first <= MAX_RATIO, note: where },
    ];
  } finally {
    await handle.drop();
    await handle.destroy();
  }
}

if (isMain(import.meta.url)) printTable(await run());
