import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import { JSON_TOO_DEEP, UNSAFE_TEXT, seededRandom } from '@app/shared';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CreditsRepository, UsersRepository } from '@app/shared/server/repositories';
import type { Session } from '../support/auth';
import { availableDialects } from '../support/database';
import { startTestApp, type TestContext } from '../support/test-app';
import { fixture, uploadFile } from '../support/uploads';

/**
 * Issue 9: bad input is a 400, never a 500. Every call the api serves (the direct upload
 * excepted: it has tests of its own) gets a bounded, seeded set of malformed inputs, signed
 * in and not. Set FUZZ_SEED to replay another sequence; a failure names its case number.
 */
const SEED = process.env.FUZZ_SEED ?? 'issue-9-bad-input';
const CASES_PER_ENDPOINT = 50;
const DEEP = 5_000;

const dialect = availableDialects().at(-1)!;

/** What a database says when it refuses input; none of it may reach a client. */
const DATABASE_TEXT =
  /invalid input syntax|violates [a-z ]*constraint|relation "[^"]*"|syntax error at|unsupported Unicode escape|invalid byte sequence|null value in column|duplicate key value|out of range for type|Maximum call stack|current transaction is aborted/i;

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
interface Endpoint {
  method: Method;
  /** A path under a function base (`/api` or `/.netlify/functions`), or a full path when `full`. */
  path: string;
  full?: boolean;
  signedIn: boolean;
  /** Never sent with the fuzz's token: a valid call would end the session the fuzz runs in. */
  endsSession?: boolean;
  /** Well-formed inputs, which the fuzz mutates; `$media`, `$upload` are replaced by real ones. */
  examples: Array<Record<string, unknown>>;
}

const uuidA = '3f1c2a9e-6d4b-4f7a-9c1e-2b8d5e7f9a10';
const runIdA = 'run_fuzz_0123456789';
/** Stand-ins for an id of the account's own media and the URL of its own upload. */
const MEDIA = '$media';
const UPLOAD = '$upload';
const EMAIL = '$email';

