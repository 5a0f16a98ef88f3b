import { createHash, randomBytes } from 'node:crypto';
import request from 'supertest';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type ApiKeyScope, MAX_LIVE_API_KEYS } from '@app/shared/api/api-keys';
import { listen } from '../../api/src/compose';
import { API_KEY_INVALID, API_KEY_NOT_ACCEPTED, apiKeyLacksScope } from '../../api/src/services/api-keys.service';
import { type Session, bearer, createAccount, uniqueEmail } from '../support/auth';
import { suiteDialect } from '../support/database';
import { EventStream } from '../support/event-stream';
import { pollUntilFinished, randomRunId } from '../support/runs';
import { useTestApp } from '../support/test-app';
import { until } from '../support/wait';

/** Issue 45 §1: personal API keys — made once, stored hashed, scoped, revocable at once, rate-limited per key. */
const dialect = suiteDialect();
const ADMIN_SECRET = 'integration-admin-secret-api-keys-0123';
const EDITOR_TOKEN = 'integration-editor-token-api-keys-0123';
/** The per-key limit of this suite (API_KEY_REQUESTS_PER_MINUTE): small, so the 429 is cheap to reach. */
const KEY_CALLS_PER_MINUTE = 40;
const KEY_SHAPE = /^mv_[A-Za-z0-9_-]{43,}$/;

