import { randomBytes } from 'node:crypto';
import { createLogger } from '@app/shared/server/logger';
import { createRepositories } from '@app/shared/server/repositories';
import type { Storage } from '@app/shared/server/storage';
import sharp from 'sharp';
import request from 'supertest';
import { beforeAll, describe, expect, it } from 'vitest';
import { makeMediaVariantsHandler } from '../../worker/src/jobs/media-variants';
import { bearer, createAccount, type Session } from '../support/auth';
import { availableDialects } from '../support/database';
import { useTestApp } from '../support/test-app';
import { fixture, uploadFile } from '../support/uploads';
import { until } from '../support/wait';

const dialect = availableDialects().at(-1)!;

describe(`image variants (${dialect})`, () => {
  const ctx = useTestApp(dialect, { GENERATION_PROVIDER: 'instant' });
  let session: Session;
  const made: string[] = [];

  beforeAll(async () => {
    session = await createAccount(ctx.infra, `variants-${randomBytes(4).toString('hex')}@example.com`, 100);
    const source = (await uploadFile(ctx.app, session, fixture('astronaut.png'), 'me.png')).secure_url;
    for (let i = 0; i < 3; i++) {
      const runId = `run_${randomBytes(8).toString('hex')}`;
      const res = await request(ctx.app).post('/api/unified-generate').set(bearer(session)).send({ mode: 'custom', prompt: `a lighthouse ${i}`, runId, sourceAssetId: source });
      expect(res.status).toBe(202);
      made.push(runId);
    }
    await until(() => ctx.infra.db.selectFrom('media').select('id').where('run_id', 'in', made).execute(), (found) => found.length === made.length, 60_000, 'the three creations');
    // The test runs the backfill itself: the in-process worker's schedule must not race it.
    await ctx.infra.queues.queue('maintenance').removeJobScheduler('make-media-variants');
  }, 120_000);

  const rows = () => ctx.infra.db.selectFrom('media').select(['id', 'width', 'variants', 'storage_key']).where('run_id', 'in', made).orderBy('id').execute();

  it('stores each new image with its WebP variants, and answers them as addresses beside its width and height', async () => {
    const feed = await request(ctx.app).get('/.netlify/functions/getPublicFeed?limit=10');
    const items = feed.body.items;
    expect(items).toHaveLength(made.length);
    for (const item of items) {
      expect(item.variants.length).toBeGreaterThan(0);
      for (const variant of item.variants) {
        expect(variant.width).toBeLessThan(item.width);
        const file = await request(ctx.app).get(new URL(variant.url).pathname).buffer(true);
        expect(file.status).toBe(200);
        const meta = await sharp(file.body as Buffer).metadata();
        expect([meta.format, meta.width]).toEqual(['webp', variant.width]);
        expect(meta.height! / meta.width!).toBeCloseTo(item.height / item.width, 1);
      }
    }
  });

  it('fills in the variants of items stored before them, resumes after a kill, and finds nothing to do the second time', async () => {
    const repos = createRepositories(ctx.infra.db);
    const silent = createLogger(ctx.config, 'test');
    const before = await rows();
    // As stored before variants existed: no variant files, the column never written.
    for (const row of before) {
      for (const variant of row.variants ?? []) await ctx.infra.storage.delete(variant.key);
      await ctx.infra.db.updateTable('media').set({ variants: null }).where('id', '=', row.id).execute();
    }
    expect(await repos.adminInsights.variantProgress()).toEqual({ done: 0, total: made.length });

    // A worker killed while it writes the second item's file: that put never completes.
    let puts = 0;
    const dying: Storage = Object.create(ctx.infra.storage, {
      put: { value: (...args: Parameters<Storage['put']>) => (++puts >= 2 ? new Promise<void>(() => {}) : ctx.infra.storage.put(...args)) },
    });
    void makeMediaVariantsHandler({ repos, storage: dying, logger: silent })();
    await until(async () => puts, (n) => n >= 2, 30_000, 'the second put');
    const afterKill = await rows();
    expect(afterKill.filter((r) => r.variants !== null)).toHaveLength(1);

    // The next turn, on a live worker, makes the rest.
    const next = await makeMediaVariantsHandler({ repos, storage: ctx.infra.storage, logger: silent })();
    expect(next.made).toBe(made.length - 1);
    const after = await rows();
    expect(after.map((r) => r.variants)).toEqual(before.map((r) => r.variants));
    for (const row of after) for (const variant of row.variants!) expect(await ctx.infra.storage.exists(variant.key)).toBe(true);

    const again = await makeMediaVariantsHandler({ repos, storage: ctx.infra.storage, logger: silent })();
    expect(again).toEqual({ made: 0, none: 0 });
    const progress = await repos.adminInsights.variantProgress();
    expect(progress.done).toBe(progress.total);
  });
});
