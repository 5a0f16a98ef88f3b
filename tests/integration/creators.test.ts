import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { usernameProblem } from '@app/shared';
import request from 'supertest';
import { beforeAll, describe, expect, it } from 'vitest';
import { bearer, createAccount, type Session } from '../support/auth';
import { suiteDialect } from '../support/database';
import { useTestApp } from '../support/test-app';
import { fixture, uploadFile } from '../support/uploads';
import { servedRoutes } from '../support/served-routes';
import { fakeWebDist } from '../support/web-dist';

/** Issue 27 item 5: creators with a name, a unique username and an avatar, and their public page /u/<username>. */
const dialect = suiteDialect();
const hex = (n = 3) => randomBytes(n).toString('hex');
const email = (name: string) => `${name}-${hex(4)}@example.com`;

const webDist = fakeWebDist();
const root = path.resolve(import.meta.dirname, '../..');

describe(`creators: names, usernames, avatars and /u/<username> (${dialect})`, () => {
  const ctx = useTestApp(dialect, { WEB_DIST_DIR: webDist }, { workers: false });
  let ana: Session;
  let bob: Session;
  const profile = (session: Session, body: Record<string, unknown>) => request(ctx.app).post('/api/update-profile').set(bearer(session)).send(body);

  async function addMedia(owner: Session, isPublic: boolean, prompt: string) {
    const row = await ctx.infra.db
      .insertInto('media')
      .values({ user_id: owner.user.id, type: 'image', preset_type: 'custom', prompt, final_url: `http://localhost/media/${hex()}.jpg`, is_public: isPublic, width: 800, height: 1000 })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }

  beforeAll(async () => {
    ana = await createAccount(ctx.infra, email('ana'));
    bob = await createAccount(ctx.infra, email('bob'));
  }, 120_000);

  it('refuses usernames outside the rules with a clear 400', async () => {
    const cases: Array<[string, RegExp]> = [
      ['ab', /at least 3/],
      ['a'.repeat(31), /at most 30/],
      ['ana maria', /letters, digits, _ and \./],
      ['ana-maria', /letters, digits, _ and \./],
      ['.ana', /start or end with a dot/],
      ['ana.', /start or end with a dot/],
      ['admin', /reserved/],
      ['API', /reserved/],
      ['u', /at least 3/],
      ['tag', /reserved/],
      ['story', /reserved/],
    ];
    for (const [username, message] of cases) {
      const res = await profile(ana, { username });
      expect(res.status, username).toBe(400);
      expect(res.body.error, username).toMatch(message);
    }
  });

  it('refuses as usernames the paths the app serves and words a program reads as something else', async () => {
    for (const username of ['static', 'assets', 'metrics', 'webhooks', 'robots.txt', 'null', 'undefined', '__proto__', 'constructor', 'Sitemap.xml']) {
      const res = await profile(ana, { username });
      expect(res.status, username).toBe(400);
      expect(res.body.error, username).toBe('username: That username is reserved. Please pick another.');
    }
  });

  it('reserves the first segment of every path the api, the web router and the built files serve', () => {
    const segment = (route: string) => route.replace(/^[A-Z*]+ /, '').split('/')[1]!.toLowerCase();
    const apiPaths = [...servedRoutes(ctx.app)].map(segment);
    const webPaths = [...fs.readFileSync(path.join(root, 'web/src/config/paths.ts'), 'utf8').matchAll(/path: '\/([^'/]*)/g)].map((m) => m[1]!.toLowerCase());
    const files = ['web/public', 'web/dist'].flatMap((dir) => (fs.existsSync(path.join(root, dir)) ? fs.readdirSync(path.join(root, dir)) : [])).map((f) => f.toLowerCase());
    expect(webPaths).toContain('gallery');
    expect(files).toContain('index.html');
    // Precompressed twins (`favicon.svg.br`) go with their file; `.netlify` or `coming-soon` no one can take.
    const served = new Set([...apiPaths, ...webPaths, ...files].filter((name) => !/\.(br|gz)$/.test(name)));
    const missing = [...served].filter((name) => usernameProblem(name) === null);
    expect(missing.sort(), 'top-level paths a person could take as a username').toEqual([]);
  });

  it('keeps usernames unique whatever their case, stored lowercase', async () => {
    const name = `Ana_${hex()}`;
    const first = await profile(ana, { username: name, name: 'Ana Lima' });
    expect(first.status).toBe(200);
    expect(first.body.profile).toMatchObject({ username: name.toLowerCase(), name: 'Ana Lima' });

    for (const taken of [name.toLowerCase(), name.toUpperCase(), name]) {
      const res = await profile(bob, { username: taken });
      expect(res.status, taken).toBe(400);
      expect(res.body.error).toBe('That username is taken.');
    }
    // The database itself refuses a second spelling, however it is written.
    await expect(ctx.infra.db.updateTable('users').set({ username: name.toUpperCase() }).where('id', '=', bob.user.id).execute()).rejects.toThrow();
    // Keeping one's own name (in another case) is fine.
    expect((await profile(ana, { username: name.toUpperCase() })).status).toBe(200);
  });

  it('takes only an avatar the person uploaded here', async () => {
    const bobsUpload = await uploadFile(ctx.app, bob, fixture('astronaut.png'), 'bob.png');
    const refused = await profile(ana, { avatar: bobsUpload.secure_url });
    expect(refused.status).toBe(400);
    expect(refused.body.error).toMatch(/avatar/);
    expect((await profile(ana, { avatar: 'https://evil.example/me.png' })).status).toBe(400);

    const own = await uploadFile(ctx.app, ana, fixture('astronaut.png'), 'ana.png');
    const saved = await profile(ana, { avatar: own.secure_url });
    expect(saved.status).toBe(200);
    // The upload's answer is a signed address (a source photo is private); the avatar is its small
    // public copy (issue 47 §2), named plainly, which anyone may load.
    const plain = saved.body.profile.avatar as string;
    expect(plain).toMatch(new RegExp(`/media/users/${ana.user.id}/avatar/[^/?]+/s96\\.webp$`));
    const served = await request(ctx.app).get(new URL(plain).pathname);
    expect(served.status).toBe(200);
  });

  it('shows a creator by username: public items only, counts, never the e-mail; 404 for nobody', async () => {
    const username = `maker_${hex()}`;
    const maker = await createAccount(ctx.infra, email('maker'));
    expect((await profile(maker, { username, name: 'Mara Maker' })).status).toBe(200);
    const shown = [await addMedia(maker, true, 'first public'), await addMedia(maker, true, 'second public')];
    const hidden = await addMedia(maker, false, 'private one');
    await addMedia(bob, true, 'someone else');

    const res = await request(ctx.app).get('/api/get-creator').query({ username: username.toUpperCase(), limit: 1 });
    expect(res.status).toBe(200);
    expect(res.body.creator).toMatchObject({ username, name: 'Mara Maker', creations: 2, likes: 0 });
    expect(JSON.stringify(res.body)).not.toContain(maker.user.email);
    expect(res.body.items).toHaveLength(1);
    expect(res.body.items[0].user).toMatchObject({ name: 'Mara Maker', username });
    expect(res.body.hasMore).toBe(true);

    const next = await request(ctx.app).get('/api/get-creator').query({ username, cursor: res.body.nextCursor });
    const ids = [...res.body.items, ...next.body.items].map((i: { id: string }) => i.id);
    expect(ids.sort()).toEqual([...shown].sort());
    expect(ids).not.toContain(hidden);

    // The feed and the tag page name the creator's username, so the web can link to their page.
    const feed = await request(ctx.app).get('/api/getPublicFeed').query({ creator: maker.user.id });
    expect(feed.body.items[0].user.username).toBe(username);

    for (const nobody of [`nobody_${hex()}`, 'admin', '..']) {
      const missing = await request(ctx.app).get('/api/get-creator').query({ username: nobody });
      expect(missing.status, nobody).toBe(404);
      expect(missing.body.error).toBe('No creator with that username.');
    }
  });

  it('serves /u/<username> with its own meta, and a 404 for an unknown username', async () => {
    const username = `meta.${hex()}`;
    const person = await createAccount(ctx.infra, email('meta'));
    expect((await profile(person, { username, name: 'Nia "Quotes" & Co' })).status).toBe(200);
    await addMedia(person, true, 'a public portrait');

    const page = await request(ctx.app).get(`/u/${username}`).set('Accept', 'text/html');
    expect(page.status).toBe(200);
    expect(page.text).toContain(`<title>Nia &quot;Quotes&quot; &amp; Co (@${username}) — Mirrorverse</title>`);
    expect(page.text).toContain('<meta name="description" content="1 creation by Nia &quot;Quotes&quot; &amp; Co on Mirrorverse: AI portraits and videos." />');
    expect(page.text).toMatch(new RegExp(`<link rel="canonical" href="https?://[^"/]+/u/${username.replace('.', '\\.')}" />`));
    expect(page.text).toContain('<meta property="og:type" content="profile" />');
    expect(page.text).not.toContain(person.user.email);

    const missing = await request(ctx.app).get(`/u/nobody_${hex()}`).set('Accept', 'text/html');
    expect(missing.status).toBe(404);
    expect(missing.text).toContain('id="root"');
    expect(missing.text).toContain('<meta name="robots" content="noindex, nofollow" />');
  });
});
