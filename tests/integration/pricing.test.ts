/**
 * Issue 26: the server says what a run costs and what is left, from the one price function that
 * charges. quote-generation equals the ledger's charge for every mode (with and without a video,
 * Story Time by its photos); a 402 says what was required and available; the 202, cancel-run and
 * the settling run events carry the balance get-credits (getQuota, the ledger) has after them;
 * get-app-info's price table is the one charged by.
 */
import { randomBytes } from 'node:crypto';
import { CLIENT_MODES, INSUFFICIENT_CREDITS_MESSAGE, PRESET_CATALOGUES, PRESET_ID_FIELD, STORY_TIME_TOO_FEW_PHOTOS, toServiceMode, UNKNOWN_GENERATION_MODE } from '@app/shared';
import { creditLedgerAnswerSchema } from '@app/shared/api/credits';
import { insufficientCreditsAnswerSchema, quoteGenerationAnswerSchema, submitAnswerSchema } from '@app/shared/api/generation';
import { getAppInfoCall } from '@app/shared/api/launch';
import { cancelRunAnswerSchema, retryRunAnswerSchema, runEventSchema } from '@app/shared/api/runs';
import sharp from 'sharp';
import request from 'supertest';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { listen } from '../../api/src/compose';
import { PermanentGenerationError, type GeneratedImage, type ImageProvider, type ImageRequest } from '../../worker/src/providers/provider';
import { bearer, createAccount, type Session } from '../support/auth';
import { availableDialects } from '../support/database';
import { EventStream } from '../support/event-stream';
import { useTestApp } from '../support/test-app';
import { fixture, uploadFile } from '../support/uploads';

const newRunId = () => `run_${randomBytes(8).toString('hex')}`;

/**
 * Makes the person's own photo at once (no likeness check, so every run is charged its full cost);
 * "refuse" in a prompt fails for good; "hold" waits until `release()` (keeps the slots busy).
 */
class PricedProvider implements ImageProvider {
  readonly name = 'priced';
  readonly checksIdentity = false;
  private gate: { promise: Promise<void>; open: () => void } | undefined;

  hold(): void {
    let open = () => {};
    this.gate = { promise: new Promise<void>((resolve) => (open = resolve)), open };
  }

  release(): void {
    this.gate?.open();
    this.gate = undefined;
  }

  async generate(request: ImageRequest): Promise<GeneratedImage> {
    if (request.prompt.includes('refuse')) throw new PermanentGenerationError('the AI service refused this prompt');
    if (request.prompt.includes('hold')) await this.gate?.promise;
    const data = await sharp(request.source).resize(320, 400, { fit: 'cover' }).jpeg().toBuffer();
    return { data, contentType: 'image/jpeg', width: 320, height: 400, provider: this.name };
  }
}

