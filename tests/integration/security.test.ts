import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import type { Express } from 'express';
import { SignJWT } from 'jose';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { parseConfig } from '@app/shared/server/config';
import { createLogger } from '@app/shared/server/logger';
import { createRepositories } from '@app/shared/server/repositories';
import { createApp } from '../../api/src/app';
import { devOutboxRoutes } from '../../api/src/routes/dev-outbox';
import { DevOutboxService } from '../../api/src/services/dev-outbox.service';
import { bearer, createAccount, readCodeFromOutbox, type Session, signIn, waitForMailCount } from '../support/auth';
import { suiteDialect } from '../support/database';
import { fixture, uploadFile } from '../support/uploads';
import { startTestApp, useTestApp, type TestContext } from '../support/test-app';
import { fakeWebDist } from '../support/web-dist';

/** Findings of the security review (issue 9), each as a user or an attacker would notice it. */

const dialect = suiteDialect();
const uniqueEmail = (name: string) => `${name}-${randomBytes(4).toString('hex')}@example.com`;
const root = path.resolve(import.meta.dirname, '../..');

/**
 * A GET as if it came over a socket from `remoteAddress`: supertest always connects over
 * loopback, and a test cannot open a connection from another machine.
 */
function requestFrom(app: Express, remoteAddress: string, url: string, headers: Record<string, string> = {}): Promise<{ status: number; body: string }> {
  const socket = new net.Socket();
  Object.defineProperty(socket, 'remoteAddress', { value: remoteAddress });
  const req = new http.IncomingMessage(socket);
  req.method = 'GET';
  req.url = url;
  req.headers = { host: 'mirrorverse.example', accept: 'application/json', ...headers };
  req.push(null);
  const res = new http.ServerResponse(req);
  const chunks: Buffer[] = [];
  const keep = (chunk: unknown) => {
    if (typeof chunk === 'string' || chunk instanceof Uint8Array) chunks.push(Buffer.from(chunk));
  };
  return new Promise((resolve) => {
    res.write = ((chunk: unknown) => {
      keep(chunk);
      return true;
    }) as typeof res.write;
    res.end = ((chunk?: unknown) => {
      keep(chunk);
      resolve({ status: res.statusCode, body: Buffer.concat(chunks).toString('utf8') });
      return res;
    }) as typeof res.end;
    app(req, res);
  });
}

/** A wrong guess at `code` that is never the code itself. */
const wrongGuess = (code: string, n: number) => String((Number(code) + 1 + n) % 1_000_000).padStart(6, '0');

