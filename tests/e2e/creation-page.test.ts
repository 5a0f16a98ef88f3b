import fs from 'node:fs';
import path from 'node:path';
import type { BrowserContext, Locator, Page, Route } from 'playwright-core';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { DESKTOP, MOBILE, PHONE, DEVICES } from '../support/browser';
import { productInChromium } from '../support/product-in-chromium';
import { repoRoot } from '../support/process';
import { settle, uploadImage, viewportShot } from '../support/screen';
import { newEmail, signInThroughUi } from '../support/ui-sign-in';

/**
 * Issue 27, items 3 and 4: every tile and the viewer at the item's own ratio (box reserved
 * before the file arrives, no bars, no layout shift), and a page per creation, /m/<id>, that
 * the viewer keeps in the address bar.
 */

const TAG = 'lighthouse';
/** Tall, wide and square stills, and a video: the ratios a grid must hold without bars (the output takes the source photo's ratio). */
const SEEDS = [
  { prompt: 'A lighthouse at dawn, tall and white', sourceWidth: 1024, sourceHeight: 1536 },
  { prompt: 'A lighthouse over a wide stormy bay', sourceWidth: 1536, sourceHeight: 1024 },
  { prompt: 'A lighthouse keeper in a square frame', sourceWidth: 1024, sourceHeight: 1024 },
  { prompt: 'A lighthouse beam sweeping the night sea', sourceWidth: 1024, sourceHeight: 1536, enableVideo: true },
];
const MEDIA_FILE = /\/users\/[^/]+\/media\//;

interface FeedAnswer {
  items: Array<{ id: string; prompt: string; width: number | null; height: number | null; mediaType: string }>;
}

