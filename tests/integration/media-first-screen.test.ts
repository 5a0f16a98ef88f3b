import fs from 'node:fs';
import path from 'node:path';
import request from 'supertest';
import { FIRST_SCREEN_STATE_ID, type MediaFirstScreenData, SIGNED_IN_COOKIE } from '@app/shared/api/first-screen';
import { beforeAll, describe, expect, it } from 'vitest';
import { ensureBuilt } from '../../scripts/ensure-built.mjs';
import { bearer, createAccount, type Session } from '../support/auth';
import { PHONE_USER_AGENT } from '../support/browser';
import { availableDialects } from '../support/database';
import { insertMedia } from '../support/media-rows';
import { repoRoot } from '../support/process';
import { useTestApp } from '../support/test-app';

/**
 * A creation's page, /m/<id>, drawn on the server (issue 47 §2): what a visitor's browser gets
 * before any of the app's code runs (the viewer showing the creation, its still sized to the
 * screen), and when the page is left to the app instead.
 */

const dist = path.join(repoRoot, 'web/dist');
const FILES = 'media-first-screen';
/** The stored copies of the picture (the worker's variants) and the full file. */
const ORIGINAL = `${FILES}/original.jpg`;
const VARIANTS = [
  { key: `${FILES}/still-360.webp`, width: 360, format: 'webp' },
  { key: `${FILES}/still-720.webp`, width: 720, format: 'webp' },
];
/** Text a creator may type that would end the page's state script if it were written as it is. */
const HOSTILE_PROMPT = 'a lantern </script><script>alert(1)</script> & <b>$& friends</b>';

function stateOf(html: string): MediaFirstScreenData | undefined {
  const text = new RegExp(`<script type="application/json" id="${FIRST_SCREEN_STATE_ID}">([^<]*)</script>`).exec(html)?.[1];
  return text === undefined ? undefined : (JSON.parse(text) as MediaFirstScreenData);
}

/** The markup of #root (empty when the app is left to draw the page). */
const rootOf = (html: string) => /<div id="root"[^>]*>([\s\S]*?)<\/div>\n\s*<script type="application\/json"/.exec(html)?.[1] ?? '';
const headOf = (html: string) => html.slice(0, html.indexOf('</head>'));

beforeAll(() => {
  // The test is about the build: make it when missing or stale rather than skip.
  ensureBuilt('all-in-one');
  if (!fs.existsSync(path.join(repoRoot, 'web/dist-ssr/entry-server.js'))) throw new Error('no web server bundle: npm run build:web failed');
}, 600_000);

