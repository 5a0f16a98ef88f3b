import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import request from 'supertest';
import { FIRST_SCREEN_STATE_ID, type HomeFirstScreenData, SIGNED_IN_COOKIE } from '@app/shared/api/first-screen';
import { beforeAll, describe, expect, it } from 'vitest';
import { ensureBuilt } from '../../scripts/ensure-built.mjs';
import { bearer, createAccount } from '../support/auth';
import { PHONE_USER_AGENT } from '../support/browser';
import { availableDialects } from '../support/database';
import { insertMedia } from '../support/media-rows';
import { repoRoot } from '../support/process';
import { startTestApp, useTestApp } from '../support/test-app';

/**
 * The home's first screen drawn on the server (issue 27): what a visitor's browser gets for `/`
 * before any of the app's code runs, and when it gets the page as built instead.
 */

const dist = path.join(repoRoot, 'web/dist');
const SECRET = 'first-screen-admin-secret-0123456789';
const DESKTOP_USER_AGENT = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Safari/537.36';
/** Text a creator may type that would end the page's state script if it were written as it is. */
const HOSTILE_PROMPT = 'a cat </script><script>alert(1)</script> & <b>$& friends</b>';

/** The state script's JSON, parsed; undefined when the page has none. */
function stateOf(html: string): HomeFirstScreenData | undefined {
  const text = new RegExp(`<script type="application/json" id="${FIRST_SCREEN_STATE_ID}">([^<]*)</script>`).exec(html)?.[1];
  return text === undefined ? undefined : (JSON.parse(text) as HomeFirstScreenData);
}

const lanes = (html: string) => html.match(/class="masonry__lane feed-grid__column"/g)?.length ?? 0;

beforeAll(() => {
  // The test is about the build: make it when missing or stale rather than skip.
  ensureBuilt('all-in-one');
  if (!fs.existsSync(path.join(repoRoot, 'web/dist-ssr/entry-server.js'))) throw new Error('no web server bundle: npm run build:web failed');
}, 600_000);