async function call(baseUrl: string, token: string, name: string, body?: unknown): Promise<{ status: number; body: unknown }> {
  const res = await fetch(`${baseUrl}/api/${name}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: { Authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'Content-Type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status, body: await res.json().catch(() => ({})) };
}

async function feed(baseUrl: string): Promise<FeedAnswer['items']> {
  return ((await (await fetch(`${baseUrl}/api/getPublicFeed?limit=100`)).json()) as FeedAnswer).items;
}

async function seed(baseUrl: string, token: string): Promise<void> {
  const astronaut = fs.readFileSync(path.join(repoRoot, 'tests/fixtures/faces/astronaut.png'));
  for (const [index, { sourceWidth, sourceHeight, ...run }] of SEEDS.entries()) {
    const photo = await sharp(astronaut).resize(sourceWidth / 2, sourceHeight / 2, { fit: 'cover' }).png().toBuffer();
    const uploaded = await uploadImage(baseUrl, token, photo);
    const source = { sourceAssetId: uploaded.secure_url, sourceWidth: uploaded.width, sourceHeight: uploaded.height };
    const answer = await call(baseUrl, token, 'unified-generate', { mode: 'custom', ...source, ...run, runId: `page-${Date.now().toString(36)}-${index}` });
    expect(answer.status, JSON.stringify(answer.body)).toBe(202);
  }
  const deadline = Date.now() + 120_000;
  while ((await feed(baseUrl)).length < SEEDS.length) {
    if (Date.now() > deadline) throw new Error('the seeded creations did not reach the feed within 120 s');
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/** Each box's ratio against its media's own (natural) ratio, for boxes whose media has loaded. */
async function ratios(boxes: Locator): Promise<Array<{ box: number; natural: number; fit: string; src: string }>> {
  return boxes.evaluateAll((nodes) =>
    nodes.map((node) => {
      const media = node.querySelector<HTMLImageElement | HTMLVideoElement>('img:not([alt=""]), video');
      const rect = node.getBoundingClientRect();
      const natural = !media
        ? Number.NaN
        : media instanceof HTMLImageElement
          ? media.naturalWidth / media.naturalHeight
          : media.videoWidth / media.videoHeight;
      return { box: rect.width / rect.height, natural, fit: media ? getComputedStyle(media).objectFit : '', src: media?.currentSrc ?? '' };
    }),
  );
}

/** Waits until every image and video under `boxes` knows its size. */
async function mediaLoaded(page: Page, selector: string): Promise<void> {
  await page.waitForFunction(
    (selector) =>
      Array.from(document.querySelectorAll(selector)).every((box) => {
        const media = box.querySelector<HTMLImageElement | HTMLVideoElement>('img:not([alt=""]), video');
        if (!media) return false;
        media.scrollIntoView({ block: 'nearest' });
        return media instanceof HTMLImageElement ? media.complete && media.naturalWidth > 0 : media.readyState >= 1;
      }),
    selector,
    { timeout: 30_000 },
  );
}

function expectOwnRatios(found: Array<{ box: number; natural: number; fit: string; src: string }>, count: number): void {
  expect(found).toHaveLength(count);
  for (const tile of found) {
    expect(Math.abs(tile.box - tile.natural) / tile.natural, `${tile.src}: box ${tile.box.toFixed(3)} vs file ${tile.natural.toFixed(3)}`).toBeLessThan(0.01);
    expect(tile.fit).toBe('cover');
  }
}

/** Waits for the boxes at `selector` on `page`, one per seeded item, to have their files, then checks each is at its item's own ratio. */
async function expectSeedsAtOwnRatios(page: Page, selector: string): Promise<void> {
  const boxes = page.locator(selector);
  await expect.poll(() => boxes.count(), { timeout: 15_000 }).toBe(SEEDS.length);
  await mediaLoaded(page, selector);
  expectOwnRatios(await ratios(boxes), SEEDS.length);
}

/** Holds every media file's answer until `release` is called: what a slow network shows first. */
async function holdMedia(page: Page): Promise<() => Promise<void>> {
  const held: Route[] = [];
  let released = false;
  await page.route(MEDIA_FILE, (route) => (released ? route.continue() : void held.push(route)));
  return async () => {
    released = true;
    await Promise.all(held.map((route) => route.continue()));
  };
}

/** Each tile's layout box (offsets: the entrance animation's transform left out). */
async function boxesOf(tiles: Locator): Promise<Array<{ x: number; y: number; w: number; h: number }>> {
  return tiles.evaluateAll((nodes) =>
    (nodes as HTMLElement[]).map((node) => ({ x: node.offsetLeft, y: node.offsetTop, w: node.offsetWidth, h: node.offsetHeight })),
  );
}

describe('creations at their own ratio, and a page per creation', () => {
  const app = productInChromium({ GENERATION_PROVIDER: 'instant' });
  let creator: BrowserContext;
  let items: FeedAnswer['items'];

  beforeAll(async () => {
    creator = await app.browser.newContext({ viewport: DESKTOP });
    await creator.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: app.baseUrl });
    const page = await creator.newPage();
    await signInThroughUi(page, app.baseUrl, newEmail('page'));
    const token = await page.evaluate(() => localStorage.getItem('auth_token') ?? '');
    expect((await call(app.baseUrl, token, 'update-profile', { name: 'Grace Hopper' })).status).toBe(200);
    await seed(app.baseUrl, token);
    items = await feed(app.baseUrl);
    expect(items.some((item) => item.mediaType === 'video')).toBe(true);
    await page.close();
  }, 240_000);

  for (const [name, device] of DEVICES) {
    it(`reserves each feed tile at its item's ratio before the file arrives, then fills it without bars or shift (${name})`, async () => {
      const page = await app.browser.newPage(device);
      await page.addInitScript(() => {
        window.__layoutShift = 0;
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries() as Array<PerformanceEntry & { value: number; hadRecentInput: boolean; sources?: Array<{ node?: Node | null }> }>) {
            const inFeed = entry.sources?.some((source) => source.node instanceof Element && source.node.closest('[data-testid="feed-item"]'));
            if (!entry.hadRecentInput && inFeed) window.__layoutShift += entry.value;
          }
        }).observe({ type: 'layout-shift', buffered: true });
      });
      const release = await holdMedia(page);
      // The drawn home's images are the document's own: its load waits for them.
      await page.goto(app.baseUrl, { waitUntil: 'domcontentloaded' });
      const tiles = page.getByTestId('feed-item');
      await expect.poll(() => tiles.count(), { timeout: 15_000 }).toBe(SEEDS.length);

      // Before any file has arrived, each box already has its item's ratio.
      const before = await boxesOf(tiles);
      const declared = await tiles.evaluateAll((nodes) => nodes.map((node) => node.getAttribute('style') ?? ''));
      expect(declared.every((style) => /aspect-ratio/.test(style))).toBe(true);
      const expectedRatios = new Set(items.map((item) => (item.width! / item.height!).toFixed(2)));
      for (const box of before) expect(expectedRatios).toContain((box.w / box.h).toFixed(2));

      await release();
      await mediaLoaded(page, '[data-testid="feed-item"]');
      await page.evaluate(() => window.scrollTo(0, 0));
      expectOwnRatios(await ratios(tiles), SEEDS.length);
      // The boxes did not move or resize when the files came in.
      expect(await boxesOf(tiles)).toEqual(before);
      expect(await page.evaluate(() => window.__layoutShift)).toBeLessThan(0.001);
      await settle(page);
      await viewportShot(page, `creation-ratios-feed-${name}`);
      await page.close();
    });
  }

  it('shows the profile grid and a tag page at each item’s own ratio', async () => {
    const page = await creator.newPage();
    await page.goto(`${app.baseUrl}/profile?tab=all-media`);
    await expectSeedsAtOwnRatios(page, '.media-card__frame');
    await settle(page);
    await viewportShot(page, 'creation-ratios-profile-desktop');

    await page.goto(`${app.baseUrl}/tag/${TAG}`);
    await expectSeedsAtOwnRatios(page, '.tag-tile__media');
    await settle(page);
    await viewportShot(page, 'creation-ratios-tag-desktop');
    await page.close();

    const phone = await app.browser.newPage({ ...PHONE });
    await phone.goto(`${app.baseUrl}/tag/${TAG}`);
    await expectSeedsAtOwnRatios(phone, '.tag-tile__media');
    await phone.evaluate(() => window.scrollTo(0, 0));
    await settle(phone);
    await viewportShot(phone, 'creation-ratios-tag-mobile');
    await phone.close();
  });

  it('keeps /m/<id> in the address while the viewer is open: steps replace it, Back closes it where the feed was, Share copies it', async () => {
    const page = await creator.newPage();
    await page.goto(app.baseUrl);
    const tiles = page.getByTestId('feed-item');
    await expect.poll(() => tiles.count(), { timeout: 15_000 }).toBe(SEEDS.length);
    const last = tiles.last();
    // Scrolled once the page has stopped growing (the hero's trending cards, the feed's end line).
    await page.waitForLoadState('networkidle');
    await last.evaluate((node) => node.scrollIntoView({ block: 'center' }));
    await page.waitForLoadState('networkidle');
    const historyLength = await page.evaluate(() => history.length);

    await last.getByRole('button', { name: /^Open/ }).click();
    const viewer = page.getByRole('dialog', { name: 'Media viewer' });
    await viewer.waitFor();
    // Where the feed was when the viewer opened over it (read now, not before the click: the click
    // may scroll the tile out from under the docked composer first, as a person would).
    const scrolled = await page.evaluate(() => window.scrollY);
    expect(scrolled).toBeGreaterThan(0);
    await page.waitForURL(/\/m\/[0-9a-f-]{36}$/);
    const first = new URL(page.url()).pathname;
    expect(items.map((item) => `/m/${item.id}`)).toContain(first);
    expect(await page.evaluate(() => history.length)).toBe(historyLength + 1);

    // The viewer's frame is the image's own ratio.
    await mediaLoaded(page, '[data-testid="viewer-frame"]');
    expectOwnRatios(await ratios(page.getByTestId('viewer-frame')), 1);

    // A step replaces the address: still one entry more than before.
    await viewer.getByRole('button', { name: 'Next' }).click();
    await page.waitForURL((url) => url.pathname !== first && url.pathname.startsWith('/m/'));
    expect(await page.evaluate(() => history.length)).toBe(historyLength + 1);

    // Share copies the page's link and says so.
    await viewer.getByRole('button', { name: 'Share' }).click();
    await page.getByText('Page link copied').waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(page.url());

    // Back closes the viewer and leaves the feed where it was.
    await page.goBack();
    await viewer.waitFor({ state: 'detached' });
    expect(new URL(page.url()).pathname).toBe('/');
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(scrolled);
    expect(await tiles.count()).toBe(SEEDS.length);

    // The close button goes back too.
    await last.getByRole('button', { name: /^Open/ }).click();
    await page.waitForURL(/\/m\//);
    await viewer.getByRole('button', { name: 'Close viewer' }).click();
    await viewer.waitFor({ state: 'detached' });
    await page.waitForURL(`${app.baseUrl}/`);
    expect(await page.evaluate(() => history.length)).toBe(historyLength + 1);
    await page.close();
  });

  for (const [name, viewport] of [
    ['desktop', DESKTOP],
    ['mobile', MOBILE],
  ] as const) {
    it(`opens /m/<id> visited directly in the viewer (the feed once it is closed), and a missing one as not found (${name})`, async () => {
      const page = await app.browser.newPage({ viewport });
      const item = items.find((i) => i.mediaType !== 'video')!;
      const response = await page.goto(`${app.baseUrl}/m/${item.id}`);
      expect(response?.status()).toBe(200);
      const viewer = page.getByRole('dialog', { name: 'Media viewer' });
      await viewer.waitFor();
      await viewer.getByText('Grace Hopper').waitFor();
      await viewer.getByText(item.prompt).waitFor();
      await mediaLoaded(page, '[data-testid="viewer-frame"]');
      expectOwnRatios(await ratios(page.getByTestId('viewer-frame')), 1);
      await settle(page);
      await viewportShot(page, `creation-page-${name}`);
      // Like, Remix, Save and Share are on screen at first view, each whole and not under
      // anything (issue 41 §4: on a phone the row was cut off below the panel's fold).
      for (const action of [/^(Like|Unlike)\b/, /^Remix$/, /^Save$/, /^Share$/]) {
        const button = viewer.getByRole('button', { name: action }).first();
        const box = (await button.boundingBox())!;
        expect(box.y >= 0 && box.y + box.height <= viewport.height && box.x >= 0 && box.x + box.width <= viewport.width, `${action} at ${JSON.stringify(box)}`).toBe(true);
        expect(await button.evaluate((el) => {
          const { x, y, width, height } = el.getBoundingClientRect();
          const top = document.elementFromPoint(x + width / 2, y + height / 2);
          return top !== null && el.contains(top);
        }), `${action} is covered`).toBe(true);
      }

      await viewer.getByRole('button', { name: 'Close viewer' }).click();
      await page.waitForURL(`${app.baseUrl}/`);
      await expect.poll(() => page.getByTestId('feed-item').count(), { timeout: 15_000 }).toBe(SEEDS.length);

      const missing = await page.goto(`${app.baseUrl}/m/00000000-0000-4000-8000-000000000000`);
      expect(missing?.status()).toBe(404);
      await page.getByText('Creation not found').waitFor();
      await settle(page);
      await viewportShot(page, `creation-page-missing-${name}`);
      await page.getByRole('link', { name: 'Explore the feed' }).click();
      await page.waitForURL(`${app.baseUrl}/`);
      await page.close();
    });
  }
});