/** Every route of api/src/routes/*.ts but the direct upload (POST /v1_1/:cloud/:type/upload). */
const ENDPOINTS: Endpoint[] = [
  // launch
  { method: 'GET', path: '/get-app-info', signedIn: false, examples: [{}] },
  { method: 'GET', path: '/get-launch-status', signedIn: false, examples: [{}] },
  // auth
  { method: 'POST', path: '/check-quota', signedIn: false, examples: [{ email: 'someone@example.com' }] },
  { method: 'POST', path: '/request-otp', signedIn: false, examples: [{ email: 'someone@example.com' }] },
  { method: 'POST', path: '/verify-otp', signedIn: false, examples: [{ email: 'someone@example.com', code: '123456', referrerEmail: 'friend@example.com' }] },
  { method: 'POST', path: '/refresh-token', signedIn: false, examples: [{ refreshToken: 'r'.repeat(43) }] },
  { method: 'POST', path: '/logout', signedIn: false, endsSession: true, examples: [{ refreshToken: 'r'.repeat(43) }] },
  // account
  { method: 'GET', path: '/get-user-profile', signedIn: true, examples: [{}] },
  {
    method: 'POST',
    path: '/update-profile',
    signedIn: true,
    examples: [{ name: 'Ada', username: 'ada_l', avatar: 'https://example.com/a.png', onboarding_completed: true }, { name: 'Ada' }, { avatar: 'https://example.com/a.png' }],
  },
  { method: 'GET', path: '/user-settings', signedIn: true, examples: [{}] },
  { method: 'POST', path: '/user-settings', signedIn: true, examples: [{ share_to_feed: true, media_upload_agreed: true }] },
  { method: 'POST', path: '/upload-agreement', signedIn: true, examples: [{}] },
  { method: 'GET', path: '/check-quota', signedIn: true, examples: [{}] },
  { method: 'GET', path: '/getQuota', signedIn: true, examples: [{}] },
  { method: 'POST', path: '/request-email-change-otp', signedIn: true, examples: [{ newEmail: 'new@example.com' }] },
  { method: 'POST', path: '/change-email', signedIn: true, examples: [{ newEmail: 'new@example.com', otp: '123456' }] },
  // The fuzz always names another account in x-user-email, so the account survives.
  { method: 'POST', path: '/delete-account', signedIn: true, examples: [{}] },
  // waitlist
  { method: 'POST', path: '/waitlist-signup', signedIn: false, examples: [{ email: 'someone@example.com', referrerEmail: 'friend@example.com', source: 'waitlist' }] },
  // uploads (the signature only)
  { method: 'POST', path: '/cloudinary-sign', signedIn: true, examples: [{ folder: 'sources', resource_type: 'image' }] },
  // generation
  {
    method: 'POST',
    path: '/unified-generate',
    signedIn: true,
    examples: [
      { mode: 'custom', prompt: 'a portrait at golden hour' },
      { mode: 'custom', prompt: 'a portrait', meta: { from: 'fuzz' }, ipaThreshold: 0.5, ipaRetries: 1, enableVideo: false, forVideo: false, userId: uuidA },
      { mode: 'edit', sourceAssetId: UPLOAD, editPrompt: 'brighter', editImages: [UPLOAD], sourceWidth: 800, sourceHeight: 600 },
      { mode: 'preset', presetKey: 'neon_noir', sourceAssetId: UPLOAD, additionalImages: [UPLOAD] },
      { mode: 'unrealreflection', sourceAssetId: UPLOAD, unrealReflectionPresetId: 'x', runId: runIdA },
      { mode: 'storytime', sourceAssetId: UPLOAD, storyTimePresetId: 'x', additionalImages: [UPLOAD, UPLOAD] },
    ],
  },
  { method: 'GET', path: '/getMediaByRunId', signedIn: true, examples: [{ runId: runIdA }] },
  // runs: cancel, retry and the credit ledger
  { method: 'POST', path: '/cancel-run', signedIn: true, examples: [{ runId: runIdA }] },
  { method: 'POST', path: '/retry-run', signedIn: true, examples: [{ runId: runIdA }] },
  { method: 'GET', path: '/get-credit-ledger', signedIn: true, examples: [{ cursor: '12', limit: '20' }] },
  { method: 'GET', path: '/get-presets', signedIn: false, examples: [{}] },
  { method: 'POST', path: '/magic-wand', signedIn: true, examples: [{ prompt: 'a cat', enhanceNegativePrompt: true }] },
  // feed
  {
    method: 'GET',
    path: '/getPublicFeed',
    signedIn: false,
    examples: [{ limit: '10', offset: '0', type: 'custom-prompt', creator: uuidA, userId: uuidA }, { limit: '10', cursor: 'MjAyNC0wMS0wMVQwMDowMDowMC4wMDBafDNmMWMyYTllLTZkNGItNGY3YS05YzFlLTJiOGQ1ZTdmOWExMA' }],
  },
  { method: 'GET', path: '/getTrending', signedIn: false, examples: [{ limit: '5' }] },
  // media
  { method: 'GET', path: '/getUserMedia', signedIn: true, examples: [{ userId: uuidA, limit: '10', offset: '0', all: 'false', sort: 'created_at', order: 'asc' }] },
  { method: 'DELETE', path: '/delete-media', signedIn: true, examples: [{ mediaId: uuidA, userId: uuidA }, { mediaIds: [uuidA, MEDIA] }, { all: true }] },
  { method: 'POST', path: '/toggleLike', signedIn: true, examples: [{ mediaId: MEDIA, mediaType: 'custom' }] },
  { method: 'GET', path: '/getUserLikes', signedIn: true, examples: [{}] },
  // library
  { method: 'GET', path: '/getUserDrafts', signedIn: true, examples: [{}] },
  {
    method: 'POST',
    path: '/user-drafts',
    signedIn: true,
    examples: [{ media_url: 'https://example.com/a.png', prompt: 'draft', media_type: 'photo', aspect_ratio: '4/3', width: 800, height: 600, metadata: { a: 1 } }],
  },
  { method: 'PUT', path: '/user-drafts', signedIn: true, examples: [{ id: uuidA, prompt: 'draft', metadata: { b: 'c' } }] },
  { method: 'DELETE', path: '/user-drafts', signedIn: true, examples: [{ id: uuidA }] },
  { method: 'POST', path: '/share-media', signedIn: true, examples: [{ mediaId: MEDIA, isPublic: true }] },
  { method: 'POST', path: '/migrate-guest-media', signedIn: true, examples: [{ guestId: 'guest-abcdefgh12' }] },
  { method: 'GET', path: '/get-referral-stats', signedIn: true, examples: [{}] },
  {
    method: 'POST',
    path: '/send-referral-invite',
    signedIn: true,
    examples: [{ referrerEmail: EMAIL, referrerName: 'Ada', friendEmail: 'friend@example.com', referralCode: 'abc' }],
  },
  // development outbox, health, stored media, the web app and unknown calls
  { method: 'GET', path: '/api/dev/outbox', full: true, signedIn: false, examples: [{ email: 'someone@example.com' }] },
  { method: 'GET', path: '/healthz', full: true, signedIn: false, examples: [{}] },
  { method: 'GET', path: '/readyz', full: true, signedIn: false, examples: [{}] },
  { method: 'GET', path: '/media/media/u1/x.webp', full: true, signedIn: false, examples: [{}] },
  { method: 'GET', path: '/profile', full: true, signedIn: false, examples: [{}] },
  { method: 'POST', path: '/no-such-call', signedIn: false, examples: [{ a: 1 }] },
];

