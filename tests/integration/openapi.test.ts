import { randomBytes, randomUUID } from 'node:crypto';
import { Validator } from '@seriousme/openapi-schema-validator';
import type { OpenApiDocument } from '@app/shared/api/openapi';
import { openApiChecks } from '@app/shared/testing/openapi-checks';
import request from 'supertest';
import { beforeAll, describe, expect, it } from 'vitest';
import { type Session, bearer, readCodeFromOutbox, signIn, uniqueEmail } from '../support/auth';
import { suiteDialect } from '../support/database';
import { randomRunId } from '../support/runs';
import { useTestApp } from '../support/test-app';
import { fixture, uploadFile } from '../support/uploads';
import { until } from '../support/wait';

/**
 * Issue 45 §3: GET /api/openapi.json, and the document held against the running api. Real calls
 * (sign-in, an upload, a run from its submit to its end, the feed, credits, the operators' and the
 * story editor's calls, errors) are answered with a status the document lists for the call, and
 * a body that status's schema accepts; every call asks for the credential the document names.
 */
const dialect = suiteDialect();
const ADMIN_SECRET = 'integration-admin-secret-openapi-0123';
const EDITOR_TOKEN = 'integration-editor-token-openapi-0123';
const admin = { 'X-Admin-Secret': ADMIN_SECRET };
const editor = { Authorization: `Bearer ${EDITOR_TOKEN}` };

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
interface Call {
  query?: Record<string, string>;
  body?: unknown;
  headers?: Record<string, string>;
  /** The status this call must answer; any the document lists for it when absent. */
  status?: number;
}

