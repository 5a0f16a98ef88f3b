// npm run bench: how the public feed behaves deep down a large table. Prints each case as a
// ratio to the first page, measured in the same run (Postgres when TEST_DATABASE_URL is set,
// else PGlite in memory).
import { randomBytes } from 'node:crypto';
import { migrateToLatest } from '@app/migrations';
import { createDatabase } from '@app/shared/server/db';
import { FeedRepository } from '@app/shared/server/repositories';
import { sql } from 'kysely';
import pg from 'pg';

const ROWS = Number(process.env.BENCH_ROWS ?? 50_000);
const DEPTH = Math.floor(ROWS * 0.8);
const PAGE = 50;
const REPEAT = 15;

async function open() {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) return { ...(await createDatabase({ pgliteMemory: true })), drop: async () => {} };
  const schema = `bench_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`create schema ${schema}`);
  await admin.end();
  const handle = await createDatabase({ url, searchPath: schema, poolSize: 2 });
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

const handle = await open();
try {
  await migrateToLatest(handle.db);
  const user = await handle.db.insertInto('users').values({ email: 'bench@example.com', referral_code: 'bench' }).returning('id').executeTakeFirstOrThrow();
  await sql`
    insert into media (user_id, type, preset_type, final_url, is_public, status, created_at)
    select ${user.id}::uuid, 'image', 'unreal_reflection', 'http://localhost/m/' || g, g % 10 <> 0, 'completed',
           now() - (g || ' seconds')::interval
    from generate_series(1, ${ROWS}) g`.execute(handle.db);
  await sql`analyze media`.execute(handle.db);

  const feed = new FeedRepository(handle.db);
  const deepRow = (await feed.page({ limit: 1, offset: DEPTH }))[0]!;
  const cursor = { createdAt: deepRow.created_at, id: deepRow.id };

  const first = await median(() => feed.page({ limit: PAGE }));
  const offset = await median(() => feed.page({ limit: PAGE, offset: DEPTH }));
  const keyset = await median(() => feed.page({ limit: PAGE, cursor }));
  const trending = await median(() => feed.trending(20));

  console.log(`public feed, ${ROWS} media (${handle.dialect}), page of ${PAGE}, median of ${REPEAT}`);
  console.log(`  first page                 ${first.toFixed(2)} ms   1.00×`);
  console.log(`  offset ${DEPTH}            ${offset.toFixed(2)} ms   ${(offset / first).toFixed(2)}×`);
  console.log(`  cursor at the same depth   ${keyset.toFixed(2)} ms   ${(keyset / first).toFixed(2)}×`);
  console.log(`  trending (20)              ${trending.toFixed(2)} ms   ${(trending / first).toFixed(2)}×`);
} finally {
  await handle.drop();
  await handle.destroy();
}