type Rng = () => number;
const pickFrom = <T>(rng: Rng, values: readonly T[]): T => values[Math.floor(rng() * values.length)]!;

/** Placeholders swapped in the JSON text for what JSON.stringify cannot write. */
const DEEP_MARK = Symbol('deep');
const DEEP_TOKEN = '"\u2063deep\u2063"';
const PROTO_KEY = '\u2063proto\u2063';
const PROTO_TOKEN = `"${PROTO_KEY}"`;
const deepArray = `${'['.repeat(DEEP)}1${']'.repeat(DEEP)}`;
const deepObject = `${'{"a":'.repeat(DEEP)}1${'}'.repeat(DEEP)}`;

const BAD_STRINGS: readonly string[] = [
  '',
  ' ',
  '\u0000',
  'a\u0000b',
  '\u0000'.repeat(40),
  '\u0001\u0002\u001b[31m\u007f',
  '\ud800',
  'x\udfffy',
  '\r\n\t',
  'not-a-uuid',
  'x',
  '00000000-0000-0000-0000-000000000000',
  '3f1c2a9e-6d4b-4f7a-9c1e-2b8d5e7f9a1Z',
  `${uuidA}\u0000`,
  "' OR 1=1 --",
  '"; DROP TABLE media; --',
  '../../../etc/passwd',
  '%00',
  '%',
  '<script>alert(1)</script>',
  '__proto__',
  'constructor',
  'NaN',
  '-1',
  '1e309',
  '99999999999999999999999',
  'true',
  'null',
  '[]',
  '{}',
  '🦄'.repeat(2_000),
  'ا'.repeat(500),
  'x'.repeat(5_000),
  'y'.repeat(200_000),
  'guest-\u0000aaaaaaaa',
  'someone@exa\u0000mple.com',
  'https://example.com/\u0000.png',
  'https://example.com/\ud800.png',
  'javascript:alert(1)',
  'run_\u0000_0123456789',
];

const BAD_NUMBERS: readonly number[] = [0, -1, 1.5, -0.0001, 1e308, -1e308, 2 ** 53 + 1, 2 ** 31, 100_001];

/** The values every field of every call gets once: the ones that used to reach the database. */
const SYSTEMATIC: readonly unknown[] = [
  '\u0000',
  'a\u0000b',
  '\ud800',
  '\u0001\u001f',
  'not-a-uuid',
  `${uuidA}\u0000`,
  'x'.repeat(5_000),
  -1,
  1e308,
  null,
  [],
  { a: '\u0000' },
  DEEP_MARK,
];

/** A malformed JSON value: wrong types, bad text, odd containers, deep nesting. */
function badValue(rng: Rng): unknown {
  const roll = rng();
  if (roll < 0.45) return pickFrom(rng, BAD_STRINGS);
  if (roll < 0.6) return pickFrom(rng, BAD_NUMBERS);
  if (roll < 0.66) return pickFrom(rng, [true, false, null]);
  if (roll < 0.74) return pickFrom(rng, [[], {}, [[]], [pickFrom(rng, BAD_STRINGS)], { a: pickFrom(rng, BAD_STRINGS) }]);
  if (roll < 0.8) return Array.from({ length: pickFrom(rng, [2, 600, 20_000]) }, () => pickFrom(rng, ['x', 1, null, uuidA]));
  if (roll < 0.86) return { [PROTO_KEY]: { polluted: true }, constructor: { prototype: { polluted: true } } };
  if (roll < 0.93) return DEEP_MARK;
  return { nested: { [pickFrom(rng, ['\u0000', '', 'a'.repeat(300), '\ud800'])]: pickFrom(rng, BAD_STRINGS) } };
}