describe('deployment files', () => {
  const compose = fs.readFileSync(path.join(root, 'docker-compose.yml'), 'utf8');
  const dockerfile = fs.readFileSync(path.join(root, 'Dockerfile'), 'utf8');

  it('give no secret a default: compose refuses to start until each is set', () => {
    const config = compose.split('\n').filter((line) => !line.trimStart().startsWith('#'));
    for (const name of ['JWT_SECRET', 'ADMIN_SECRET', 'MINIO_ROOT_USER', 'MINIO_ROOT_PASSWORD']) {
      const uses = config.join('\n').match(new RegExp(`\\$\\{${name}[^}]*\\}`, 'g')) ?? [];
      expect(uses.length, name).toBeGreaterThan(0);
      for (const use of uses) expect(use, name).toMatch(new RegExp(`^\\$\\{${name}:\\?.+\\}$`));
    }
    for (const line of config.filter((l) => /^\s*(S3_ACCESS_KEY_ID|S3_SECRET_ACCESS_KEY|JWT_SECRET|ADMIN_SECRET):/.test(l))) {
      expect(line).toMatch(/:\s*\$\{[A-Z_]+:\?/);
    }
    expect(compose).not.toContain('dev-only-insecure-jwt-secret');
    expect(config.join('\n')).not.toContain('minioadmin');
  });

  it('make containers listen on every interface, since the app alone listens on loopback', () => {
    expect(compose).toMatch(/^\s+HOST: "?0\.0\.0\.0"?\s*$/m);
    expect(dockerfile).toMatch(/HOST=0\.0\.0\.0/);
    expect(parseConfig({}).http.host).toBe('127.0.0.1');
  });
});

describe(`the api on its default settings (${dialect})`, () => {
  const ctx = useTestApp(dialect);

  it('shows the development outbox to this machine only, whatever X-Forwarded-For says', async () => {
    const email = uniqueEmail('outbox');
    await request(ctx.app).post('/api/request-otp').send({ email });
    await readCodeFromOutbox(ctx.app, email); // loopback: served
    const url = `/api/dev/outbox?email=${encodeURIComponent(email)}`;
    const fromLan = await requestFrom(ctx.app, '192.168.1.50', url);
    expect(fromLan.status).toBe(404);
    expect(fromLan.body).not.toMatch(/\d{6}/);
    expect((await requestFrom(ctx.app, '::ffff:10.0.0.8', url, { 'x-forwarded-for': '127.0.0.1' })).status).toBe(404);
    expect((await requestFrom(ctx.app, '::ffff:127.0.0.1', url)).status).toBe(200);
    expect((await requestFrom(ctx.app, '::1', url)).status).toBe(200);

    // Even where every proxy is trusted (req.ip = the forged 127.0.0.1), the socket decides.
    const trusting = createApp({
      config: { webDistDir: '/nonexistent', http: { publicUrl: 'http://localhost:3000', trustProxy: true } },
      logger: createLogger(ctx.config, 'security-test'),
      storage: ctx.infra.storage,
      readiness: {},
      functions: [],
      routes: [devOutboxRoutes(new DevOutboxService(createRepositories(ctx.infra.db)))],
    });
    expect((await requestFrom(trusting, '203.0.113.9', url, { 'x-forwarded-for': '127.0.0.1' })).status).toBe(404);
    expect((await requestFrom(trusting, '127.0.0.1', url)).status).toBe(200);
  });

  it('sends security headers on every response; media stay loadable from other origins', async () => {
    for (const res of [await request(ctx.app).get('/api/get-launch-status'), await request(ctx.app).get('/healthz'), await request(ctx.app).get('/api/nope')]) {
      const csp = res.headers['content-security-policy'] as string;
      expect(csp).toContain("default-src 'self'");
      expect(csp).toContain("script-src 'self'");
      expect(csp).toContain("frame-ancestors 'none'");
      // Sheets from the site only; style attributes (a server-drawn tile's aspect ratio) allowed.
      expect(csp).toContain("style-src 'self';");
      expect(csp).toContain("style-src-attr 'unsafe-inline'");
      expect(csp).toMatch(/img-src 'self' data: blob: http:\/\/localhost:3000(;|$)/);
      expect(csp).toMatch(/media-src 'self' data: blob: http:\/\/localhost:3000(;|$)/);
      expect(csp).not.toContain('upgrade-insecure-requests');
      expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['x-frame-options']).toBe('DENY');
      expect(res.headers['strict-transport-security']).toBeUndefined(); // PUBLIC_URL is http
    }
    // A public file (outside people's folders, as a share image is).
    await ctx.infra.storage.put('share/m/cors-probe.jpg', Buffer.from('not really a jpeg'), { contentType: 'image/jpeg', immutable: true });
    const media = await request(ctx.app).get('/media/share/m/cors-probe.jpg').set('Origin', 'https://elsewhere.example');
    expect(media.status).toBe(200);
    expect(media.headers['access-control-allow-origin']).toBe('*');
    expect(media.headers['cross-origin-resource-policy']).toBe('cross-origin');
    expect(media.headers['cross-origin-embedder-policy']).toBeUndefined();
  });

  it('adds HSTS on https, allows the S3 media origin, and covers the web app pages', async () => {
    const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'web-dist-'));
    fs.writeFileSync(path.join(dist, 'index.html'), '<!doctype html><div id="root"></div><script type="module" src="/assets/index.js"></script>');
    try {
      const app = createApp({
        config: { webDistDir: dist, http: { publicUrl: 'https://mirrorverse.example', trustProxy: false } },
        logger: createLogger(ctx.config, 'security-test'),
        storage: { kind: 's3', publicUrl: (key: string) => `https://cdn.example.net/media/${key}` } as never,
        readiness: {},
        functions: [],
      });
      const page = await request(app).get('/profile').set('Accept', 'text/html');
      expect(page.status).toBe(200);
      const csp = page.headers['content-security-policy'] as string;
      expect(csp).toContain("img-src 'self' data: blob: https://mirrorverse.example https://cdn.example.net");
      expect(csp).toContain("media-src 'self' data: blob: https://mirrorverse.example https://cdn.example.net");
      expect(csp).toContain('upgrade-insecure-requests');
      expect(page.headers['strict-transport-security']).toMatch(/^max-age=\d+/);
    } finally {
      fs.rmSync(dist, { recursive: true, force: true });
    }
  });

  it("shows a feed item's source photo to its owner only", async () => {
    const alice = await createAccount(ctx.infra, uniqueEmail('alice'));
    const bob = await createAccount(ctx.infra, uniqueEmail('bob'));
    const sourceUrl = `http://localhost:3000/media/users/${alice.user.id}/uploads/face.jpg`;
    const { id } = await ctx.infra.db
      .insertInto('media')
      .values({ user_id: alice.user.id, type: 'image', preset_type: 'unreal_reflection', final_url: 'http://localhost:3000/media/x.jpg', source_url: sourceUrl, is_public: true, trending_score: 1e12 })
      .returning('id')
      .executeTakeFirstOrThrow();
    const itemOf = (res: request.Response) => (res.body.items as Array<{ id: string; source_url: unknown }>).find((i) => i.id === id);

    for (const call of ['/api/getPublicFeed', '/api/getTrending']) {
      const anonymous = itemOf(await request(ctx.app).get(call).query({ limit: 100 }));
      expect(anonymous, call).toBeDefined();
      expect(anonymous!.source_url, call).toBeNull();
      expect(itemOf(await request(ctx.app).get(call).query({ limit: 100 }).set(bearer(bob)))!.source_url, call).toBeNull();
      expect(itemOf(await request(ctx.app).get(call).query({ limit: 100 }).set(bearer(alice)))!.source_url, call).toBe(sourceUrl);
      // A broken token is no reason to refuse a public page: it is simply anonymous.
      const broken = await request(ctx.app).get(call).set('Authorization', 'Bearer a.b.c');
      expect(broken.status, call).toBe(200);
    }
  });

  it('refuses a correctly signed access token that never expires', async () => {
    const session = await createAccount(ctx.infra, uniqueEmail('forever'));
    expect((await request(ctx.app).get('/api/get-user-profile').set(bearer(session))).status).toBe(200);
    const forever = await new SignJWT({ typ: 'access', sid: 'some-session' })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(session.user.id)
      .setIssuer('mirrorverse')
      .setIssuedAt()
      .sign(new TextEncoder().encode(ctx.infra.secrets.jwtSecret));
    const res = await request(ctx.app).get('/api/get-user-profile').set('Authorization', `Bearer ${forever}`);
    expect(res.status).toBe(401);
  });

  it('ends access tokens at once on logout of one session, and leaves the other sessions alone', async () => {
    const email = uniqueEmail('leaver');
    const laptop = await signIn(ctx.app, email);
    const phone = await signIn(ctx.app, email);
    expect((await request(ctx.app).post('/api/logout').send({ refreshToken: laptop.refreshToken })).status).toBe(200);
    expect((await request(ctx.app).get('/api/get-user-profile').set(bearer(laptop))).status).toBe(401);
    expect((await request(ctx.app).get('/api/get-user-profile').set(bearer(phone))).status).toBe(200);

    // Logging out without a refresh token ends every session, access tokens included.
    expect((await request(ctx.app).post('/api/logout').set(bearer(phone))).status).toBe(200);
    expect((await request(ctx.app).get('/api/get-user-profile').set(bearer(phone))).status).toBe(401);
    const again = await signIn(ctx.app, email);
    expect((await request(ctx.app).get('/api/get-user-profile').set(bearer(again))).status).toBe(200);
  });

  it('refuses a token it accepted a moment before as soon as its account is banned or deleted', async () => {
    const session = await signIn(ctx.app, uniqueEmail('remembered'));
    const submit = () => request(ctx.app).post('/api/unified-generate').set(bearer(session)).send({ mode: 'custom', prompt: 'a lighthouse at dusk' });
    const first = await submit();
    expect(first.status).toBe(202);
    const poll = () => request(ctx.app).get('/api/getMediaByRunId').query({ runId: first.body.runId }).set(bearer(session));
    expect((await poll()).status).toBe(202);

    await ctx.infra.db.updateTable('users').set({ banned: true }).where('id', '=', session.user.id).execute();
    expect((await submit()).body).toMatchObject({ code: 'ACCOUNT_SUSPENDED' });
    expect((await poll()).status).toBe(403);

    await ctx.infra.db.deleteFrom('users').where('id', '=', session.user.id).execute();
    expect((await submit()).status).toBe(401);
    expect((await poll()).status).toBe(401);
  });

  it('ends the access tokens of a session whose spent refresh token is presented again', async () => {
    const session = await signIn(ctx.app, uniqueEmail('stolen'));
    const rotated = await request(ctx.app).post('/api/refresh-token').send({ refreshToken: session.refreshToken });
    expect(rotated.status).toBe(200);
    const moved = await request(ctx.app).post('/api/refresh-token').send({ refreshToken: rotated.body.refreshToken });
    expect(moved.status).toBe(200);
    const current = { accessToken: moved.body.accessToken as string } as Session;
    expect((await request(ctx.app).get('/api/get-user-profile').set(bearer(current))).status).toBe(200);
    // The first token again, after its successor was used: two holders, the session ends.
    expect((await request(ctx.app).post('/api/refresh-token').send({ refreshToken: session.refreshToken })).status).toBe(401);
    expect((await request(ctx.app).get('/api/get-user-profile').set(bearer(current))).status).toBe(401);
    expect((await request(ctx.app).get('/api/get-user-profile').set(bearer(session))).status).toBe(401);
  });

  it("answers another person's run id exactly as a malformed one, never saying it is taken", async () => {
    const alice = await createAccount(ctx.infra, uniqueEmail('runner'));
    const bob = await createAccount(ctx.infra, uniqueEmail('prober'));
    const runId = `run_${randomBytes(6).toString('hex')}`;
    const body = (id: string) => ({ mode: 'custom', prompt: 'a lighthouse at dusk', runId: id });
    expect((await request(ctx.app).post('/api/unified-generate').set(bearer(alice)).send(body(runId))).status).toBe(202);

    const malformed = await request(ctx.app).post('/api/unified-generate').set(bearer(bob)).send(body('short'));
    const taken = await request(ctx.app).post('/api/unified-generate').set(bearer(bob)).send(body(runId));
    expect(malformed.status).toBe(400);
    expect(taken.status).toBe(malformed.status);
    expect(taken.body).toEqual(malformed.body);
    expect(JSON.stringify(taken.body)).not.toMatch(/taken|another|owner|exists/i);
    // Its owner sending it again is still the idempotent retry.
    expect((await request(ctx.app).post('/api/unified-generate').set(bearer(alice)).send(body(runId))).body).toMatchObject({ success: true, runId });
  });
});

