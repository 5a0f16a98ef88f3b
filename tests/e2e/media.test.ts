import fs from 'node:fs';
import path from 'node:path';
import type { BrowserContext, Locator, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { artifactsDir, DESKTOP, MOBILE, PHONE, DEVICES } from '../support/browser';
import { productInChromium } from '../support/product-in-chromium';
import { closeViewer, settle, uploadAstronaut } from '../support/screen';
import { newEmail, signInThroughUi } from '../support/ui-sign-in';

/**
 * One media item across the feed, the viewer, the profile and the gallery: the defects the
 * review found (a visitor's heart, black bars, engineering prompts as captions, focus leaving
 * the viewer, small touch targets, nameless creators), and screenshots of each screen.
 */

const CREATOR_NAME = 'Ada Lovelace';
/** Screenshots of a run against an older build carry its prefix (SHOT_PREFIX=before-). */
const SHOT_PREFIX = process.env.SHOT_PREFIX ?? '';
const MIN_TARGET_PX = 44;

async function shot(page: Page, name: string, fullPage = false): Promise<void> {
  fs.mkdirSync(artifactsDir, { recursive: true });
  await page.screenshot({ path: path.join(artifactsDir, `${SHOT_PREFIX}${name}.png`), fullPage });
}

async function signIn(page: Page, baseUrl: string, email: string): Promise<string> {
  await signInThroughUi(page, baseUrl, email);
  return page.evaluate(() => localStorage.getItem('auth_token') ?? '');
}

async function call<T>(baseUrl: string, token: string, name: string, body?: unknown, query = ''): Promise<{ status: number; body: T }> {
  const res = await fetch(`${baseUrl}/.netlify/functions/${name}${query}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: { Authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'Content-Type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json().catch(() => ({}))) as T };
}

/** A catalogue look (whose stored prompt is the engineering one) and two custom prompts, made by the worker. */
async function seedCreations(baseUrl: string, token: string): Promise<void> {
  const uploaded = await uploadAstronaut(baseUrl, token);
  const source = { sourceAssetId: uploaded.secure_url, sourceWidth: uploaded.width, sourceHeight: uploaded.height };
  const runs = [
    { mode: 'custom', prompt: 'A golden hour portrait on a cliff by the sea' },
    { mode: 'custom', prompt: 'Neon-lit rain in Tokyo at midnight' },
    { mode: 'unrealreflection', unrealReflectionPresetId: 'unreal_reflection_syndicate' },
  ];
  for (const [index, run] of runs.entries()) {
    const answer = await call(baseUrl, token, 'unified-generate', { ...run, ...source, runId: `media-${Date.now().toString(36)}-${index}` });
    expect(answer.status).toBe(202);
  }
  const deadline = Date.now() + 90_000;
  for (;;) {
    const feed = (await (await fetch(`${baseUrl}/api/getPublicFeed?limit=100`)).json()) as { items: unknown[] };
    if (feed.items.length >= runs.length) return;
    if (Date.now() > deadline) throw new Error('the seeded creations did not reach the feed within 90 s');
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/** Visible interactive controls whose box is under 44 px either way, described for the failure message. */
async function smallTargets(scope: Page | Locator): Promise<string[]> {
  const root = 'locator' in scope && !('goto' in scope) ? scope : (scope as Page).locator('body');
  return root.evaluate((element, min) => {
    const controls = element.querySelectorAll<HTMLElement>('button, a[href], [role="switch"], [role="button"], input:not([type="hidden"]), select');
    const small: string[] = [];
    for (const control of Array.from(controls)) {
      const box = control.getBoundingClientRect();
      const style = getComputedStyle(control);
      if (box.width === 0 || box.height === 0 || style.visibility === 'hidden' || style.pointerEvents === 'none') continue;
      if (control.closest('[aria-hidden="true"], [inert]')) continue;
      if (box.width < min - 0.5 || box.height < min - 0.5) {
        small.push(`${control.tagName.toLowerCase()}.${control.className} "${(control.getAttribute('aria-label') ?? control.textContent ?? '').trim().slice(0, 30)}" ${Math.round(box.width)}×${Math.round(box.height)}`);
      }
    }
    return small;
  }, MIN_TARGET_PX);
}

/** Media that do not fill their frame (letterboxed): object-fit other than cover, or a box smaller than its frame. */
async function letterboxed(page: Page, selector: string): Promise<string[]> {
  return page.locator(selector).evaluateAll((media) =>
    media.flatMap((node) => {
      const element = node as HTMLImageElement | HTMLVideoElement;
      const frame = element.parentElement?.getBoundingClientRect();
      const box = element.getBoundingClientRect();
      const fit = getComputedStyle(element).objectFit;
      const natural =
        element instanceof HTMLImageElement ? element.naturalWidth / (element.naturalHeight || 1) : element.videoWidth / (element.videoHeight || 1);
      const shown = box.width / (box.height || 1);
      const fills = frame ? box.width >= frame.width - 1 && box.height >= frame.height - 1 : true;
      const bars = !fills || (fit !== 'cover' && Number.isFinite(natural) && natural > 0 && Math.abs(natural - shown) / shown > 0.02);
      return bars ? [`${element.currentSrc || element.getAttribute('src')} fit=${fit} natural=${natural.toFixed(2)} shown=${shown.toFixed(2)}`] : [];
    }),
  );
}

/** Presses Tab `times` times; counts the presses after which focus was outside `dialog`. */
async function focusEscapes(page: Page, dialog: Locator, times = 15): Promise<number> {
  let escaped = 0;
  for (let i = 0; i < times; i += 1) {
    await page.keyboard.press('Tab');
    const inside = await dialog.evaluate((element) => element.contains(document.activeElement));
    if (!inside) escaped += 1;
  }
  return escaped;
}

describe('media across the feed, the viewer, the profile and the gallery', () => {
  // How media are shown is under test, not how they are made: the instant engine makes them.
  const app = productInChromium({ GENERATION_PROVIDER: 'instant' });
  let creator: BrowserContext;

  beforeAll(async () => {
    creator = await app.browser.newContext({ viewport: DESKTOP, acceptDownloads: true });
    const page = await creator.newPage();
    const token = await signIn(page, app.baseUrl, newEmail('creator'));
    expect((await call(app.baseUrl, token, 'update-profile', { name: CREATOR_NAME })).status).toBe(200);
    await seedCreations(app.baseUrl, token);
    // One like, so trending has something to rank.
    const feed = (await (await fetch(`${app.baseUrl}/api/getPublicFeed?limit=100`)).json()) as { items: Array<{ id: string; type: string }> };
    await call(app.baseUrl, token, 'toggleLike', { mediaId: feed.items[0]!.id, mediaType: feed.items[0]!.type });
    await page.close();
  }, 180_000);

  for (const [name, device] of DEVICES) {
    it(`shows the feed with creators' names and media filling their tiles, and a viewer a visitor's heart cannot leave (${name})`, async () => {
      const page = await app.browser.newPage(device);
      await page.goto(app.baseUrl);
      const tiles = page.getByTestId('feed-item');
      await expect.poll(() => tiles.count(), { timeout: 15_000 }).toBe(3);
      await settle(page);
      await shot(page, `media-feed-${name}`, true);

      // Every creator by their name.
      for (const tile of await tiles.all()) expect(await tile.textContent()).toContain(CREATOR_NAME);
      expect(await page.getByText('Mirrorverse creator').count()).toBe(0);
      // No bars: the feed's and trending's media fill their frames.
      expect(await letterboxed(page, '[data-testid="feed-item"] img, [data-testid="feed-item"] video, .showcase__card img')).toEqual([]);
      if (name === 'mobile') expect(await smallTargets(page.locator('section.feed'))).toEqual([]);

      // The viewer: the look's name and a short description, never the engineering prompt.
      const opener = tiles.first().getByRole('button', { name: /^Open/ });
      await opener.click();
      const viewer = page.getByRole('dialog', { name: 'Media viewer' });
      await viewer.waitFor();
      await settle(page);
      await shot(page, `media-viewer-${name}`);
      await viewer.getByText(CREATOR_NAME).first().waitFor();
      if (name === 'mobile') expect(await smallTargets(viewer)).toEqual([]);

      // Focus stays in the viewer.
      expect(await focusEscapes(page, viewer)).toBe(0);

      // A visitor's heart shows the sign-up prompt over the viewer, and the page stays.
      await viewer.getByRole('button', { name: /^Like/ }).click();
      const prompt = page.getByRole('dialog', { name: 'Save Favorites' });
      await prompt.waitFor();
      // The viewer keeps the creation's page in the address (issue 27).
      expect(new URL(page.url()).pathname).toMatch(/^\/m\/[0-9a-f-]{36}$/);
      await settle(page);
      await shot(page, `media-viewer-signup-${name}`);
      await prompt.getByRole('button', { name: 'Continue Browsing' }).click();
      await prompt.waitFor({ state: 'detached' });
      expect(await viewer.isVisible()).toBe(true);

      // Escape closes it, and focus returns to the tile that opened it.
      await page.keyboard.press('Escape');
      await viewer.waitFor({ state: 'detached' });
      expect(await opener.evaluate((element) => element === document.activeElement)).toBe(true);
      await page.close();
    });
  }

  it("keeps a creation's own title on /m/<id> once the app has loaded, not the home's (issue 41)", async () => {
    const feed = (await (await fetch(`${app.baseUrl}/api/getPublicFeed?limit=100`)).json()) as { items: Array<{ id: string; presetKey: string | null }> };
    const look = feed.items.find((item) => item.presetKey === 'unreal_reflection_syndicate')!;
    const served = await (await fetch(`${app.baseUrl}/m/${look.id}`, { headers: { Accept: 'text/html' } })).text();
    const title = /<title>([^<]*)<\/title>/.exec(served)![1]!;
    expect(title).toBe(`The Syndicate by ${CREATOR_NAME} — Mirrorverse`);

    const page = await app.browser.newPage({ viewport: DESKTOP });
    await page.goto(`${app.baseUrl}/m/${look.id}`);
    await page.getByRole('dialog', { name: 'Media viewer' }).getByText('The Syndicate').first().waitFor();
    await page.waitForLoadState('networkidle');
    expect(await page.title()).toBe(title);
    // A direct visit draws the creation alone: the home (and its title) comes only once it is closed (issue 47).
    expect(await page.getByRole('heading', { name: 'Community creations' }).count()).toBe(0);
    await page.close();
  });

  it("shows the profile's grid without bars, and its viewer with the owner's actions, the look's name and focus kept inside", async () => {
    const page = await creator.newPage();
    await page.goto(`${app.baseUrl}/profile?tab=all-media`);
    const cards = page.locator('article.media-card');
    await expect.poll(() => cards.count(), { timeout: 15_000 }).toBe(3);
    await settle(page);
    await shot(page, 'media-profile-desktop', true);
    expect(await letterboxed(page, 'article.media-card img, article.media-card video')).toEqual([]);
    expect(await page.getByText('Same person, same face').count()).toBe(0);
    await page.getByText('The Syndicate').first().waitFor();

    const syndicate = cards.filter({ hasText: 'The Syndicate' }).first();
    const opener = syndicate.getByRole('button', { name: /^Open/ });
    await opener.click();
    const viewer = page.getByRole('dialog', { name: 'Media viewer' });
    await viewer.waitFor();
    await settle(page);
    await shot(page, 'media-profile-viewer-desktop');
    await viewer.getByRole('heading', { name: 'The Syndicate' }).waitFor();
    expect(await viewer.getByText('Same person, same face').count()).toBe(0);
    await viewer.getByRole('button', { name: 'Download' }).waitFor();
    await viewer.getByRole('button', { name: 'Delete' }).waitFor();
    await viewer.getByRole('button', { name: /Make Private|Share to Feed/ }).waitFor();

    expect(await focusEscapes(page, viewer)).toBe(0);
    await page.keyboard.press('Escape');
    await viewer.waitFor({ state: 'detached' });
    expect(await opener.evaluate((element) => element === document.activeElement)).toBe(true);
    // Closing goes back from the creation's address (/m/<id>) before the next visit.
    await page.waitForURL((url) => !url.pathname.startsWith('/m/'));

    await page.goto(`${app.baseUrl}/gallery`);
    await expect.poll(() => cards.count(), { timeout: 15_000 }).toBe(3);
    await settle(page);
    await shot(page, 'media-gallery-desktop', true);
    await page.close();
  });

  it('shows the gallery on a phone with the look names, no bars and 44 px targets', async () => {
    const phone = await app.browser.newContext({ ...PHONE, storageState: await creator.storageState() });
    const page = await phone.newPage();
    await page.goto(`${app.baseUrl}/gallery`);
    const cards = page.locator('article.media-card');
    await expect.poll(() => cards.count(), { timeout: 15_000 }).toBe(3);
    await settle(page);
    await shot(page, 'media-gallery-mobile', true);
    expect(await page.getByText('Same person, same face').count()).toBe(0);
    await page.getByText('The Syndicate').first().waitFor();
    expect(await letterboxed(page, 'article.media-card img, article.media-card video')).toEqual([]);
    expect(await smallTargets(page.locator('.page.gallery'))).toEqual([]);
    // The top bar's brand link (a 32 px mark) is a 44 px target too.
    expect(await smallTargets(page.locator('.top-bar__inner'))).toEqual([]);

    await cards.filter({ hasText: 'The Syndicate' }).first().getByRole('button', { name: /^Open/ }).click();
    const viewer = page.getByRole('dialog', { name: 'Media viewer' });
    await viewer.waitFor();
    await settle(page);
    await shot(page, 'media-gallery-viewer-mobile');
    expect(await viewer.getByText('Same person, same face').count()).toBe(0);
    expect(await smallTargets(viewer)).toEqual([]);
    await page.keyboard.press('Escape');
    await phone.close();
  });
  it('keeps what the person liked under Liked, newest like first, and takes an unliked item out at once (desktop)', async () => {
    const feed = (await (await fetch(`${app.baseUrl}/api/getPublicFeed?limit=100`)).json()) as { items: Array<{ id: string }> };
    const [newest, , oldest] = feed.items.map((item) => item.id);
    const page = await creator.newPage();
    await page.goto(app.baseUrl);
    const tile = (id: string) => page.locator(`[data-testid="feed-item"][data-media-id="${id}"]`);
    await tile(oldest!).waitFor();
    // The newest was liked before (beforeAll); the oldest is liked now, from its tile.
    await tile(oldest!).getByRole('button', { name: /^Like/ }).click();
    await tile(oldest!).getByRole('button', { name: /^Unlike/ }).waitFor();

    await page.goto(`${app.baseUrl}/profile?tab=liked`);
    const nav = page.getByRole('navigation', { name: 'Profile sections' });
    expect(await nav.getByRole('link', { name: /Liked/ }).getAttribute('aria-current')).toBe('page');
    const liked = page.getByTestId('liked-grid').getByTestId('feed-item');
    await expect.poll(() => liked.count(), { timeout: 15_000 }).toBe(2);
    // Newest like first: the masonry's first tile (top of the first column) is the one just liked.
    expect(await liked.first().getAttribute('data-media-id')).toBe(oldest);
    expect(await liked.evaluateAll((nodes) => nodes.map((node) => node.getAttribute('data-media-id')).sort())).toEqual([newest, oldest].sort());
    await settle(page);
    await shot(page, 'liked-tab-desktop', true);

    // Unliked in the viewer: gone from the tab as soon as the viewer closes, without a reload.
    await liked.first().getByRole('button', { name: /^Open/ }).click();
    const viewer = page.getByRole('dialog', { name: 'Media viewer' });
    await viewer.getByRole('button', { name: /^Unlike/ }).click();
    await viewer.getByRole('button', { name: /^Like/ }).waitFor();
    await closeViewer(page, viewer);
    await expect.poll(() => liked.count()).toBe(1);
    expect(await liked.first().getAttribute('data-media-id')).toBe(newest);

    // Unliked on its tile: the tab is empty and says how to fill it.
    await liked.first().getByRole('button', { name: /^Unlike/ }).click();
    await page.getByText('Nothing liked yet').waitFor();
    await settle(page);
    await shot(page, 'liked-tab-empty-desktop');
    // The server agrees: nothing is liked any more.
    const token = await page.evaluate(() => localStorage.getItem('auth_token') ?? '');
    expect((await call<{ items: unknown[] }>(app.baseUrl, token, 'get-liked-media')).body.items).toEqual([]);
    await page.close();
  });

  it("shows the phone gallery's Liked view, which the profile's Liked tab opens on a phone", async () => {
    const phone = await app.browser.newContext({ ...PHONE, storageState: await creator.storageState() });
    const page = await phone.newPage();
    const token = await page.goto(app.baseUrl).then(() => page.evaluate(() => localStorage.getItem('auth_token') ?? ''));
    const feed = (await (await fetch(`${app.baseUrl}/api/getPublicFeed?limit=100`)).json()) as { items: Array<{ id: string; type: string }> };
    for (const item of feed.items.slice(0, 2)) expect((await call<{ liked: boolean }>(app.baseUrl, token, 'toggleLike', { mediaId: item.id, mediaType: item.type })).body.liked).toBe(true);

    await page.goto(`${app.baseUrl}/profile?tab=liked`);
    await page.waitForURL(`${app.baseUrl}/gallery?view=liked`);
    const views = page.getByRole('navigation', { name: 'Gallery views' });
    expect(await views.getByRole('link', { name: 'Liked' }).getAttribute('aria-current')).toBe('page');
    const liked = page.getByTestId('liked-grid').getByTestId('feed-item');
    await expect.poll(() => liked.count(), { timeout: 15_000 }).toBe(2);
    expect(await letterboxed(page, '[data-testid="liked-grid"] img')).toEqual([]);
    expect(await smallTargets(page.locator('.page.gallery'))).toEqual([]);
    await settle(page);
    await shot(page, 'liked-gallery-mobile', true);

    await views.getByRole('link', { name: 'My Creations' }).click();
    await page.waitForURL(`${app.baseUrl}/gallery`);
    await expect.poll(() => page.locator('article.media-card').count(), { timeout: 15_000 }).toBe(3);
    await phone.close();
  });
  for (const [name, viewport] of [
    ['desktop', DESKTOP],
    ['mobile', MOBILE],
  ] as const) {
    it(`makes a variation from the viewer at the price the server quotes, and groups it under its original (${name})`, async () => {
      const context = await app.browser.newContext({ viewport, storageState: await creator.storageState() });
      const page = await context.newPage();
      await page.goto(`${app.baseUrl}${name === 'desktop' ? '/profile?tab=all-media' : '/gallery'}`);
      const cards = page.locator('article.media-card');
      await expect.poll(() => cards.count(), { timeout: 15_000 }).toBeGreaterThanOrEqual(3);
      const before = await cards.count();
      const earlier = new Set(await cards.evaluateAll((nodes) => nodes.map((node) => node.getAttribute('data-media-id'))));
      const original = cards.filter({ hasText: 'The Syndicate' }).first();
      const originalId = (await original.getAttribute('data-media-id'))!;
      const token = await page.evaluate(() => localStorage.getItem('auth_token') ?? '');
      const quoted = await call<{ cost: number; balance: number }>(app.baseUrl, token, 'quote-generation', { variationOf: originalId });

      await original.getByRole('button', { name: /^Open/ }).click();
      const viewer = page.getByRole('dialog', { name: 'Media viewer' });
      await viewer.getByRole('button', { name: 'Variations' }).click();
      const dialog = page.getByRole('dialog', { name: 'Make a variation' });
      // The price is the server's, shown before anything starts.
      await expect.poll(() => dialog.getByTestId('variation-price').textContent()).toBe(`It costs ${quoted.body.cost} credits — you have ${quoted.body.balance}.`);
      await settle(page);
      await shot(page, `variation-dialog-${name}`);
      await dialog.getByRole('button', { name: `Make Variation · ${quoted.body.cost} credits` }).click();
      await dialog.waitFor({ state: 'detached' });
      await closeViewer(page, viewer);

      // The new take lands in the library, right after its original once finished, marked as a variation.
      await expect.poll(() => cards.count(), { timeout: 60_000 }).toBe(before + 1);
      // In list order (a masonry's DOM goes column by column; each cell says its place).
      const placed = () =>
        cards.evaluateAll(
          (nodes, [originalId, earlier]) => {
            const place = (node: Element) => Number(node.closest('[data-index]')?.getAttribute('data-index'));
            const card = nodes.find((node) => !(earlier as string[]).includes(node.getAttribute('data-media-id') ?? ''));
            const origin = nodes.find((node) => node.getAttribute('data-media-id') === originalId);
            return {
              afterOriginal: card !== undefined && origin !== undefined && place(card) === place(origin) + 1,
              chip: card?.textContent?.includes('Variation') ?? false,
              done: card?.getAttribute('data-status') === 'completed',
            };
          },
          [originalId, [...earlier]] as const,
        );
      await expect.poll(placed, { timeout: 60_000 }).toEqual({ afterOriginal: true, chip: true, done: true });
      await expect.poll(async () => (await call<{ currentBalance: number }>(app.baseUrl, token, 'getQuota')).body.currentBalance).toBe(quoted.body.balance - quoted.body.cost);
      await settle(page);
      await shot(page, `variation-grouped-${name}`, true);
      await context.close();
    });
  }
});