/** JSON text of a value, with the deep and __proto__ placeholders written out. */
function toJsonText(value: unknown, rng: Rng): string {
  const text = JSON.stringify(value, (_key, v: unknown) => (v === DEEP_MARK ? JSON.parse(DEEP_TOKEN) : v)) ?? 'null';
  return text.split(DEEP_TOKEN).join(rng() < 0.5 ? deepArray : deepObject).split(PROTO_TOKEN).join('"__proto__"');
}

/** A value as query text. */
function toQueryText(value: unknown, rng: Rng): string {
  if (typeof value === 'string') return value;
  return value === DEEP_MARK ? (rng() < 0.5 ? deepArray : deepObject) : toJsonText(value, rng);
}

const RAW_BODIES: readonly string[] = [
  '{"oops"',
  '{',
  '[',
  '{"a":}',
  "{'single':'quotes'}",
  '{"a":1,}',
  '"just a string"',
  '42',
  'null',
  'true',
  '[]',
  '[1,2,3]',
  '\u0000',
  '{"a":"\\u0000"}',
  '{"a":"\\ud800"}',
  '{"a":1e999999}',
  '{"a":-1e999999}',
  '{"__proto__":{"isAdmin":true}}',
  '{"constructor":{"prototype":{"isAdmin":true}}}',
  deepArray,
  deepObject,
  `{"a":${deepArray}}`,
  '\ufeff{"a":1}',
  '{"a":"b"}garbage',
];

interface FuzzCase {
  n: number;
  method: Method;
  url: string;
  auth: 'user' | 'none' | 'garbage';
  headers: Record<string, string>;
  /** The body text; undefined = no body. */
  body?: string;
  contentType?: string;
}

const GARBAGE_TOKENS = ['a.b.c', 'x', 'eyJhbGciOiJub25lIn0.eyJzdWIiOiIxIn0.', `${'a'.repeat(5_000)}.b.c`, 'Bearer'];

/** Percent-encodes text; a lone surrogate becomes the bytes of its (invalid) UTF-8 form. */
function encodeQueryText(text: string): string {
  return text
    .split(/([\uD800-\uDFFF])/u)
    .map((part) => (/^[\uD800-\uDFFF]$/u.test(part) ? '%ED%A0%80' : encodeURIComponent(part)))
    .join('');
}

const queryString = (pairs: Array<[string, string]>) => pairs.map(([k, v]) => `${encodeQueryText(k)}=${encodeQueryText(v)}`).join('&');

/** The query string of a GET: one or every parameter wrong, repeated, missing or raw garbage. */
function fuzzQuery(rng: Rng, example: Record<string, unknown>): string {
  const keys = Object.keys(example);
  const params: Array<[string, string]> = Object.entries(example).map(([k, v]) => [k, String(v)]);
  const text = () => toQueryText(badValue(rng), rng);
  const roll = rng();
  if (roll < 0.35 && keys.length > 0) {
    const key = pickFrom(rng, keys);
    return queryString(params.map(([k, v]) => [k, k === key ? text() : v]));
  }
  if (roll < 0.5) return queryString(params.map(([k]) => [k, text()]));
  if (roll < 0.6 && keys.length > 0) {
    const key = pickFrom(rng, keys);
    return queryString([...params, [key, text()], [key, text()]]);
  }
  if (roll < 0.7 && keys.length > 0) {
    const key = pickFrom(rng, keys);
    return queryString(params.filter(([k]) => k !== key));
  }
  if (roll < 0.8) return queryString([...params, [pickFrom(rng, ['__proto__', 'constructor', 'a[b]', 'x'.repeat(2_000), '\u0000']), text()]]);
  const first = keys[0] ?? 'q';
  return pickFrom(rng, ['%', '%zz', '%E0%A4%A', '%00', '%00=%00', '&&&', '=', 'a=1&a=2&a=3', `${first}[__proto__][x]=1`, `${first}=%C0%AF`, `${first}=%ED%A0%80`]);
}