describe(`behind a reverse proxy on this machine (TRUST_PROXY=loopback, ${dialect})`, () => {
  // The test's loopback connection plays the proxy: every socket peer is 127.0.0.1. The web app
  // is served too, so a refused /metrics could fall through to its page.
  const ctx = useTestApp(dialect, { TRUST_PROXY: 'loopback', WEB_DIST_DIR: fakeWebDist() });
  /** Whether /metrics answers with Prometheus text (anyone else gets what an unknown path gets). */
  const metricsShown = async (forwardedFor?: string) => {
    const res = await (forwardedFor ? request(ctx.app).get('/metrics').set('X-Forwarded-For', forwardedFor) : request(ctx.app).get('/metrics'));
    return res.status === 200 && res.text.includes('# HELP');
  };

  it('hides the development outbox and /metrics from the clients the proxy forwards, and shows them to this machine', async () => {
    const email = uniqueEmail('proxied');
    await request(ctx.app).post('/api/request-otp').set('X-Forwarded-For', '198.51.100.77').send({ email });
    await readCodeFromOutbox(ctx.app, email); // no X-Forwarded-For: a caller on this machine
    const outbox = await request(ctx.app).get('/api/dev/outbox').query({ email }).set('X-Forwarded-For', '203.0.113.7');
    expect(outbox.status).toBe(404);
    expect(JSON.stringify(outbox.body)).not.toMatch(/\d{6}/);
    expect(await metricsShown('203.0.113.7')).toBe(false);
    // A client naming itself 127.0.0.1 in front of its real address gets nothing either.
    expect(await metricsShown('127.0.0.1, 203.0.113.7')).toBe(false);

    expect((await request(ctx.app).get('/api/dev/outbox').query({ email })).status).toBe(200);
    expect(await metricsShown()).toBe(true);
    // The proxy forwarding for a client on this machine (e.g. curl on the host through nginx).
    expect(await metricsShown('127.0.0.1')).toBe(true);
  });

  it('answers a refused /metrics with a 404, never the web app\'s page', async () => {
    for (const accept of ['text/html', '*/*']) {
      const res = await request(ctx.app).get('/metrics').set('X-Forwarded-For', '203.0.113.7').set('Accept', accept);
      expect(res.status, accept).toBe(404);
      expect(res.text, accept).not.toContain('<html');
      expect(res.body, accept).toEqual({ success: false, error: 'No route for GET /metrics' });
    }
    // The web app is there: an address of its own still gets its page.
    expect((await request(ctx.app).get('/gallery').set('Accept', 'text/html')).text).toContain('<html');
  });
});