describe('a creation’s page drawn on the server', () => {
  const ctx = useTestApp(availableDialects().at(-1)!, { WEB_DIST_DIR: dist });
  let owner: Session;
  let id: string;

  beforeAll(async () => {
    owner = await createAccount(ctx.infra, `media-first-screen-${Date.now()}@example.com`);
    await ctx.infra.db.updateTable('users').set({ name: 'Grace Hopper' }).where('id', '=', owner.user.id).execute();
    id = await insertMedia(ctx.infra.db, {
      user_id: owner.user.id,
      preset_type: 'custom_prompt',
      prompt: HOSTILE_PROMPT,
      final_url: `http://localhost:3000/media/${ORIGINAL}`,
      width: 768,
      height: 1024,
      variants: JSON.stringify(VARIANTS),
    });
  });

  const page = (mediaId: string, headers: Record<string, string> = {}, query = '') =>
    request(ctx.app).get(`/m/${mediaId}${query}`).set({ Accept: 'text/html', 'User-Agent': PHONE_USER_AGENT, ...headers });
  const share = (isPublic: boolean) => request(ctx.app).post('/api/share-media').set(bearer(owner)).send({ mediaId: id, isPublic }).expect(200);

  it('gives a phone the viewer showing the creation, its still sized to the screen, with the answer it was drawn from', async () => {
    const answer = await page(id);
    expect(answer.status).toBe(200);
    expect(answer.headers.vary).toMatch(/User-Agent/);
    expect(answer.headers.vary).toMatch(/Cookie/);
    const html = answer.text;
    const root = rootOf(html);
    // The viewer with the creation, its creator and the actions, before any script ran; inert until the app takes it over.
    expect(html).toContain('<div id="root" inert>');
    expect(root).toContain('role="dialog" aria-modal="true" aria-label="Media viewer"');
    expect(root).toContain('data-testid="viewer-frame"');
    expect(root).toContain('Grace Hopper');
    for (const action of ['Remix', 'Save', 'Share']) expect(root).toContain(`<span>${action}</span>`);
    // No feed under it: the home is mounted only once the viewer is closed.
    expect(root).not.toContain('data-testid="feed-item"');
    expect(root).not.toContain('Community creations');

    // The picture: a stored copy sized to the screen, its box reserved (width, height, ratio), at high priority.
    const img = /<img class="viewer__image[^>]*>/.exec(root)?.[0] ?? '';
    expect(img).toContain(`src="http://localhost:3000/media/${VARIANTS[1]!.key}"`);
    expect(img).toMatch(/srcSet="[^"]*still-360\.webp 360w[^"]*"/);
    expect(img).toMatch(/sizes="\(max-width: 768px\) calc\(100vw - 24px\), [^"]+"/);
    expect(img).toContain('width="768" height="1024"');
    expect(img).toContain('fetchPriority="high"');
    expect(root).toContain('--media-ratio:0.75');
    // The full file is only the largest candidate of a srcset: never an address of its own (the glow behind included).
    expect(root.replace(/srcSet="[^"]*"/g, '')).not.toContain(ORIGINAL);
    // The same picture is preloaded from the head (the same srcset and sizes), and only it.
    const head = headOf(html);
    const preloads = head.match(/<link rel="preload" as="image"[^>]*>/g) ?? [];
    expect(preloads).toHaveLength(1);
    expect(preloads[0]).toContain(`imageSrcSet="${/srcSet="([^"]*)"/.exec(img)![1]}"`);
    expect(preloads[0]).toContain(`imageSizes="${/sizes="([^"]*)"/.exec(img)![1]}"`);

    // The state is get-media-item's answer to a visitor, as the app would have asked it.
    const state = stateOf(html);
    expect(state?.page).toBe('media');
    expect(state?.phone).toBe(true);
    const item = await request(ctx.app).get('/api/get-media-item').query({ id }).expect(200);
    expect(state?.media).toEqual(item.body);
    // A creator's text stays text: it neither ends the state script nor becomes markup.
    expect(html).not.toContain('</script><script>alert(1)');
    expect(html).not.toContain('<b>$& friends</b>');

    // The page's meta (issue 27) is still written for crawlers and link previews, one title in the head.
    expect(head).toContain(`<link rel="canonical" href="`);
    expect(head).toMatch(/<meta property="og:image" content="[^"]*\/share\/m\/[^"]+\.jpg" \/>/);
    expect(html.match(/<title>/g)).toHaveLength(1);
    expect(head).toMatch(/<title>a lantern [^<]* by Grace Hopper — Mirrorverse<\/title>/);
    // The app is fetched after the first paint; the viewer's stylesheets are linked, so the markup is drawn styled.
    expect(html).toMatch(/<script type="module" crossorigin src="\/assets\/first-screen-boot-[^"]+\.js" data-app="\/assets\/index-[^"]+\.js" data-modules="[^"]*\/assets\/media-page-[^"]+\.js[^"]*"><\/script>/);
    expect(head).toMatch(/href="\/assets\/media-viewer-[^"]+\.css"/);
    expect(head).toMatch(/href="\/assets\/media-page-[^"]+\.css"/);
    expect(head).not.toMatch(/href="\/assets\/home-page-[^"]+\.css"/);
    for (const href of head.match(/href="\/assets\/[^"]+\.css"/g) ?? []) expect(fs.existsSync(path.join(dist, href.slice(6, -1)))).toBe(true);
  });

  it('leaves a private, unknown or malformed creation to the app’s not-found screen, with a 404', async () => {
    const missing = ['00000000-0000-4000-8000-000000000000', 'not-an-id'];
    // An address that is not valid percent-encoding is bad input, as before: a 400, nothing drawn.
    const malformed = await page('%E0%A4%A');
    expect(malformed.status).toBe(400);
    expect(malformed.text).not.toContain('<div id="root" inert>');
    await share(false);
    try {
      for (const mediaId of [id, ...missing]) {
        const answer = await page(mediaId);
        expect(answer.status, mediaId).toBe(404);
        expect(answer.text).toContain('<div id="root"></div>');
        expect(stateOf(answer.text)).toBeUndefined();
        expect(answer.text).not.toContain(ORIGINAL);
      }
    } finally {
      await share(true);
    }
    // Public again: drawn at once (a change of the owner's drops the pages this process reuses).
    expect((await page(id)).text).toContain('<div id="root" inert>');
  });

  it('leaves the page to the app for a signed-in device and an address with a query, the still preloaded for it', async () => {
    for (const answer of [await page(id, { Cookie: `theme=dark; ${SIGNED_IN_COOKIE}=1` }), await page(id, {}, '?from=share')]) {
      expect(answer.status).toBe(200);
      expect(answer.text).toContain('<div id="root"></div>');
      expect(stateOf(answer.text)).toBeUndefined();
      expect(answer.text).toMatch(/<script type="module" crossorigin src="\/assets\/index-[^"]+\.js"><\/script>/);
      // The app draws the viewer: its still, sized as the viewer asks for it, is fetched while the app loads.
      expect(headOf(answer.text)).toMatch(/<link rel="preload" as="image" href="[^"]*still-720\.webp" imagesrcset="[^"]*still-360\.webp 360w[^"]*" imagesizes="\(max-width: 768px\) calc\(100vw - 24px\), [^"]*0\.7500[^"]*" media="all" fetchpriority="high" \/>/);
    }
  });
});