/** The body of a POST, PUT or DELETE: a mutation of the example, or malformed text. */
function fuzzBody(rng: Rng, example: Record<string, unknown>): { body?: string; contentType?: string } {
  const keys = Object.keys(example);
  const roll = rng();
  if (roll < 0.3 && keys.length > 0) {
    const key = pickFrom(rng, keys);
    return { body: toJsonText({ ...example, [key]: badValue(rng) }, rng) };
  }
  if (roll < 0.42) return { body: toJsonText(Object.fromEntries(keys.map((k) => [k, badValue(rng)])), rng) };
  if (roll < 0.5 && keys.length > 0) {
    const key = pickFrom(rng, keys);
    return { body: toJsonText(Object.fromEntries(Object.entries(example).filter(([k]) => k !== key)), rng) };
  }
  if (roll < 0.56) return { body: toJsonText({ ...example, [pickFrom(rng, ['extra', PROTO_KEY, 'constructor', '\u0000'])]: badValue(rng) }, rng) };
  if (roll < 0.64) return { body: toJsonText(pickFrom(rng, [[example], [], 'text', 12, null, [[[]]]]), rng) };
  if (roll < 0.84) return { body: pickFrom(rng, RAW_BODIES) };
  if (roll < 0.88) return {};
  if (roll < 0.94) {
    return {
      body: pickFrom(rng, ['email=a%00b', 'a=1', '{"a":1}', '\u0000\u0001']),
      contentType: pickFrom(rng, ['text/plain', 'application/x-www-form-urlencoded', 'application/json; charset=utf-16', 'application/xml', 'application/json; charset=klingon']),
    };
  }
  if (roll < 0.95) return { body: `{"a":"${'z'.repeat(1_100_000)}"}` };
  return { body: toJsonText({ ...example, [pickFrom(rng, keys.length > 0 ? keys : ['a'])]: DEEP_MARK }, rng) };
}

/**
 * The cases, in a fixed order for a seed: first every field of every example with each
 * SYSTEMATIC value (signed in), then CASES_PER_ENDPOINT random ones per call.
 */
function buildCases(seed: string): FuzzCase[] {
  const rng = seededRandom(seed);
  const cases: FuzzCase[] = [];
  const start = (endpoint: Endpoint, auth: FuzzCase['auth'], method = endpoint.method): FuzzCase => {
    const base = endpoint.full ? '' : pickFrom(rng, ['/api', '/.netlify/functions']);
    // Each request from its own address, so the sign-in rate limits do not answer for the validation.
    const headers: Record<string, string> = { 'X-Forwarded-For': `198.18.${Math.floor(rng() * 256)}.${Math.floor(rng() * 256)}` };
    if (auth === 'garbage') headers.Authorization = `Bearer ${pickFrom(rng, GARBAGE_TOKENS)}`;
    // Never the account's own address: the fuzz must not delete the account it runs as.
    if (endpoint.path === '/delete-account') headers['X-User-Email'] = pickFrom(rng, ['', 'x', 'other@example.com', 'Ä'.repeat(50), '%00']);
    return { n: cases.length, method, url: `${base}${endpoint.path}`, auth, headers };
  };

  for (const endpoint of ENDPOINTS) {
    for (const example of endpoint.examples) {
      for (const key of Object.keys(example)) {
        for (const value of SYSTEMATIC) {
          const c = start(endpoint, endpoint.signedIn && !endpoint.endsSession ? 'user' : 'none');
          if (c.method === 'GET') {
            c.url += `?${queryString(Object.entries(example).map(([k, v]) => [k, k === key ? toQueryText(value, rng) : String(v)]))}`;
          } else {
            c.body = toJsonText({ ...example, [key]: value }, rng);
          }
          cases.push(c);
        }
      }
    }
  }

  for (const endpoint of ENDPOINTS) {
    for (let i = 0; i < CASES_PER_ENDPOINT; i++) {
      const authRoll = rng();
      const auth: FuzzCase['auth'] =
        authRoll < (endpoint.endsSession ? 0 : endpoint.signedIn ? 0.75 : 0.4) ? 'user' : authRoll < 0.9 ? 'none' : 'garbage';
      const method = rng() < 0.05 ? pickFrom(rng, ['GET', 'POST', 'PUT', 'DELETE'] as const) : endpoint.method;
      const c = start(endpoint, auth, method);
      const example = pickFrom(rng, endpoint.examples);
      if (method === 'GET') {
        const query = fuzzQuery(rng, example);
        if (query) c.url += `?${query}`;
      } else {
        Object.assign(c, fuzzBody(rng, example));
      }
      cases.push(c);
    }
  }
  return cases;
}