describe(`pictures shown to other people (${dialect})`, () => {
  const EDITOR_TOKEN = 'story-editor-token-security-0123456789';
  const ctx = useTestApp(dialect, { STORY_EDITOR_TOKEN: EDITOR_TOKEN }, { workers: false });

  it('takes an avatar only from our own storage', async () => {
    const session = await createAccount(ctx.infra, uniqueEmail('avatar'));
    const profile = (avatar: string) => request(ctx.app).post('/api/update-profile').set(bearer(session)).send({ avatar });
    for (const avatar of [
      'javascript:alert(document.cookie)',
      'file:///etc/passwd',
      'http://169.254.169.254/latest/meta-data/',
      'https://evil.example/me.png',
      'http://localhost:3000/media/../api/get-user-profile',
      'http://user:pass@localhost:3000/media/users/x.png',
      'http://localhost:3000/mediaX/users/x.png',
    ]) {
      const res = await profile(avatar);
      expect(res.status, avatar).toBe(400);
      expect(res.body.error, avatar).toMatch(/avatar/);
    }
    const upload = await uploadFile(ctx.app, session, fixture('astronaut.png'), 'me.png');
    const ours = await profile(upload.secure_url);
    expect(ours.status).toBe(200);
    // The upload is signed (a photo of one's own), the avatar plain: its small copy (issue 47 §2), shown to everyone (issue 42).
    const avatar = ours.body.profile.avatar as string;
    expect(avatar).toMatch(new RegExp(`/media/users/${session.user.id}/avatar/[^/?]+/s96\\.webp$`));
    await expect.poll(async () => (await request(ctx.app).get(new URL(avatar).pathname)).status, { timeout: 2000 }).toBe(200);
  });

  it("takes a story's hero image only over https, or from our own storage", async () => {
    const editor = { Authorization: `Bearer ${EDITOR_TOKEN}` };
    const story = (hero_image_url: string) =>
      request(ctx.app)
        .post('/api/story-api')
        .set(editor)
        .send({ title: `Hero ${randomBytes(3).toString('hex')}`, teaser_text: 'teaser', full_story_content: 'body', hero_image_url });
    for (const url of ['javascript:alert(1)', 'file:///etc/passwd', 'http://169.254.169.254/latest/meta-data/', 'http://images.example/hero.jpg', 'https://user:pass@images.example/h.jpg']) {
      const res = await story(url);
      expect(res.status, url).toBe(400);
      expect(res.body.error, url).toMatch(/hero_image_url/);
    }
    expect((await story('https://images.example/hero.jpg')).status).toBe(200);
    // In development our own media are served over http: still ours.
    expect((await story('http://localhost:3000/media/uploads/hero.jpg')).status).toBe(200);
    expect((await story('')).status).toBe(200);
    const created = await story('https://images.example/a.jpg');
    const edited = await request(ctx.app).put('/api/story-api').query({ id: created.body.story.id }).set(editor).send({ ...created.body.story, hero_image_url: 'javascript:alert(1)' });
    expect(edited.status).toBe(400);
  });
});

