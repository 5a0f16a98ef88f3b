import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { DESKTOP, launchBrowser, measureLayoutShift, MOBILE, pageProblems, PHONE } from '../support/browser';
import { seedDemo } from '../support/demo';
import { type RunningProduct, startProduct } from '../support/product';

/**
 * What a visitor's first view of `/` downloads with the demo content (issue 27's goals: at most
 * 400 KB of images on a phone, 800 KB on a desktop). Phones at Lighthouse's mobile density (1.75).
 * The demo here is made by the instant engine (512 px outputs): the figures with the local
 * engine's 1024 px outputs are in docs/performance.md.
 */
describe('the first view of / with the demo content', () => {
  let product: RunningProduct | undefined;
  let browser: Browser | undefined;

  beforeAll(async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'mirrorverse-first-view-'));
    await seedDemo({ DATA_DIR: dataDir, REDIS_URL: inject('redisUrl'), QUEUE_PREFIX: `first-view-${process.pid}` });
    [product, browser] = await Promise.all([startProduct({ DATA_DIR: dataDir }), launchBrowser()]);
  }, 300_000);

  afterAll(async () => {
    await browser?.close();
    await product?.stop();
  });

  it.each([
    ['phone', PHONE, 1.75, 400],
    ['desktop', { viewport: DESKTOP }, 1, 800],
  ] as const)('downloads right-sized images and no video, and nothing moves, on a %s', async (_name, device, deviceScaleFactor, budgetKb) => {
    const { viewport } = device;
    const context = await browser!.newContext({ ...device, deviceScaleFactor });
    try {
      const page = await context.newPage();
      await measureLayoutShift(page);
      const media: Array<{ url: string; bytes: number }> = [];
      const sizing: Promise<void>[] = [];
      page.on('requestfinished', (request) => {
        if (request.resourceType() !== 'image' && request.resourceType() !== 'media') return;
        sizing.push(request.sizes().then((sizes) => void media.push({ url: request.url(), bytes: sizes.responseBodySize })));
      });
      await page.goto(`${product!.baseUrl}/`);
      await expect.poll(() => page.locator('[data-testid="feed-item"].is-loaded').count(), { timeout: 30_000 }).toBeGreaterThan(0);
      await page.waitForLoadState('networkidle');
      await Promise.all(sizing);

      const total = media.reduce((sum, m) => sum + m.bytes, 0);
      console.log(`first view of / (${viewport.width}×${viewport.height} @${deviceScaleFactor}x): ${media.length} images, ${(total / 1024).toFixed(0)} KB`);
      // A video plays only when asked: its bytes are never part of the first view.
      expect(media.filter((m) => /\.(mp4|webm)(\?|$)/.test(m.url))).toEqual([]);
      expect(total, media.map((m) => `${m.url} ${m.bytes}`).join('\n')).toBeLessThanOrEqual(budgetKb * 1024);
      // Tiles far below the first screen (beyond Chromium's lazy-load margin) wait until scrolled near.
      const far = await page.locator('[data-testid="feed-item"] img').evaluateAll((images, limit) =>
        images.filter((img) => img.getBoundingClientRect().top > limit).map((img) => (img as HTMLImageElement).currentSrc),
        viewport.height + 3000,
      );
      if (viewport === MOBILE) expect(far.length).toBeGreaterThan(0);
      expect(far.filter((src) => src !== '')).toEqual([]);
      // Nothing above the feed (the composer's spot among them) pushed it while the page came in.
      // (On a desktop the local engine's note under the composer, shown once the app's info
      // arrives, still moves the feed 21 px: 0.005.)
      expect(await page.evaluate(() => window.__layoutShift)).toBeLessThanOrEqual(0.02);
    } finally {
      await context.close();
    }
  });

  it('is taken over by the app as the server drew it: no node drawn again, no feed asked again, no error', async () => {
    const context = await browser!.newContext({ ...PHONE });
    try {
      const page = await context.newPage();
      const problems = pageProblems(page);
      const feedCalls: string[] = [];
      page.on('request', (request) => {
        if (/getPublicFeed|getTrending/.test(request.url())) feedCalls.push(request.url());
      });
      // Each drawn tile is marked before the app loads (it loads after the first paint): a tile the
      // app drew again instead of taking it over would come without the mark.
      await page.addInitScript(() => {
        document.addEventListener('DOMContentLoaded', () => {
          for (const tile of document.querySelectorAll<HTMLElement>('[data-testid="feed-item"]')) tile.dataset.drawn = 'server';
        });
      });
      await page.goto(`${product!.baseUrl}/`);
      const tiles = page.getByTestId('feed-item');
      const drawn = await tiles.count();
      expect(drawn).toBeGreaterThan(0);
      // Inert until the app has taken the home over; then a tap works.
      await expect.poll(() => page.locator('#root').getAttribute('inert'), { timeout: 30_000 }).toBeNull();
      await expect.poll(() => page.locator('[data-testid="feed-item"].is-loaded').count(), { timeout: 30_000 }).toBeGreaterThan(0);
      expect(await page.locator('[data-testid="feed-item"][data-drawn="server"]').count()).toBe(drawn);
      await tiles.first().getByRole('button', { name: /^Open / }).click();
      await page.waitForURL(/\/m\/[0-9a-f-]{36}$/);
      expect(feedCalls).toEqual([]);
      expect(problems).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('takes the feed tiles over after the rest of the page, and a tile at once when it is touched', async () => {
    const context = await browser!.newContext({ ...PHONE });
    try {
      const page = await context.newPage();
      // A main thread that is never idle: the tiles wait for a touch (HydrateLater).
      await page.addInitScript(() => {
        window.requestIdleCallback = () => 0;
      });
      await page.goto(`${product!.baseUrl}/`);
      await expect.poll(() => page.locator('#root').getAttribute('inert'), { timeout: 30_000 }).toBeNull();
      // React marks each node it has taken over with its fiber; the rest of the page has been.
      const takenOver = (selector: string) =>
        page.locator(selector).evaluateAll((nodes) => nodes.filter((node) => Object.keys(node).some((key) => key.startsWith('__reactFiber'))).length);
      expect(await takenOver('.composer')).toBe(1);
      expect(await takenOver('[data-testid="feed-item"]')).toBe(0);
      await page.getByTestId('feed-item').first().getByRole('button', { name: /^Open / }).click();
      await page.waitForURL(/\/m\/[0-9a-f-]{36}$/);
      expect(await takenOver('[data-testid="feed-item"]')).toBeGreaterThan(0);
    } finally {
      await context.close();
    }
  });
});