/** Signs in over HTTP as the browser does, reading the code from the outbox table (no mail worker runs). */
async function signInWithoutWorkers(ctx: TestContext, email: string): Promise<Session> {
  const requested = await request(ctx.app).post('/api/request-otp').send({ email });
  if (requested.status !== 200) throw new Error(`request-otp ${requested.status}: ${JSON.stringify(requested.body)}`);
  const mail = await ctx.infra.db
    .selectFrom('mail_outbox')
    .select('text_body')
    .where('to_address', '=', email)
    .orderBy('created_at', 'desc')
    .executeTakeFirstOrThrow();
  const code = mail.text_body?.match(/\b\d{6}\b/)?.[0];
  const verified = await request(ctx.app).post('/api/verify-otp').send({ email, code });
  if (verified.status !== 200) throw new Error(`verify-otp ${verified.status}: ${JSON.stringify(verified.body)}`);
  return verified.body as Session;
}

describe(`malformed input against every call (${dialect})`, () => {
  let ctx: TestContext;
  let server: Server;
  let baseUrl: string;
  let session: Session;
  let standIns: Record<string, string> = {};
  const fill = (text: string) => Object.entries(standIns).reduce((out, [token, value]) => out.split(token).join(value), text);

  beforeAll(async () => {
    // No workers: a malformed request that happens to be valid queues work nobody needs to do.
    // The fuzz is the loopback proxy: each case's X-Forwarded-For is its own client address.
    ctx = await startTestApp(dialect, { TRUST_PROXY: 'loopback' }, { workers: false });
    session = await signInWithoutWorkers(ctx, `fuzz-${randomBytes(4).toString('hex')}@example.com`);
    // Credits enough that no generation the fuzz gets right stops at the balance.
    await new CreditsRepository(ctx.infra.db).apply({ userId: session.user.id, delta: 1_000_000, reason: 'admin_adjustment' });
    // A real upload of the account (for generation sources) and a public item of someone else's.
    const upload = await uploadFile(ctx.app, session, fixture('astronaut.png'), 'me.png');
    const owner = await new UsersRepository(ctx.infra.db).create({ email: `owner-${randomBytes(4).toString('hex')}@example.com`, referral_code: randomBytes(6).toString('base64url') });
    const media = await ctx.infra.db
      .insertInto('media')
      .values({ user_id: owner.id, type: 'image', preset_type: 'custom', is_public: true, final_url: 'https://example.com/m.png' })
      .returning('id')
      .executeTakeFirstOrThrow();
    standIns = { [MEDIA]: media.id, [UPLOAD]: upload.secure_url, [EMAIL]: session.user.email };
    server = await new Promise<Server>((resolve) => {
      const s = ctx.app.listen(0, '127.0.0.1', () => resolve(s));
    });
    baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  }, 120_000);
  afterAll(async () => {
    await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
    server?.closeAllConnections();
    await ctx?.close();
  });

  const signedIn = () => ({ Authorization: `Bearer ${session.accessToken}` });

  async function send(c: FuzzCase) {
    let req = request(baseUrl)[c.method.toLowerCase() as 'get' | 'post' | 'put' | 'delete'](c.url).set(c.headers);
    if (c.auth === 'user') req = req.set(signedIn());
    if (c.body !== undefined) req = req.set('Content-Type', c.contentType ?? 'application/json').send(fill(c.body));
    // The body as text, whatever its type, so database text is found anywhere in it.
    return req.buffer(true).parse((res, done) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => done(null, Buffer.concat(chunks).toString('utf8')));
    });
  }

  it('names what is wrong with a malformed id, text or JSON in a 400', async () => {
    const api = request(baseUrl);
    const deep = await api.post('/api/user-drafts').set(signedIn()).set('Content-Type', 'application/json').send(`{"media_url":"https://example.com/a.png","metadata":${deepObject}}`);
    expect(deep.status).toBe(400);
    expect(deep.body).toMatchObject({ success: false, error: JSON_TOO_DEEP });
    // Nesting a person could mean is kept.
    const nested = `${'{"a":'.repeat(40)}1${'}'.repeat(40)}`;
    const kept = await api.post('/api/user-drafts').set(signedIn()).set('Content-Type', 'application/json').send(`{"media_url":"https://example.com/a.png","metadata":${nested}}`);
    expect(kept.status).toBe(200);

    const bulk = await api.delete('/api/delete-media').set(signedIn()).send({ mediaIds: ['x'] });
    expect(bulk.status).toBe(400);
    expect(bulk.body.error).toBe('mediaIds.0: Invalid mediaIds');
    const like = await api.post('/api/toggleLike').set(signedIn()).send({ mediaId: 'x' });
    expect(like.status).toBe(400);
    expect(like.body.error).toBe('mediaId: Invalid mediaId');
    const one = await api.delete('/api/delete-media').set(signedIn()).send({ mediaId: '../etc' });
    expect(one.body).toMatchObject({ success: false, error: 'mediaId: Invalid mediaId' });

    const name = await api.post('/api/update-profile').set(signedIn()).send({ name: 'Ada\u0000' });
    expect(name.status).toBe(400);
    expect(name.body.error).toBe(`name: ${UNSAFE_TEXT}`);
    const prompt = await api.post('/api/unified-generate').set(signedIn()).send({ mode: 'custom', prompt: 'a cat\u0000' });
    expect(prompt.status).toBe(400);
    expect(prompt.body.error).toBe(UNSAFE_TEXT);
    const draft = await api.post('/api/user-drafts').set(signedIn()).send({ media_url: 'https://example.com/a.png', metadata: { note: 'x\u0000' } });
    expect(draft.body).toMatchObject({ success: false, error: `metadata: ${UNSAFE_TEXT}` });
    // A prompt keeps its line breaks.
    const multiline = await api.post('/api/user-drafts').set(signedIn()).send({ media_url: 'https://example.com/a.png', prompt: 'line one\nline two' });
    expect(multiline.body.draft.prompt).toBe('line one\nline two');

    const run = await api.get('/api/getMediaByRunId').set(signedIn()).query({ runId: '\u0000' });
    expect(run.status).toBe(400);
    expect(run.body.error).toBe('runId: Invalid runId');
    // A well-formed id of no run is still the 404 of the spec.
    expect((await api.get('/api/getMediaByRunId').set(signedIn()).query({ runId: 'run_unknown_0001' })).status).toBe(404);
    const feed = await api.get('/api/getPublicFeed').query({ type: '\u0000' });
    expect(feed.status).toBe(400);
    expect(feed.body.error).toBe(`type: ${UNSAFE_TEXT}`);
  });

  it('answers every malformed request below 500, without database text, and stays ready', async () => {
    const cases = buildCases(SEED);
    const failures: string[] = [];
    let serverErrors = 0;
    const statuses = new Map<number, number>();
    const describeCase = (c: FuzzCase) => `#${c.n} ${c.method} ${c.url.slice(0, 160)} auth=${c.auth} body=${JSON.stringify((c.body ?? '').slice(0, 160))}`;

    // A few at a time: enough to be quick, few enough for a two-core machine.
    const CONCURRENCY = 4;
    let next = 0;
    await Promise.all(
      Array.from({ length: CONCURRENCY }, async () => {
        while (next < cases.length) {
          const c = cases[next++]!;
          const res = await send(c);
          statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
          const text = typeof res.body === 'string' ? res.body : '';
          if (res.status >= 500) {
            serverErrors += 1;
            failures.push(`${res.status} ${describeCase(c)} -> ${text.slice(0, 200)}`);
          } else if (DATABASE_TEXT.test(text)) {
            failures.push(`database text in ${res.status} ${describeCase(c)} -> ${text.slice(0, 300)}`);
          }
        }
      }),
    );

    console.log(
      `fuzz (seed ${SEED}, ${dialect}): ${cases.length} requests over ${ENDPOINTS.length} calls, ${serverErrors} answered 5xx; statuses ${JSON.stringify(Object.fromEntries([...statuses].sort(([a], [b]) => a - b)))}`,
    );
    expect(failures.slice(0, 40)).toEqual([]);
    expect(serverErrors).toBe(0);

    const ready = await request(baseUrl).get('/readyz');
    expect(ready.status).toBe(200);
    // The account the fuzz ran as still works.
    expect((await request(baseUrl).get('/api/get-user-profile').set(signedIn())).status).toBe(200);
  }, 180_000);
});