describe(`rate limits on the default settings (${dialect})`, () => {
  const ctx = useTestApp(dialect);

  it('ignore a forged X-Forwarded-For: every request still counts against the real client', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 41; i++) {
      const res = await request(ctx.app)
        .post('/api/verify-otp')
        .set('X-Forwarded-For', `198.51.100.${i + 1}`)
        .send({ email: uniqueEmail('spray'), code: '123456' });
      statuses.push(res.status);
    }
    // 40 verifications per IP per 15 minutes: the 41st is refused although each "came" from elsewhere.
    expect(statuses.slice(0, 40).every((s) => s === 400)).toBe(true);
    expect(statuses[40]).toBe(429);
  });
});

describe(`invitation e-mails (${dialect})`, () => {
  const ctx = useTestApp(dialect);

  const invite = (from: Session, friendEmail: string, referrerName?: string) =>
    request(ctx.app)
      .post('/api/send-referral-invite')
      .set(bearer(from))
      .send({ referrerEmail: from.user.email, friendEmail, ...(referrerName !== undefined ? { referrerName } : {}) });

  it("keep the sender's words out of the subject and escape them in the body", async () => {
    const sender = await createAccount(ctx.infra, uniqueEmail('sender'));
    const friendEmail = uniqueEmail('friend');
    const name = '<a href="https://evil.example">Your bank</a> URGENT';
    expect((await invite(sender, friendEmail, name)).body).toEqual({ success: true, message: 'Invitation sent successfully!' });
    const mail = await ctx.infra.db.selectFrom('mail_outbox').selectAll().where('to_address', '=', friendEmail).executeTakeFirstOrThrow();
    expect(mail.subject).toBe("You're invited to Mirrorverse");
    expect(mail.html_body).not.toContain('<a href="https://evil.example">');
    expect(mail.html_body).toContain('&lt;a href=&quot;https://evil.example&quot;&gt;Your bank&lt;/a&gt; URGENT');
  });

  it('allow 20 invitations per account per day', async () => {
    const sender = await createAccount(ctx.infra, uniqueEmail('spammer'));
    for (let i = 0; i < 20; i++) expect((await invite(sender, uniqueEmail(`target${i}`))).status).toBe(200);
    const over = await invite(sender, uniqueEmail('one-too-many'));
    expect(over.status).toBe(429);
    expect(over.body.error).toBe('Too many requests. Please wait a moment.');
    expect(Number(over.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('deliver at most 3 invitations a day to one address, from every sender together', async () => {
    const friendEmail = uniqueEmail('popular');
    for (let i = 0; i < 3; i++) {
      const sender = await createAccount(ctx.infra, uniqueEmail(`inviter${i}`));
      expect((await invite(sender, friendEmail)).status).toBe(200);
    }
    const fourth = await createAccount(ctx.infra, uniqueEmail('inviter3'));
    expect((await invite(fourth, friendEmail)).status).toBe(429);
    const mails = await ctx.infra.db.selectFrom('mail_outbox').select('id').where('to_address', '=', friendEmail).execute();
    expect(mails).toHaveLength(3);
  });
});

/** The Set-Cookie of a sign-in's device mark, and the `name=value` a browser sends back. */
const setCookieOf = (res: { headers: Record<string, unknown> }) => ([res.headers['set-cookie']].flat() as string[]).find((c) => c?.startsWith('mv_sign_in_device='));
const markOf = (res: { headers: Record<string, unknown> }) => setCookieOf(res)?.split(';')[0];

describe(`sign-in behind a trusted proxy: no locking a person out (${dialect})`, () => {
  let ctx: TestContext;
  beforeAll(async () => {
    // The proxy (here: the test's loopback connection) names each client in X-Forwarded-For.
    ctx = await startTestApp(dialect, { TRUST_PROXY: 'loopback' });
  });
  afterAll(() => ctx?.close());

  const from = (ip: string) => ({
    requestCode: (email: string) => request(ctx.app).post('/api/request-otp').set('X-Forwarded-For', ip).send({ email }),
    verify: (email: string, code: string) => request(ctx.app).post('/api/verify-otp').set('X-Forwarded-For', ip).send({ email, code }),
  });

  it("still mails the owner a code after a stranger spent their own budget on the address", async () => {
    const victim = uniqueEmail('victim');
    const stranger = from('203.0.113.10');
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) statuses.push((await stranger.requestCode(victim)).status);
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
    // The worker mails codes in the background: once the stranger's five are out, the next one is the owner's.
    await waitForMailCount(ctx.app, victim, 5);

    const owner = from('198.51.100.20');
    const asked = Date.now() - 1;
    const res = await owner.requestCode(victim);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true, message: 'Login code sent to your email!' });
    const code = await readCodeFromOutbox(ctx.app, victim, asked);
    expect((await owner.verify(victim, code)).status).toBe(200);
  });

  it('caps the codes mailed to one address at 20 an hour, however many clients ask', async () => {
    const email = uniqueEmail('flooded');
    for (let client = 1; client <= 4; client++) {
      for (let i = 0; i < 5; i++) expect((await from(`203.0.113.${100 + client}`).requestCode(email)).status).toBe(200);
    }
    const res = await from('203.0.113.105').requestCode(email);
    expect(res.status).toBe(429);
    expect(res.body.error).toBe('Too many requests. Please wait a moment.');
  });

  it("mails the owner a code on a new network, in the browser they signed in with, after strangers spent the address's 20 an hour", async () => {
    const victim = uniqueEmail('travelling');
    const home = from('198.51.100.40');
    const firstAsked = Date.now() - 1;
    expect((await home.requestCode(victim)).status).toBe(200);
    const signedIn = await home.verify(victim, await readCodeFromOutbox(ctx.app, victim, firstAsked));
    expect(signedIn.status).toBe(200);
    const mark = markOf(signedIn);
    expect(mark).toMatch(/^mv_sign_in_device=/);
    expect(setCookieOf(signedIn)).toMatch(/HttpOnly/i);

    // Strangers from four addresses spend what is left of the address's hour (the owner's first
    // code was one of the 20); a fifth gets nothing.
    const statuses: number[] = [];
    for (let client = 1; client <= 4; client++) {
      for (let i = 0; i < 5; i++) statuses.push((await from(`203.0.113.${120 + client}`).requestCode(victim)).status);
    }
    expect(statuses).toEqual([...Array(19).fill(200), 429]);
    expect((await from('203.0.113.125').requestCode(victim)).status).toBe(429);
    // The mark of another address, or a made-up one, is no pass.
    const stranger = from('203.0.113.126');
    const own = uniqueEmail('stranger');
    const strangerAsked = Date.now() - 1;
    await stranger.requestCode(own);
    const strangerMark = markOf(await stranger.verify(own, await readCodeFromOutbox(ctx.app, own, strangerAsked)))!;
    for (const cookie of [strangerMark, `mv_sign_in_device=${Math.floor(Date.now() / 1000) + 3600}.forged`]) {
      const refused = await request(ctx.app).post('/api/request-otp').set('X-Forwarded-For', '203.0.113.126').set('Cookie', cookie).send({ email: victim });
      expect(refused.status, cookie).toBe(429);
    }
    // Every stranger's code is out before the owner asks, so the next one mailed is the owner's.
    await vi.waitFor(async () => expect((await ctx.infra.db.selectFrom('mail_outbox').select('id').where('to_address', '=', victim).where('status', '=', 'sent').execute()).length).toBe(20), {
      timeout: 15_000,
      interval: 50,
    });

    // The owner, on their phone's network now, in the same browser: a code, and it signs them in.
    const phone = (path: string, body: Record<string, string>) => request(ctx.app).post(path).set('X-Forwarded-For', '192.0.2.60').set('Cookie', mark!).send(body);
    const asked = Date.now() - 1;
    const res = await phone('/api/request-otp', { email: victim });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toEqual({ success: true, message: 'Login code sent to your email!' });
    const again = await phone('/api/verify-otp', { email: victim, code: await readCodeFromOutbox(ctx.app, victim, asked) });
    expect(again.status).toBe(200);
    expect(again.body.user.email).toBe(victim);
  });

  it("does not let a stranger's codes or wrong guesses touch the owner's code", async () => {
    const victim = uniqueEmail('guarded');
    const owner = from('198.51.100.30');
    await owner.requestCode(victim);
    const code = await readCodeFromOutbox(ctx.app, victim);

    // A stranger asks for a code of their own (it does not replace the owner's) and guesses at it.
    const stranger = from('203.0.113.30');
    expect((await stranger.requestCode(victim)).status).toBe(200);
    const answers: Array<{ status: number; error: string }> = [];
    for (let i = 0; i < 6; i++) {
      const res = await stranger.verify(victim, wrongGuess(code, i));
      answers.push({ status: res.status, error: res.body.error });
    }
    // Four wrong, the fifth kills the stranger's code; whatever follows is refused.
    expect(answers.slice(0, 6).map((a) => a.status)).toEqual([400, 400, 400, 400, 400, 400]);
    expect(answers[4]!.error).toBe('Too many wrong attempts. Please request a new code.');
    // The owner's code, even when a stranger holds it, works only where it was asked for.
    expect((await from('203.0.113.31').verify(victim, code)).status).toBe(400);

    const signedIn = await owner.verify(victim, code);
    expect(signedIn.status).toBe(200);
    expect(signedIn.body.user.email).toBe(victim);
  });

  it('gives a client who mistyped 5 times a fresh code to try', async () => {
    const email = uniqueEmail('typist');
    const person = from('198.51.100.50');
    await person.requestCode(email);
    const first = await readCodeFromOutbox(ctx.app, email);
    for (let i = 0; i < 5; i++) await person.verify(email, wrongGuess(first, i));
    const sixth = await person.verify(email, first);
    expect(sixth.status).toBe(400);
    expect(sixth.body.error).toBe('Too many wrong attempts. Please request a new code.');
    const asked = Date.now() - 1;
    await person.requestCode(email);
    const fresh = await readCodeFromOutbox(ctx.app, email, asked);
    expect((await person.verify(email, fresh)).status).toBe(200);
  });
});
