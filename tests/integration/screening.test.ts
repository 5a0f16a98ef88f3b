import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { FakeScreener } from '../../worker/testing/fake-screener';
import { bearer } from '../support/auth';
import { suiteDialect } from '../support/database';
import { pollUntilFinished, randomRunId, signInWithPortrait, submitAccepted } from '../support/runs';
import { useTestApp } from '../support/test-app';

/**
 * What a person notices of the screening, with a classifier whose scores the test chooses: an
 * output scored above "block" never reaches the public feed, though its owner has it; a plain
 * one does. The source photo's scores stay on its upload.
 */
const dialect = suiteDialect();
const screener = new FakeScreener();

describe('screening (the api and worker in-process, a classifier with chosen scores)', () => {
  const ctx = useTestApp(dialect, { GENERATION_PROVIDER: 'instant' }, { overrides: { screener } });

  async function publicFeedIds(): Promise<string[]> {
    const res = await request(ctx.app).get('/api/getPublicFeed').query({ limit: 50 });
    expect(res.status).toBe(200);
    return res.body.items.map((item: { id: string }) => item.id);
  }

  it('holds an explicit output private while its owner keeps it, and lists a plain one', async () => {
    const { session, source } = await signInWithPortrait(ctx, 'screened');

    // The output scores Porn 0.95; the source photo (screened after it) is a plain portrait.
    screener.answer({ Porn: 0.95, Neutral: 0.05 }, { Neutral: 1 });
    const held = randomRunId();
    await submitAccepted(ctx.app, session, { mode: 'custom', runId: held, prompt: 'portrait at the beach', sourceAssetId: source.secure_url });
    const heldAnswer = await pollUntilFinished(ctx.app, session, held);
    expect(heldAnswer.status).toBe(200);
    const heldId: string = heldAnswer.body.media.id;
    expect(heldAnswer.body.receipt.screening).toMatchObject({ classifier: 'fake', verdict: 'block', scores: { Porn: 0.95 } });
    const row = await ctx.infra.db.selectFrom('media').selectAll().where('id', '=', heldId).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ is_public: false, moderation: 'held', moderation_reason: 'Porn' });
    expect(row.screening).toMatchObject({ classifier: 'fake', verdict: 'block', scores: { Porn: 0.95, Neutral: 1 } });
    const upload = await ctx.infra.db.selectFrom('uploads').select('screening').where('public_id', '=', source.public_id).executeTakeFirstOrThrow();
    expect(upload.screening).toMatchObject({ verdict: 'public', scores: { Neutral: 1 } });

    // The same photo again, a plain output: only the output is classified this time, and it is listed.
    const before = screener.screened;
    const plain = randomRunId();
    await submitAccepted(ctx.app, session, { mode: 'custom', runId: plain, prompt: 'portrait in a park', sourceAssetId: source.secure_url });
    const plainId: string = (await pollUntilFinished(ctx.app, session, plain)).body.media.id;
    expect(screener.screened).toBe(before + 1);

    const listed = await publicFeedIds();
    expect(listed).toContain(plainId);
    expect(listed).not.toContain(heldId);
    // Its owner still has it in their library.
    const library = await request(ctx.app).get('/api/getMediaByRunId').query({ runId: held }).set(bearer(session));
    expect(library.body.media.id).toBe(heldId);
  });
});