describe('the home drawn on the server', () => {
  const ctx = useTestApp(availableDialects().at(-1)!, { WEB_DIST_DIR: dist, ADMIN_SECRET: SECRET, SECRET_GUESS_DELAY_MS: '1' });
  const ids: string[] = [];

  beforeAll(async () => {
    const owner = await createAccount(ctx.infra, `first-screen-${Date.now()}@example.com`);
    for (let i = 0; i < 4; i += 1) {
      ids.push(
        await insertMedia(ctx.infra.db, {
          user_id: owner.user.id,
          preset_type: 'custom_prompt',
          prompt: i === 0 ? HOSTILE_PROMPT : `creation ${i}`,
          final_url: `http://localhost:3000/media/first-screen/${i}.jpg`,
          width: 768,
          height: 1024,
        }),
      );
    }
  });

  const home = (headers: Record<string, string> = {}, url = '/') => request(ctx.app).get(url).set({ Accept: 'text/html', ...headers });

  it("gives a phone the feed's first page, one column, with the answers it was drawn from", async () => {
    const page = await home({ 'User-Agent': PHONE_USER_AGENT });
    expect(page.status).toBe(200);
    expect(page.headers.vary).toMatch(/User-Agent/);
    const html = page.text;
    // Every creation is in the markup, in the one lane of a phone's feed, before any script ran.
    for (const id of ids) expect(html).toContain(`data-media-id="${id}"`);
    expect(lanes(html)).toBe(1);
    expect(html).toContain('<div id="root" inert>');
    expect(html).toContain('Community creations');
    // The state is getPublicFeed's answer to a visitor, as the app would have asked it.
    const state = stateOf(html);
    const answer = await request(ctx.app).get('/api/getPublicFeed?limit=50');
    expect(state?.phone).toBe(true);
    expect(state?.feed.items.map((item) => item.id)).toEqual(answer.body.items.map((item: { id: string }) => item.id));
    // A creator's text stays text: it neither ends the state script nor becomes markup.
    expect(html).not.toContain('</script><script>alert(1)');
    expect(html).not.toContain('<b>$& friends</b>');
    expect(state?.feed.items.find((item) => item.id === ids[0])?.prompt).toBe(HOSTILE_PROMPT);
    // The app is fetched after the first paint: the drawn page's entry names it and every script
    // the app loads for the home (which all exist), and nothing is preloaded before that.
    const boot = /<script type="module" crossorigin src="\/assets\/first-screen-boot-[^"]+\.js" data-app="(\/assets\/index-[^"]+\.js)" data-modules="([^"]+)"><\/script>/.exec(html);
    expect(boot).not.toBeNull();
    const modules = boot![2]!.split(' ');
    expect(modules.some((href) => /^\/assets\/home-page-[^/]+\.js$/.test(href))).toBe(true);
    for (const href of modules) expect(fs.existsSync(path.join(dist, href.slice(1)))).toBe(true);
    expect(html).not.toContain('rel="modulepreload"');
    // Its tiles' <img> tags are requested as the page is parsed: none of the home's preloads for the app's own render.
    expect(html).not.toMatch(/<link rel="preload" as="image"[^>]*fetchpriority="high" \/>/);
    // The stylesheets of the home's own code are linked, so the markup is drawn styled.
    for (const href of html.match(/href="\/assets\/[^"]+\.css"/g) ?? []) expect(fs.existsSync(path.join(dist, href.slice(6, -1)))).toBe(true);
    expect(html).toMatch(/href="\/assets\/home-page-[^"]+\.css"/);
  });

  it('gives a desktop the three columns, also when the client hint alone says so', async () => {
    expect(lanes((await home({ 'User-Agent': DESKTOP_USER_AGENT })).text)).toBe(3);
    expect(lanes((await home({ 'User-Agent': DESKTOP_USER_AGENT, 'Sec-CH-UA-Mobile': '?1' })).text)).toBe(1);
  });

  it('leaves the home to the app for a signed-in device and for a narrowed feed', async () => {
    const signedIn = await home({ 'User-Agent': PHONE_USER_AGENT, Cookie: `theme=dark; ${SIGNED_IN_COOKIE}=1` });
    // The app draws it: the first tiles' stills are preloaded for it.
    expect(signedIn.text).toMatch(/<link rel="preload" as="image"[^>]*fetchpriority="high" \/>/);
    // A cleared cookie (empty) is no sign-in.
    expect((await home({ 'User-Agent': PHONE_USER_AGENT, Cookie: `${SIGNED_IN_COOKIE}=` })).text).toContain('<div id="root" inert>');
    for (const page of [signedIn, await home({ 'User-Agent': PHONE_USER_AGENT }, '/?sort=top')]) {
      expect(page.status).toBe(200);
      expect(page.text).toContain('<div id="root"></div>');
      expect(stateOf(page.text)).toBeUndefined();
      expect(page.text).toMatch(/<script type="module" crossorigin src="\/assets\/index-[^"]+\.js"><\/script>/);
    }
    // Another page is never drawn.
    expect((await home({}, '/bestpractices')).text).toContain('<div id="root"></div>');
  });

  it('leaves the home to the app before launch (the coming-soon page)', async () => {
    const admin = { 'X-Admin-Secret': SECRET };
    await request(ctx.app).post('/api/admin-settings').set(admin).send({ isLaunched: false }).expect(200);
    try {
      // A drawn home is reused for a second: wait until a new one is asked for.
      await expect.poll(async () => (await home()).text.includes('<div id="root"></div>'), { timeout: 5_000, interval: 200 }).toBe(true);
    } finally {
      await request(ctx.app).post('/api/admin-settings').set(admin).send({ isLaunched: true }).expect(200);
    }
  });

  it('draws the home again at once after a ban, an unban and an owner making an item private; a hold made elsewhere within 2 s (issue 42)', async () => {
    const creator = await createAccount(ctx.infra, `first-screen-ban-${Date.now()}@example.com`);
    const file = 'first-screen/taken-down.jpg';
    const item = await insertMedia(ctx.infra.db, { user_id: creator.user.id, preset_type: 'custom_prompt', prompt: 'a lighthouse', final_url: `http://localhost:3000/media/${file}`, width: 768, height: 1024 });
    const drawn = async (userAgent = PHONE_USER_AGENT) => (await home({ 'User-Agent': userAgent })).text;
    const admin = { 'X-Admin-Secret': SECRET };
    const ban = (banned: boolean) => request(ctx.app).post('/api/admin-ban-user').set(admin).send({ userId: creator.user.id, banned }).expect(200);
    const share = (isPublic: boolean) => request(ctx.app).post('/api/share-media').set(bearer(creator)).send({ mediaId: item, isPublic }).expect(200);
    // On the home (once the home drawn before it was added is no longer reused), on both kinds of device:
    // each drawn home is now reused for a second.
    await expect.poll(async () => (await drawn()).includes(`data-media-id="${item}"`), { timeout: 5_000, interval: 100 }).toBe(true);
    expect(await drawn(DESKTOP_USER_AGENT)).toContain(`data-media-id="${item}"`);

    // Right after the takedown, in the process that made it: neither its id nor its file, in the markup or the state.
    await ban(true);
    for (const agent of [PHONE_USER_AGENT, DESKTOP_USER_AGENT]) {
      const html = await drawn(agent);
      expect(html).toContain('<div id="root" inert>');
      expect(html).not.toContain(item);
      expect(html).not.toContain(file);
    }
    await ban(false);
    expect(await drawn()).toContain(`data-media-id="${item}"`);
    await share(false);
    expect(await drawn()).not.toContain(item);
    await share(true);
    expect(await drawn()).toContain(`data-media-id="${item}"`);

    // A hold made by another process (here: straight in the database) shows within the reuse.
    await ctx.infra.db.updateTable('media').set({ moderation: 'held' }).where('id', '=', item).execute();
    try {
      await expect.poll(async () => (await drawn()).includes(item), { timeout: 2_000, interval: 100 }).toBe(false);
    } finally {
      await ctx.infra.db.updateTable('media').set({ moderation: 'clear' }).where('id', '=', item).execute();
    }
  });
});

describe('a web build without its server bundle', () => {
  it('serves the page as built', async () => {
    // A copy of the client build alone: no web/dist-ssr beside it.
    const copy = fs.mkdtempSync(path.join(os.tmpdir(), 'web-dist-only-'));
    fs.cpSync(dist, copy, { recursive: true });
    const ctx = await startTestApp(availableDialects().at(-1)!, { WEB_DIST_DIR: copy });
    try {
      const page = await request(ctx.app).get('/').set({ Accept: 'text/html', 'User-Agent': PHONE_USER_AGENT });
      expect(page.status).toBe(200);
      expect(page.text).toContain('<div id="root"></div>');
      expect(page.text).toMatch(/<script type="module" crossorigin src="\/assets\/index-[^"]+\.js"><\/script>/);
    } finally {
      await ctx.close();
      fs.rmSync(copy, { recursive: true, force: true });
    }
  });
});
