import { randomBytes } from 'node:crypto';
import request from 'supertest';
import { beforeAll, describe, expect, it } from 'vitest';
import { bearer, type Session, signIn } from '../support/auth';
import { suiteDialect } from '../support/database';
import { type TestContext, useTestApp } from '../support/test-app';
import { pollUntilFinished } from '../support/runs';
import { fixture, uploadFile } from '../support/uploads';

const dialect = suiteDialect();
const runId = () => `var_${randomBytes(8).toString('hex')}`;

interface Done {
  media: { id: string };
  receipt: { seed: number | null; creditsCharged: number };
}

async function finished(ctx: TestContext, session: Session, id: string): Promise<Done> {
  const res = await pollUntilFinished(ctx.app, session, id, 90_000);
  expect(res.body.status, JSON.stringify(res.body)).toBe('done');
  return res.body as Done;
}

describe(`variations: unified-generate with variationOf (${dialect})`, () => {
  const ctx = useTestApp(dialect, { GENERATION_PROVIDER: 'instant' });
  let ada: Session;
  let bob: Session;
  let original: Done;
  let adaRun: string;

  const generate = (who: Session, body: Record<string, unknown>) => request(ctx.app).post('/.netlify/functions/unified-generate').set(bearer(who)).send(body);
  const quote = (who: Session, body: Record<string, unknown>) => request(ctx.app).post('/.netlify/functions/quote-generation').set(bearer(who)).send(body);
  const creditsOf = async (who: Session) => (await ctx.infra.db.selectFrom('users').select('credits').where('id', '=', who.user.id).executeTakeFirstOrThrow()).credits;
  const libraryOf = async (who: Session) =>
    (await request(ctx.app).get('/api/getUserMedia').query({ userId: who.user.id, limit: 50 }).set(bearer(who))).body.items as Array<{ id: string; variationOf: string | null; prompt: string | null; type: string }>;

  beforeAll(async () => {
    [ada, bob] = [await signIn(ctx.app, `ada-${randomBytes(4).toString('hex')}@example.com`), await signIn(ctx.app, `bob-${randomBytes(4).toString('hex')}@example.com`)];
    await ctx.infra.db.updateTable('users').set({ credits: 100 }).execute();
    const photo = await uploadFile(ctx.app, ada, fixture('astronaut.png'), 'astronaut.png');
    adaRun = runId();
    const submitted = await generate(ada, { mode: 'custom', prompt: 'Neon rain over Tokyo at night', sourceAssetId: photo.secure_url, runId: adaRun });
    expect(submitted.status).toBe(202);
    original = await finished(ctx, ada, adaRun);
  }, 120_000);

  it("makes a new take of the person's own item: same look and photo, a new seed, the mode's price, grouped under the original", async () => {
    expect(typeof original.receipt.seed).toBe('number');
    // The price is shown before it starts.
    const priced = await quote(ada, { variationOf: original.media.id });
    expect(priced.status).toBe(200);
    expect(priced.body).toMatchObject({ cost: 2, enough: true });

    const before = await creditsOf(ada);
    const id = runId();
    const submitted = await generate(ada, { variationOf: original.media.id, runId: id });
    expect(submitted.status).toBe(202);
    expect(submitted.body).toMatchObject({ runId: id, cost: 2, balance: before - 2 });
    // The same submit again (a client resending): the run stands, nothing is charged twice.
    expect((await generate(ada, { variationOf: original.media.id, runId: id })).body).toMatchObject({ runId: id, balance: before - 2 });

    const variation = await finished(ctx, ada, id);
    expect(variation.receipt.creditsCharged).toBe(2);
    expect(variation.receipt.seed).not.toBe(original.receipt.seed);
    const [originalRun, variationRun] = await Promise.all(
      [adaRun, id].map((run) => ctx.infra.db.selectFrom('generation_runs').select('request').where('run_id', '=', run).executeTakeFirstOrThrow()),
    );
    const { seed: _a, cost: _b, ...look } = originalRun!.request as Record<string, unknown>;
    expect(variationRun!.request).toMatchObject({ ...look, variationOf: original.media.id });
    expect(await creditsOf(ada)).toBe(before - 2);

    // A variation of the variation still groups under the original.
    const again = runId();
    expect((await generate(ada, { variationOf: variation.media.id, runId: again })).status).toBe(202);
    const second = await finished(ctx, ada, again);
    const library = await libraryOf(ada);
    const byId = new Map(library.map((item) => [item.id, item]));
    expect(byId.get(original.media.id)?.variationOf).toBeNull();
    expect(byId.get(variation.media.id)).toMatchObject({ variationOf: original.media.id, prompt: 'Neon rain over Tokyo at night' });
    expect(byId.get(second.media.id)?.variationOf).toBe(original.media.id);
  });

  it("refuses a take of an item whose weekly look is no longer this week's, as a direct submit of it is", async () => {
    const presets = await request(ctx.app).get('/api/get-presets');
    const thisWeek = (presets.body.data.presets as Array<{ key: string }>).map((p) => p.key);
    const photo = await uploadFile(ctx.app, ada, fixture('astronaut.png'), 'weekly.png');
    const made = runId();
    expect((await generate(ada, { mode: 'preset', presetKey: thisWeek[0], sourceAssetId: photo.secure_url, runId: made })).status).toBe(202);
    const weekly = await finished(ctx, ada, made);
    // Made with a look of another week (as if last week): that week's look is not on offer now.
    const other = await ctx.infra.db.selectFrom('weekly_presets').select('key').where('key', 'not in', thisWeek).executeTakeFirstOrThrow();
    await ctx.infra.db
      .updateTable('generation_runs')
      .set((eb) => ({ request: eb.fn('jsonb_set', [eb.ref('request'), eb.val('{presetKey}'), eb.val(JSON.stringify(other.key))]) }))
      .where('run_id', '=', made)
      .execute();

    const before = await creditsOf(ada);
    const direct = await generate(ada, { mode: 'preset', presetKey: other.key, sourceAssetId: photo.secure_url, runId: runId() });
    expect(direct.status).toBe(400);
    expect(direct.body.error).toBe('Unknown preset');
    const take = await generate(ada, { variationOf: weekly.media.id, runId: runId() });
    expect(take.status).toBe(direct.status);
    expect(take.body.error).toBe(direct.body.error);
    const priced = await quote(ada, { variationOf: weekly.media.id });
    expect(priced.status).toBe(400);
    expect(priced.body.error).toBe('Unknown preset');
    expect(await creditsOf(ada)).toBe(before);
  });

  it("refuses another person's item, public or private, as not found, and charges nothing", async () => {
    const before = await creditsOf(bob);
    const refused = await generate(bob, { variationOf: original.media.id, runId: runId() });
    expect(refused.status).toBe(404);
    expect(refused.body.error).toBe('Creation not found');
    expect((await quote(bob, { variationOf: original.media.id })).status).toBe(404);
    // Made private: still not theirs.
    await ctx.infra.db.updateTable('media').set({ is_public: false }).where('id', '=', original.media.id).execute();
    expect((await generate(bob, { variationOf: original.media.id, runId: runId() })).status).toBe(404);
    expect(await creditsOf(bob)).toBe(before);
    // An id that names nothing, and one that is not an id.
    expect((await generate(ada, { variationOf: '00000000-0000-4000-8000-000000000000' })).status).toBe(404);
    const malformed = await generate(ada, { variationOf: 'not-an-id' });
    expect(malformed.status).toBe(400);
    expect(malformed.body.error).toMatch(/variationOf/);
  });
});