describe(`the OpenAPI document against the running api (${dialect})`, () => {
  const ctx = useTestApp(dialect, { GENERATION_PROVIDER: 'instant', ADMIN_SECRET, STORY_EDITOR_TOKEN: EDITOR_TOKEN, SECRET_GUESS_DELAY_MS: '1' });
  let doc: OpenApiDocument;
  let checks: ReturnType<typeof openApiChecks>;

  beforeAll(async () => {
    const res = await request(ctx.app).get('/api/openapi.json');
    expect(res.status).toBe(200);
    doc = res.body as OpenApiDocument;
    checks = openApiChecks(doc);
  });

  /** Makes a call of the api and holds its answer against the document; answers the response. */
  async function call(method: Method, name: string, { query, body, headers, status }: Call = {}) {
    let req = request(ctx.app)[method.toLowerCase() as 'get'](`/api/${name}`);
    if (query) req = req.query(query);
    if (headers) req = req.set(headers);
    if (body !== undefined) req = req.send(body as object);
    const res = await req;
    const what = `${method} ${name} → ${res.status} ${JSON.stringify(res.body).slice(0, 600)}`;
    if (status !== undefined) expect(res.status, what).toBe(status);
    expect(checks.answerProblems(method, `/api/${name}`, res.status, res.body), what).toEqual([]);
    return res;
  }

  it('serves an OpenAPI 3.1 document under both function bases, kept by caches and revalidated by its ETag', async () => {
    const res = await request(ctx.app).get('/api/openapi.json');
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.headers['cache-control']).toBe('public, max-age=3600');
    const etag = res.headers.etag as string;
    expect(etag).toMatch(/^"[\w-]{27}"$/);
    const result = await new Validator().validate(structuredClone(res.body) as Record<string, unknown>);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
    expect(res.body).toMatchObject({ openapi: '3.1.0', info: { title: 'Mirrorverse API', version: expect.any(String) }, servers: [{ url: '/' }] });
    expect(Object.keys(res.body.paths).length).toBeGreaterThan(50);

    const netlify = await request(ctx.app).get('/.netlify/functions/openapi.json');
    expect(netlify.status).toBe(200);
    expect(netlify.text).toBe(res.text);
    expect(netlify.headers.etag).toBe(etag);

    const again = await request(ctx.app).get('/api/openapi.json').set('If-None-Match', etag);
    expect(again.status).toBe(304);
  });

  it('asks every call for the credential the document names: 401 without it; a call that needs none answers as documented', async () => {
    const operations = Object.entries(doc.paths).flatMap(([path, ops]) => Object.entries(ops).map(([method, op]) => ({ path, method: method.toUpperCase() as Method, op })));
    expect(operations.length).toBeGreaterThan(60);
    const wrong: string[] = [];
    for (const { path, method, op } of operations) {
      const security = (op.security ?? [{}]) as Array<Record<string, unknown>>;
      const open = security.some((requirement) => Object.keys(requirement).length === 0);
      const res = await call(method, path.slice('/api/'.length), method === 'GET' ? {} : { body: {} });
      // `call` has checked the status is one the document lists (a 401 of a call that needs nothing only where it says so: logout, refresh-token).
      if (!open && res.status !== 401) wrong.push(`${method} ${path}: ${res.status} without its credential`);
    }
    expect(wrong).toEqual([]);
  });

  it('takes a personal API key on the calls that list it, with the scope they name, and refuses it on the others', async () => {
    const session = await signIn(ctx.app, uniqueEmail('openapi-keys'));
    const created = await call('POST', 'create-api-key', { headers: bearer(session), body: { name: 'reader', scopes: ['read'] }, status: 200 });
    const key = { Authorization: `Bearer ${created.body.key as string}` };
    const wrong: string[] = [];
    for (const [path, operations] of Object.entries(doc.paths)) {
      for (const [method, op] of Object.entries(operations)) {
        const security = (op.security ?? [{}]) as Array<Record<string, string[]>>;
        // A call that needs nothing and reads no person's bearer (get-presets, story-api's public reads) reads no key either.
        const open = security.some((requirement) => Object.keys(requirement).length === 0);
        if (open && !security.some((requirement) => 'bearer' in requirement)) continue;
        const scopes = security.flatMap((requirement) => requirement.apiKey ?? []);
        const res = await call(method.toUpperCase() as Method, path.slice('/api/'.length), { headers: key, ...(method === 'get' ? {} : { body: {} }) });
        const expected = scopes.includes('read') ? 'taken' : scopes.length > 0 ? 403 : 401;
        if (expected === 'taken' ? res.status === 401 || res.status === 403 : res.status !== expected) wrong.push(`${method.toUpperCase()} ${path}: ${res.status}, expected ${expected}`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it('answers the main calls of a person, from sign-in to a finished run, as the document says', async () => {
    // Sign-in, through the calls themselves.
    const email = uniqueEmail('openapi');
    await call('POST', 'check-quota', { body: { email }, status: 200 });
    const before = Date.now() - 1;
    await call('POST', 'request-otp', { body: { email }, status: 200 });
    const code = await readCodeFromOutbox(ctx.app, email, before);
    const session = (await call('POST', 'verify-otp', { body: { email, code }, status: 200 })).body as Session;
    const me = bearer(session);
    await ctx.infra.db.updateTable('users').set({ credits: 100 }).where('id', '=', session.user.id).execute();

    for (const name of ['get-presets', 'get-app-info', 'get-launch-status']) await call('GET', name, { status: 200 });
    for (const name of ['get-user-profile', 'user-settings', 'check-quota', 'getQuota', 'get-credit-ledger', 'getUserLikes', 'get-referral-stats', 'getUserDrafts']) {
      await call('GET', name, { headers: me, status: 200 });
    }
    await call('POST', 'cloudinary-sign', { headers: me, body: { folder: 'sources' }, status: 200 });
    const photo = await uploadFile(ctx.app, session, fixture('grace_hopper.jpg'), 'grace_hopper.jpg');

    // A run: its price, its submit (202), its polls (202 while processing) until done (200).
    const body = { mode: 'custom', prompt: 'a portrait at golden hour', sourceAssetId: photo.secure_url };
    await call('POST', 'quote-generation', { headers: me, body, status: 200 });
    const runId = randomRunId();
    await call('POST', 'unified-generate', { headers: me, body: { ...body, runId }, status: 202 });
    const done = await until(() => call('GET', 'getMediaByRunId', { headers: me, query: { runId } }), (res) => res.status !== 202, 60_000, `run ${runId} to finish`, 50);
    expect(done.status).toBe(200);
    expect(done.body).toMatchObject({ success: true, status: 'done', runId });
    const mediaId = done.body.media.id as string;

    // What the run changed: credits, the ledger, the library, the feed.
    await call('GET', 'getQuota', { headers: me, status: 200 });
    const ledger = await call('GET', 'get-credit-ledger', { headers: me, status: 200 });
    expect(ledger.body.entries.some((entry: { runId: string | null }) => entry.runId === runId)).toBe(true);
    const library = await call('GET', 'getUserMedia', { headers: me, query: { userId: session.user.id }, status: 200 });
    expect(library.body.items.length).toBeGreaterThan(0);
    await call('POST', 'share-media', { headers: me, body: { mediaId, isPublic: true }, status: 200 });
    const feed = await call('GET', 'getPublicFeed', { query: { limit: '10' }, status: 200 });
    expect(feed.body.items.some((item: { id: string }) => item.id === mediaId)).toBe(true);
    await call('GET', 'getPublicFeed', { headers: me, query: { sort: 'top', period: 'week' }, status: 200 });
    await call('GET', 'getTrending', { status: 200 });
    await call('GET', 'get-media-item', { query: { id: mediaId }, status: 200 });
    const profile = await call('GET', 'get-user-profile', { headers: me, status: 200 });
    await call('GET', 'get-creator', { query: { username: profile.body.user.username as string }, status: 200 });
    await call('GET', 'getTagPage', { query: { tag: 'no-such-tag' }, status: 404 });

    // Likes, a report by someone else, the run's controls, the live stream's ticket.
    const other = await signIn(ctx.app, uniqueEmail('openapi-other'));
    await call('POST', 'toggleLike', { headers: bearer(other), body: { mediaId }, status: 200 });
    await call('GET', 'get-liked-media', { headers: bearer(other), status: 200 });
    await call('POST', 'report-media', { headers: bearer(other), body: { mediaId, reason: 'other' }, status: 202 });
    await call('POST', 'cancel-run', { headers: me, body: { runId }, status: 200 });
    await call('POST', 'retry-run', { headers: me, body: { runId }, status: 409 });
    await call('POST', 'run-events/ticket', { headers: me, status: 200 });

    // A program's key reads what the person can (issue 45 §1), under the same bearer scheme.
    const key = await call('POST', 'create-api-key', { headers: me, body: { name: 'openapi', scopes: ['read'] }, status: 200 });
    await call('GET', 'get-api-keys', { headers: me, status: 200 });
    await call('GET', 'getQuota', { headers: { Authorization: `Bearer ${key.body.key as string}` }, status: 200 });
    await call('GET', 'get-webhook-secret', { headers: me, status: 200 });
    await call('GET', 'get-webhook-deliveries', { headers: me, status: 200 });

    // Errors: bad input (400), no session (401), nothing there (404), no credits (402).
    const badRunId = await call('GET', 'getMediaByRunId', { headers: me, query: { runId: 'x' }, status: 400 });
    expect(badRunId.body).toMatchObject({ success: false, code: 'VALIDATION_FAILED' });
    await call('POST', 'unified-generate', { headers: me, body: { mode: 'no-such-mode' }, status: 400 });
    await call('GET', 'get-user-profile', { status: 401 });
    await call('GET', 'getUserMedia', { headers: { Authorization: 'Bearer not.a.token' }, status: 401 });
    await call('GET', 'get-media-item', { query: { id: randomUUID() }, status: 404 });
    await call('GET', 'getMediaByRunId', { headers: bearer(other), query: { runId }, status: 404 });
    const broke = await signIn(ctx.app, uniqueEmail('openapi-broke'));
    await ctx.infra.db.updateTable('users').set({ credits: 0 }).where('id', '=', broke.user.id).execute();
    const refused = await call('POST', 'unified-generate', { headers: bearer(broke), body: { mode: 'custom', prompt: 'a lighthouse', runId: randomRunId() }, status: 402 });
    expect(refused.body).toMatchObject({ code: 'INSUFFICIENT_CREDITS', required: expect.any(Number), available: 0 });

    // The operators' calls, with the admin secret.
    await call('POST', 'admin-verify', { body: { adminSecret: ADMIN_SECRET }, status: 200 });
    for (const name of ['admin-config', 'admin-users', 'admin-media', 'admin-settings', 'admin-audit', 'admin-get-reports']) await call('GET', name, { headers: admin, status: 200 });
    await call('GET', 'admin-run-timeline', { headers: admin, query: { runId }, status: 200 });
    await call('POST', 'admin-resolve-report', { headers: admin, body: { mediaId, action: 'keep' }, status: 200 });

    // Stories: written with the editor's token, read by anyone.
    const title = `The Openapi Tale ${randomBytes(3).toString('hex')}`;
    const written = await call('POST', 'story-api', { headers: editor, body: { title, teaser_text: 'A teaser.', full_story_content: 'Once upon a time.', status: 'published' }, status: 200 });
    const story = written.body.story as { id: string; slug: string };
    await call('GET', 'story-api', { status: 200 });
    await call('GET', 'story-api', { query: { slug: story.slug }, status: 200 });
    await call('GET', 'story-api', { headers: editor, query: { all: '1' }, status: 200 });
    await call('PUT', 'story-api', { headers: editor, query: { id: story.id }, body: { title, teaser_text: 'Changed.', full_story_content: 'Once more.', status: 'published' }, status: 200 });
    await call('DELETE', 'story-api', { headers: editor, query: { id: story.id }, status: 200 });
    await call('GET', 'story-api', { query: { slug: story.slug }, status: 404 });

    // And the person's own end of things.
    await call('DELETE', 'delete-media', { headers: me, body: { mediaId }, status: 200 });
    await call('POST', 'logout', { headers: me, body: { refreshToken: session.refreshToken }, status: 200 });
  });
});