describe.each(availableDialects())('what a run costs and what is left (%s)', (dialect) => {
  const provider = new PricedProvider();
  const ctx = useTestApp(dialect, { WORKER_GENERATION_CONCURRENCY: '2' }, { overrides: { provider } });
  let port: number;
  let close: () => Promise<void>;
  let session: Session;
  const photos: string[] = [];

  beforeAll(async () => {
    ({ port, close } = await listen(ctx.app, 0, '127.0.0.1'));
    session = await createAccount(ctx.infra, `prices-${randomBytes(4).toString('hex')}@example.com`, 500);
    for (const name of ['astronaut.png', 'grace_hopper.jpg', 'camera.png', 'chelsea.png']) photos.push((await uploadFile(ctx.app, session, fixture(name), name)).secure_url);
  }, 120_000);
  afterAll(() => close?.());
  afterEach(() => {
    provider.release();
    for (const stream of EventStream.opened) stream.close();
  });

  const auth = (s: Session) => ({ authorization: `Bearer ${s.accessToken}` });
  /** What get-credits says: getQuota's balance, and the ledger's newest balanceAfter (they must agree). */
  const credits = async (s: Session) => {
    const quota = await request(ctx.app).get('/api/getQuota').set(bearer(s)).expect(200);
    const ledger = creditLedgerAnswerSchema.parse((await request(ctx.app).get('/api/get-credit-ledger').set(bearer(s)).expect(200)).body);
    expect(ledger.entries[0]?.balanceAfter).toBe(quota.body.currentBalance);
    return quota.body.currentBalance as number;
  };
  const charged = async (runId: string) => {
    const rows = await ctx.infra.db.selectFrom('credit_ledger').select('delta').where('run_id', '=', runId).execute();
    return -rows.reduce((sum, r) => sum + r.delta, 0);
  };
  const quote = (s: Session, body: Record<string, unknown>) => request(ctx.app).post('/api/quote-generation').set(bearer(s)).send(body);
  const submit = (s: Session, body: Record<string, unknown>) => request(ctx.app).post('/api/unified-generate').set(bearer(s)).send(body);

  /** A body of each client mode: its first catalogue preset, this week's first preset, a prompt where one is needed. */
  async function bodyOf(mode: (typeof CLIENT_MODES)[number]): Promise<Record<string, unknown>> {
    const serviceMode = toServiceMode(mode)!;
    const body: Record<string, unknown> = { mode, sourceAssetId: photos[0] };
    if (mode === 'custom') body.prompt = 'me as a painting';
    if (mode === 'preset') body.presetKey = (await request(ctx.app).get('/api/get-presets')).body.data.presets[0].key;
    const field = PRESET_ID_FIELD[serviceMode];
    if (field && field !== 'presetKey') body[field] = PRESET_CATALOGUES[serviceMode as keyof typeof PRESET_CATALOGUES][0]!.id;
    if (mode === 'storytime') body.additionalImages = photos.slice(1, 3);
    return body;
  }

  it('quotes what unified-generate charges, for every mode with and without a video and Story Time by its photos, and get-app-info shows that table', async () => {
    const bodies: Array<{ what: string; body: Record<string, unknown> }> = [];
    for (const mode of CLIENT_MODES) {
      const base = await bodyOf(mode);
      if (mode === 'storytime') {
        bodies.push({ what: 'storytime, 3 photos', body: base });
        bodies.push({ what: 'storytime, 4 photos', body: { ...base, additionalImages: photos.slice(1, 4) } });
      } else {
        bodies.push({ what: `${mode}`, body: base }, { what: `${mode} with a video`, body: { ...base, enableVideo: true } });
      }
    }
    const stream = await EventStream.open(port, '/api/run-events', auth(session));
    const before = await credits(session);
    // Quoting charges nothing, and needs no run id.
    const quotes = [];
    for (const { what, body } of bodies) {
      const res = await quote(session, body);
      expect(res.status, `${what}: ${JSON.stringify(res.body)}`).toBe(200);
      expect(Object.keys(res.body).sort()).toEqual(['balance', 'cost', 'enough', 'success']);
      quotes.push(quoteGenerationAnswerSchema.parse(res.body));
    }
    expect(quotes.map((q) => q.balance)).toEqual(bodies.map(() => before));
    expect(quotes.every((q) => q.enough)).toBe(true);
    expect(await credits(session)).toBe(before);

    const runs: Array<{ what: string; runId: string; cost: number }> = [];
    // In batches under the cap of runs in flight (10).
    for (let from = 0; from < bodies.length; from += 8) {
      const batch = [];
      for (const [i, { what, body }] of bodies.entries()) {
        if (i < from || i >= from + 8) continue;
        const runId = newRunId();
        const res = await submit(session, { ...body, runId });
        expect(res.status, `${what}: ${JSON.stringify(res.body)}`).toBe(202);
        const answer = submitAnswerSchema.parse(res.body);
        // The 202's balance is the ledger's right after this run's debit.
        const debit = await ctx.infra.db.selectFrom('credit_ledger').select('balance_after').where('run_id', '=', runId).where('reason', '=', 'generation').executeTakeFirstOrThrow();
        expect({ what, cost: answer.cost, balance: answer.balance }).toEqual({ what, cost: quotes[i]!.cost, balance: debit.balance_after });
        batch.push({ what, runId, cost: quotes[i]!.cost });
      }
      for (const run of batch) {
        const event = runEventSchema.parse((await stream.waitFor(run.runId, ['run.done', 'run.failed'], 240_000)).data);
        expect({ what: run.what, type: event.type, charged: event.type === 'run.done' ? event.charged : undefined }).toEqual({ what: run.what, type: 'run.done', charged: run.cost });
        // The ledger's actual charge: the debit less any refund.
        expect({ what: run.what, charged: await charged(run.runId) }).toEqual({ what: run.what, charged: run.cost });
      }
      runs.push(...batch);
    }
    const total = runs.reduce((sum, r) => sum + r.cost, 0);
    expect(await credits(session)).toBe(before - total);

    const { prices } = getAppInfoCall.response.parse((await request(ctx.app).get('/api/get-app-info').expect(200)).body);
    const cost = (what: string) => runs.find((r) => r.what === what)!.cost;
    for (const mode of CLIENT_MODES.filter((m) => m !== 'storytime')) {
      expect({ mode, image: cost(mode), video: cost(`${mode} with a video`) }).toEqual({ mode, image: prices.image, video: prices.video });
    }
    expect([cost('storytime, 3 photos'), cost('storytime, 4 photos')]).toEqual([3 * prices.storyPerPhoto, 4 * prices.storyPerPhoto]);
    expect(prices.storyMinPhotos).toBe(3);
  }, 300_000);

  it('refuses what unified-generate refuses, with the same words: too few Story Time photos, an unknown mode, no session', async () => {
    const base = await bodyOf('storytime');
    for (const others of [[], photos.slice(1, 2)]) {
      const body = { ...base, additionalImages: others };
      const quoted = await quote(session, body);
      const submitted = await submit(session, { ...body, runId: newRunId() });
      expect([quoted.status, quoted.body.error]).toEqual([400, STORY_TIME_TOO_FEW_PHOTOS]);
      expect([submitted.status, submitted.body.error]).toEqual([400, STORY_TIME_TOO_FEW_PHOTOS]);
    }
    const unknown = await quote(session, { mode: 'telepathy', prompt: 'x' });
    expect([unknown.status, unknown.body.error]).toEqual([400, UNKNOWN_GENERATION_MODE]);
    expect((await request(ctx.app).post('/api/quote-generation').send({ mode: 'custom', prompt: 'x' })).status).toBe(401);
  });

  it('says Story Time needs 15 and 14 are there, and submits nothing: the 402 keeps the spec\'s words and adds required and available', async () => {
    const poor = await createAccount(ctx.infra, `poor-${randomBytes(4).toString('hex')}@example.com`, 14);
    const own: string[] = [];
    for (const name of ['astronaut.png', 'grace_hopper.jpg', 'camera.png']) own.push((await uploadFile(ctx.app, poor, fixture(name), name)).secure_url);
    const story = { mode: 'storytime', sourceAssetId: own[0], additionalImages: own.slice(1) };

    expect(quoteGenerationAnswerSchema.parse((await quote(poor, story)).body)).toEqual({ success: true, cost: 15, balance: 14, enough: false });
    const refused = await submit(poor, { ...story, runId: newRunId() });
    expect(refused.status).toBe(402);
    expect(insufficientCreditsAnswerSchema.parse(refused.body)).toEqual(refused.body);
    expect(refused.body).toEqual({
      success: false,
      error: INSUFFICIENT_CREDITS_MESSAGE,
      code: 'INSUFFICIENT_CREDITS',
      required: 15,
      available: 14,
    });
    expect(await credits(poor)).toBe(14);
    expect(await ctx.infra.db.selectFrom('generation_runs').select('run_id').where('user_id', '=', poor.user.id).execute()).toEqual([]);

    // Below the spec's preflight minimum: the same answer with the run's own figures.
    await ctx.infra.db.updateTable('users').set({ credits: 1 }).where('id', '=', poor.user.id).execute();
    const image = await submit(poor, { mode: 'custom', prompt: 'a teal nebula', runId: newRunId() });
    expect([image.status, image.body.required, image.body.available, image.body.error]).toEqual([402, 2, 1, INSUFFICIENT_CREDITS_MESSAGE]);
    expect(quoteGenerationAnswerSchema.parse((await quote(poor, { mode: 'custom', prompt: 'a teal nebula' })).body)).toMatchObject({ cost: 2, balance: 1, enough: false });
  });

  it('tells the balance get-credits has after each debit and refund: a failure, a cancel in the queue, a retry, a finish', async () => {
    const person = await createAccount(ctx.infra, `events-${randomBytes(4).toString('hex')}@example.com`, 40);
    const photo = (await uploadFile(ctx.app, person, fixture('astronaut.png'), 'me.png')).secure_url;
    const stream = await EventStream.open(port, '/api/run-events', auth(person));

    // A failure gives the reservation back; its event says what is there after the refund.
    const refused = newRunId();
    const sent = submitAnswerSchema.parse((await submit(person, { mode: 'custom', prompt: 'refuse this', sourceAssetId: photo, runId: refused }).expect(202)).body);
    expect(sent.balance).toBe(38);
    const failed = runEventSchema.parse((await stream.waitFor(refused, ['run.failed', 'run.done'])).data);
    expect(failed).toMatchObject({ type: 'run.failed', refunded: 2, balance: 40 });
    expect(await credits(person)).toBe(40);

    // Both slots held: a third run waits in the queue, and its cancel refunds it at once.
    provider.hold();
    const held = [newRunId(), newRunId()];
    for (const runId of held) await submit(person, { mode: 'custom', prompt: 'hold on', sourceAssetId: photo, runId }).expect(202);
    for (const runId of held) await stream.waitFor(runId, ['run.started']);
    const waiting = newRunId();
    const queued = submitAnswerSchema.parse((await submit(person, { mode: 'custom', prompt: 'a video please', enableVideo: true, sourceAssetId: photo, runId: waiting }).expect(202)).body);
    expect(queued).toMatchObject({ cost: 5, balance: 40 - 2 - 2 - 5 });
    expect(await credits(person)).toBe(31);
    const cancel = cancelRunAnswerSchema.parse((await request(ctx.app).post('/api/cancel-run').set(bearer(person)).send({ runId: waiting }).expect(200)).body);
    expect(cancel).toEqual({ success: true, runId: waiting, status: 'canceled', refunded: 5, balance: 36 });
    const canceled = runEventSchema.parse((await stream.waitFor(waiting, ['run.canceled'])).data);
    expect(canceled).toEqual({ type: 'run.canceled', runId: waiting, refunded: 5, balance: 36 });
    expect(await credits(person)).toBe(36);

    // The held runs finish: charged in full (nothing refunded), the balance as the ledger has it.
    provider.release();
    const done = [];
    for (const runId of held) done.push(runEventSchema.parse((await stream.waitFor(runId, ['run.done', 'run.failed'])).data));
    expect(done.map((e) => e.type === 'run.done' && { charged: e.charged, balance: e.balance })).toEqual([
      { charged: 2, balance: 36 },
      { charged: 2, balance: 36 },
    ]);
    expect(await credits(person)).toBe(36);
    const poll = await request(ctx.app).get('/api/getMediaByRunId').query({ runId: held[1] }).set(bearer(person)).expect(200);
    expect(poll.body.balance).toBe(36);

    // A retry is charged again; its answer says what is left. It fails again (its prompt says so) and is refunded.
    const retried = retryRunAnswerSchema.parse((await request(ctx.app).post('/api/retry-run').set(bearer(person)).send({ runId: refused }).expect(202)).body);
    expect(retried).toMatchObject({ cost: 2, balance: 34 });
    await until(async () => stream.of(refused).filter((e) => e.type === 'run.failed').length === 2);
    const again = runEventSchema.parse(stream.of(refused).filter((e) => e.type === 'run.failed').at(-1)!.data);
    expect(again).toMatchObject({ type: 'run.failed', refunded: 2, balance: 36 });
    expect(await credits(person)).toBe(36);
  }, 120_000);
});

/** Polls until `check` holds (a run settling in the worker). */
async function until(check: () => Promise<boolean>, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