describe(`personal API keys (${dialect})`, () => {
  const ctx = useTestApp(dialect, {
    GENERATION_PROVIDER: 'instant',
    ADMIN_SECRET,
    STORY_EDITOR_TOKEN: EDITOR_TOKEN,
    SECRET_GUESS_DELAY_MS: '1',
    API_KEY_REQUESTS_PER_MINUTE: String(KEY_CALLS_PER_MINUTE),
  });
  let port: number;
  let close: () => Promise<void>;

  beforeAll(async () => {
    ({ port, close } = await listen(ctx.app, 0, '127.0.0.1'));
  }, 120_000);
  afterAll(() => close?.());
  afterEach(() => {
    for (const stream of EventStream.opened) stream.close();
  });

  const withKey = (key: string) => ({ Authorization: `Bearer ${key}` });
  const person = (name: string, credits = 20) => createAccount(ctx.infra, uniqueEmail(name), credits);
  const makeKey = async (owner: Session, scopes: ApiKeyScope[], name = `key ${randomBytes(2).toString('hex')}`) => {
    const res = await request(ctx.app).post('/api/create-api-key').set(bearer(owner)).send({ name, scopes });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body as { key: string; apiKey: { id: string; name: string; scopes: string[]; prefix: string; createdAt: string; lastUsedAt: string | null } };
  };
  const listKeys = async (owner: Session) => {
    const res = await request(ctx.app).get('/api/get-api-keys').set(bearer(owner));
    expect(res.status).toBe(200);
    return res.body as { keys: Array<{ id: string; prefix: string; lastUsedAt: string | null }>; maxKeys: number };
  };
  const generate = (key: string, body: Record<string, unknown> = {}) =>
    request(ctx.app).post('/api/unified-generate').set(withKey(key)).send({ mode: 'custom', prompt: 'a lighthouse in a storm, oil painting', runId: randomRunId(), ...body });
  const creditsOf = async (owner: Session) =>
    (await ctx.infra.db.selectFrom('users').select('credits').where('id', '=', owner.user.id).executeTakeFirstOrThrow()).credits;

  it('answers a new key once (mv_ and 43 characters) and lists it by its prefix, never the key', async () => {
    const ada = await person('ada');
    const made = await makeKey(ada, ['read', 'generate', 'read'], '  My script  ');
    expect(made.key).toMatch(KEY_SHAPE);
    expect(made.apiKey).toEqual({
      id: expect.any(String),
      name: 'My script',
      scopes: ['generate', 'read'],
      prefix: made.key.slice(0, 11),
      createdAt: expect.any(String),
      lastUsedAt: null,
    });
    const listed = await request(ctx.app).get('/api/get-api-keys').set(bearer(ada));
    expect(listed.status).toBe(200);
    expect(listed.body).toEqual({ success: true, keys: [made.apiKey], maxKeys: MAX_LIVE_API_KEYS });
    expect(JSON.stringify(listed.body)).not.toContain(made.key.slice(11));
    // Two keys never share a prefix by design of the randomness; each is told apart by it.
    const second = await makeKey(ada, ['read']);
    expect(second.apiKey.prefix).not.toBe(made.apiKey.prefix);
    expect((await listKeys(ada)).keys.map((k) => k.id)).toEqual([second.apiKey.id, made.apiKey.id]);
  });

  it('keeps only the SHA-256 of a key at rest: no column holds the key', async () => {
    const bo = await person('bo');
    const { key, apiKey } = await makeKey(bo, ['read']);
    const row = await ctx.infra.db.selectFrom('api_keys').selectAll().where('id', '=', apiKey.id).executeTakeFirstOrThrow();
    expect(row.key_hash).toBe(createHash('sha256').update(key).digest('hex'));
    expect(row.user_id).toBe(bo.user.id);
    expect(row.prefix).toBe(key.slice(0, 11));
    const secretPart = key.slice(11);
    for (const [column, value] of Object.entries(row)) expect(JSON.stringify(value) ?? '', column).not.toContain(secretPart);
  });

  it("a 'generate' key quotes and submits unified-generate as its owner (202, the owner is charged), and is refused the read calls (403)", async () => {
    const cy = await person('cy', 20);
    const { key } = await makeKey(cy, ['generate']);
    const quote = await request(ctx.app).post('/api/quote-generation').set(withKey(key)).send({ mode: 'custom', prompt: 'a fox in the snow' });
    expect(quote.status, JSON.stringify(quote.body)).toBe(200);
    expect(quote.body).toMatchObject({ cost: 2, balance: 20, enough: true });

    const runId = randomRunId();
    const submitted = await generate(key, { runId });
    expect(submitted.status, JSON.stringify(submitted.body)).toBe(202);
    expect(submitted.body).toMatchObject({ success: true, runId, status: 'processing', cost: 2, balance: 18 });
    expect(await creditsOf(cy)).toBe(18);
    const run = await ctx.infra.db.selectFrom('generation_runs').select('user_id').where('run_id', '=', runId).executeTakeFirstOrThrow();
    expect(run.user_id).toBe(cy.user.id);

    for (const path of ['/api/getQuota', '/api/get-credit-ledger', `/api/getMediaByRunId?runId=${runId}`, '/api/getUserMedia']) {
      const res = await request(ctx.app).get(path).set(withKey(key));
      expect(res.status, path).toBe(403);
      expect(res.body).toMatchObject({ success: false, error: apiKeyLacksScope('read'), code: 'API_KEY_SCOPE' });
    }
  });

  it("a 'read' key follows a run (getMediaByRunId, run-events) and reads credits and creations, and is refused unified-generate (403)", async () => {
    const dee = await person('dee', 20);
    const writer = await makeKey(dee, ['generate']);
    const reader = await makeKey(dee, ['read']);
    const stream = await EventStream.open(port, '/api/run-events', withKey(reader.key));
    expect(stream.status).toBe(200);

    const runId = randomRunId();
    expect((await generate(writer.key, { runId })).status).toBe(202);
    const done = await stream.waitFor(runId, ['run.done', 'run.failed']);
    expect(done.type).toBe('run.done');
    // The session polls (many calls); the key reads the finished run once.
    await pollUntilFinished(ctx.app, dee, runId);
    const polled = await request(ctx.app).get('/api/getMediaByRunId').query({ runId }).set(withKey(reader.key));
    expect(polled.status, JSON.stringify(polled.body)).toBe(200);
    const mediaId = polled.body.media.id as string;
    expect(polled.body.media).toMatchObject({ runId, type: 'image' });

    const quota = await request(ctx.app).get('/api/getQuota').set(withKey(reader.key));
    expect(quota.status).toBe(200);
    expect(quota.body).toMatchObject({ success: true, currentBalance: 18 });
    const ledger = await request(ctx.app).get('/api/get-credit-ledger').set(withKey(reader.key));
    expect(ledger.status).toBe(200);
    expect(ledger.body.entries[0]).toMatchObject({ delta: -2, reason: 'generation', runId });
    const library = await request(ctx.app).get('/api/getUserMedia').set(withKey(reader.key));
    expect(library.status).toBe(200);
    expect((library.body.items as Array<{ id: string }>).map((i) => i.id)).toContain(mediaId);
    // Its own item, private or not, as get-media-item shows an owner.
    await ctx.infra.db.updateTable('media').set({ is_public: false }).where('id', '=', mediaId).execute();
    const item = await request(ctx.app).get('/api/get-media-item').query({ id: mediaId }).set(withKey(reader.key));
    expect(item.status).toBe(200);
    expect(item.body.item.id).toBe(mediaId);
    expect((await request(ctx.app).get('/api/get-media-item').query({ id: mediaId })).status).toBe(404);

    const refused = await generate(reader.key);
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ success: false, error: apiKeyLacksScope('generate'), code: 'API_KEY_SCOPE' });
    expect((await request(ctx.app).post('/api/quote-generation').set(withKey(reader.key)).send({ mode: 'custom', prompt: 'x' })).status).toBe(403);
    expect(await creditsOf(dee)).toBe(18);
  });

  it('refuses a key (401, saying so) on every account, key and other call that takes none', async () => {
    const eve = await person('eve');
    const { key, apiKey } = await makeKey(eve, ['generate', 'read']);
    const calls: Array<['get' | 'post', string, object?]> = [
      ['get', '/api/get-user-profile'],
      ['post', '/api/update-profile', { name: 'Mallory' }],
      ['get', '/api/user-settings'],
      ['post', '/api/delete-account', {}],
      ['post', '/api/create-api-key', { name: 'another', scopes: ['read'] }],
      ['get', '/api/get-api-keys'],
      ['post', '/api/revoke-api-key', { id: apiKey.id }],
      ['post', '/api/run-events/ticket', {}],
      ['post', '/api/cancel-run', { runId: randomRunId() }],
      ['post', '/api/cloudinary-sign', { folder: 'sources' }],
      ['post', '/api/magic-wand', { prompt: 'a cat', enhanceNegativePrompt: false }],
      ['get', '/api/getUserDrafts'],
      ['get', '/api/get-liked-media'],
      ['get', '/api/getPublicFeed'],
      ['post', '/.netlify/functions/update-profile', { name: 'Mallory' }],
    ];
    for (const [method, path, body] of calls) {
      const call = request(ctx.app)[method](path).set(withKey(key));
      const res = await (body ? call.send(body) : call);
      expect(res.status, `${method} ${path}`).toBe(401);
      expect(res.body, `${method} ${path}`).toEqual({ success: false, error: API_KEY_NOT_ACCEPTED, code: 'API_KEY_NOT_ACCEPTED' });
    }
    // The operators' calls take their own secrets, which a key is not.
    expect((await request(ctx.app).get('/api/admin-users').set({ 'X-Admin-Secret': key })).status).toBe(401);
    expect((await request(ctx.app).get('/api/admin-users').set(withKey(key))).status).toBe(401);
    expect((await request(ctx.app).post('/api/admin-verify').send({ adminSecret: key })).status).toBe(401);
    const story = await request(ctx.app).post('/api/story-api').set(withKey(key)).send({ title: 'By a key', teaser_text: 't', full_story_content: 'c' });
    expect(story.status).toBe(401);
    // Nothing changed on the account, and the key still works where it is accepted.
    const profile = await request(ctx.app).get('/api/get-user-profile').set(bearer(eve));
    expect(profile.body.name).not.toBe('Mallory');
    expect((await listKeys(eve)).keys).toHaveLength(1);
    expect((await request(ctx.app).get('/api/getQuota').set(withKey(key))).status).toBe(200);
  });

  it('answers 401 for an unknown or malformed mv_ key, and for one of a deleted account', async () => {
    for (const key of [`mv_${randomBytes(32).toString('base64url')}`, 'mv_short', `mv_${'a'.repeat(43)}x`, 'mv_']) {
      const res = await request(ctx.app).get('/api/getQuota').set(withKey(key));
      expect(res.status, key).toBe(401);
      expect(res.body).toEqual({ success: false, error: API_KEY_INVALID, code: 'INVALID_API_KEY' });
    }
    const gone = await person('gone');
    const { key } = await makeKey(gone, ['read', 'generate']);
    expect((await request(ctx.app).get('/api/getQuota').set(withKey(key))).status).toBe(200);
    expect((await request(ctx.app).delete('/api/admin-delete-user').set({ 'X-Admin-Secret': ADMIN_SECRET }).send({ userId: gone.user.id })).status).toBe(200);
    expect((await request(ctx.app).get('/api/getQuota').set(withKey(key))).status).toBe(401);
    expect((await generate(key)).status).toBe(401);
  });

  it('stops a revoked key on its very next call (401), leaves the others working, and revokes only one’s own keys', async () => {
    const fay = await person('fay');
    const stranger = await person('stranger');
    const doomed = await makeKey(fay, ['read', 'generate']);
    const kept = await makeKey(fay, ['read']);
    expect((await request(ctx.app).get('/api/getQuota').set(withKey(doomed.key))).status).toBe(200);

    expect((await request(ctx.app).post('/api/revoke-api-key').set(bearer(stranger)).send({ id: doomed.apiKey.id })).status).toBe(404);
    expect((await request(ctx.app).get('/api/getQuota').set(withKey(doomed.key))).status).toBe(200);

    const revoked = await request(ctx.app).post('/api/revoke-api-key').set(bearer(fay)).send({ id: doomed.apiKey.id });
    expect(revoked.status).toBe(200);
    expect(revoked.body).toEqual({ success: true, id: doomed.apiKey.id, revokedAt: expect.any(String) });
    const after = await request(ctx.app).get('/api/getQuota').set(withKey(doomed.key));
    expect(after.status).toBe(401);
    expect(after.body.error).toBe(API_KEY_INVALID);
    expect((await generate(doomed.key)).status).toBe(401);
    expect((await listKeys(fay)).keys.map((k) => k.id)).toEqual([kept.apiKey.id]);
    expect((await request(ctx.app).get('/api/getQuota').set(withKey(kept.key))).status).toBe(200);
    // Again: the same answer, the first time kept.
    const again = await request(ctx.app).post('/api/revoke-api-key').set(bearer(fay)).send({ id: doomed.apiKey.id });
    expect(again.body.revokedAt).toBe(revoked.body.revokedAt);
    expect((await request(ctx.app).post('/api/revoke-api-key').set(bearer(fay)).send({ id: 'not-an-id' })).status).toBe(400);
  });

  it("stops a banned owner's keys at once (403, as their sessions), and lets them work again when the ban is lifted", async () => {
    const gil = await person('gil');
    const { key } = await makeKey(gil, ['read', 'generate']);
    expect((await request(ctx.app).get('/api/getQuota').set(withKey(key))).status).toBe(200);
    const admin = { 'X-Admin-Secret': ADMIN_SECRET };
    expect((await request(ctx.app).post('/api/admin-ban-user').set(admin).send({ userId: gil.user.id })).status).toBe(200);
    for (const res of [await request(ctx.app).get('/api/getQuota').set(withKey(key)), await generate(key)]) {
      expect(res.status).toBe(403);
      expect(res.body.code).toBe('ACCOUNT_SUSPENDED');
    }
    expect(await creditsOf(gil)).toBe(20);
    expect((await request(ctx.app).post('/api/admin-ban-user').set(admin).send({ userId: gil.user.id, banned: false })).status).toBe(200);
    expect((await request(ctx.app).get('/api/getQuota').set(withKey(key))).status).toBe(200);
  });

  it('checks name and scopes (400), and holds at most the limit of live keys (409); a revoked key frees its place', async () => {
    const hal = await person('hal');
    const create = (body: unknown) => request(ctx.app).post('/api/create-api-key').set(bearer(hal)).send(body as object);
    for (const body of [
      { name: '', scopes: ['read'] },
      { name: '   ', scopes: ['read'] },
      { name: 'x'.repeat(61), scopes: ['read'] },
      { name: 'a\u0000b', scopes: ['read'] },
      { name: 'ok', scopes: [] },
      { name: 'ok', scopes: ['admin'] },
      { name: 'ok', scopes: 'read' },
      { name: 'ok' },
      { scopes: ['read'] },
    ]) {
      const res = await create(body);
      expect(res.status, JSON.stringify(body)).toBe(400);
    }
    expect((await create({ name: 'x'.repeat(60), scopes: ['read'] })).status).toBe(200);
    const made = [];
    for (let i = 1; i < MAX_LIVE_API_KEYS; i++) made.push(await makeKey(hal, ['read']));
    const over = await create({ name: 'one too many', scopes: ['read'] });
    expect(over.status).toBe(409);
    expect(over.body).toMatchObject({ success: false, code: 'TOO_MANY_API_KEYS' });
    expect(over.body.error).toMatch(/revoke one/);
    expect((await request(ctx.app).post('/api/revoke-api-key').set(bearer(hal)).send({ id: made[0]!.apiKey.id })).status).toBe(200);
    expect((await create({ name: 'in its place', scopes: ['generate'] })).status).toBe(200);
    expect((await listKeys(hal)).keys).toHaveLength(MAX_LIVE_API_KEYS);
  });

  it('records when a key was last used, at most once a minute', async () => {
    const ida = await person('ida');
    const { key, apiKey } = await makeKey(ida, ['read']);
    expect((await request(ctx.app).get('/api/getQuota').set(withKey(key))).status).toBe(200);
    const used = await until(() => listKeys(ida), (list) => list.keys[0]?.lastUsedAt !== null, 10_000, 'lastUsedAt');
    const first = used.keys[0]!.lastUsedAt!;
    expect(Date.parse(first)).toBeGreaterThan(Date.parse(apiKey.createdAt) - 1000);
    expect((await request(ctx.app).get('/api/getQuota').set(withKey(key))).status).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect((await listKeys(ida)).keys[0]!.lastUsedAt).toBe(first);
  });

  it('answers 429 past the per-key limit, with Retry-After, while the owner’s other key still works', async () => {
    const jo = await person('jo');
    const busy = await makeKey(jo, ['read']);
    const other = await makeKey(jo, ['read']);
    for (let i = 0; i < KEY_CALLS_PER_MINUTE; i++) {
      const res = await request(ctx.app).get('/api/getQuota').set(withKey(busy.key));
      expect(res.status, `call ${i + 1}`).toBe(200);
    }
    const limited = await request(ctx.app).get('/api/getQuota').set(withKey(busy.key));
    expect(limited.status).toBe(429);
    expect(limited.body).toMatchObject({ success: false, code: 'RATE_LIMITED' });
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect((await request(ctx.app).get('/api/getQuota').set(withKey(other.key))).status).toBe(200);
    // The owner's session is not a key: its calls are not counted against the key.
    expect((await request(ctx.app).get('/api/getQuota').set(bearer(jo))).status).toBe(200);
  });
});
