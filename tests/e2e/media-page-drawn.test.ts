import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser, Page, Route } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { DESKTOP, launchBrowser, measureLayoutShift, pageProblems, PHONE } from '../support/browser';
import { seedDemo } from '../support/demo';
import { type RunningProduct, startProduct } from '../support/product';
import { settle, viewportShot } from '../support/screen';

/**
 * A creation's page, /m/<id>, with the demo content (issue 47 §2): drawn on the server, on view
 * before any of the app's code runs, taken over by the app without drawing or asking anything
 * again, with no feed under the viewer until the visitor closes it.
 */

interface FeedItem {
  id: string;
  mediaType: string;
  finalUrl: string | null;
  imageUrl: string | null;
}

/** The app's entry (index.html's), which the drawn page's boot script adds after the first paint. */
const APP_ENTRY = /\/assets\/index-[^/]+\.js$/;

/** Holds the app's entry until `release` is called: what a phone on a slow network shows first. */
async function holdApp(page: Page): Promise<() => Promise<void>> {
  const held: Route[] = [];
  let released = false;
  await page.route(APP_ENTRY, (route) => (released ? route.continue() : void held.push(route)));
  return async () => {
    released = true;
    await Promise.all(held.map((route) => route.continue()));
  };
}

describe('a creation’s page drawn on the server', () => {
  let product: RunningProduct | undefined;
  let browser: Browser | undefined;
  let item: FeedItem;

  beforeAll(async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'mirrorverse-media-page-'));
    await seedDemo({ DATA_DIR: dataDir, REDIS_URL: inject('redisUrl'), QUEUE_PREFIX: `media-page-${process.pid}` });
    [product, browser] = await Promise.all([startProduct({ DATA_DIR: dataDir }), launchBrowser()]);
    const feed = (await (await fetch(`${product.baseUrl}/api/getPublicFeed?limit=50`)).json()) as { items: FeedItem[] };
    item = feed.items.find((i) => i.mediaType !== 'video')!;
    expect(item).toBeDefined();
  }, 300_000);

  afterAll(async () => {
    await browser?.close();
    await product?.stop();
  });

  it('shows the creation before the app loads, is taken over as drawn, mounts no feed until the viewer is closed (phone)', async () => {
    // A time zone other than the server's: the drawn date must not make the app draw the panel again.
    const context = await browser!.newContext({ ...PHONE, timezoneId: 'America/Los_Angeles' });
    try {
      const page = await context.newPage();
      const problems = pageProblems(page);
      const calls: string[] = [];
      page.on('request', (request) => {
        if (/\/api\/(get-media-item|getPublicFeed|getTrending)/.test(request.url())) calls.push(request.url());
      });
      // The drawn viewer is marked before the app loads: a viewer the app drew again would come without the mark.
      await page.addInitScript(() => {
        document.addEventListener('DOMContentLoaded', () => {
          const viewer = document.querySelector<HTMLElement>('[role="dialog"][aria-label="Media viewer"]');
          if (viewer) viewer.dataset.drawn = 'server';
        });
      });
      const release = await holdApp(page);
      const response = await page.goto(`${product!.baseUrl}/m/${item.id}`, { waitUntil: 'domcontentloaded' });
      expect(response?.status()).toBe(200);

      // Before any of the app's code has run: the viewer with the creation, its picture loaded, and no feed.
      const viewer = page.getByRole('dialog', { name: 'Media viewer' });
      await viewer.waitFor();
      const image = viewer.locator('img.viewer__image');
      await page.waitForFunction(() => {
        const img = document.querySelector<HTMLImageElement>('img.viewer__image');
        return img !== null && img.complete && img.naturalWidth > 0;
      });
      const shown = await image.evaluate((img: HTMLImageElement) => ({ src: img.currentSrc, box: img.getBoundingClientRect().toJSON() as DOMRect }));
      // A copy sized to the screen, not the full file.
      expect([item.finalUrl, item.imageUrl]).not.toContain(shown.src);
      expect(shown.box.width).toBeGreaterThan(200);
      expect(await page.locator('#root').getAttribute('inert')).not.toBeNull();
      expect(await page.getByTestId('feed-item').count()).toBe(0);
      await viewportShot(page, 'media-page-drawn-before-app-mobile');

      // The app loads and takes the page over: the same viewer, not drawn again; nothing asked again.
      await release();
      await expect.poll(() => page.locator('#root').getAttribute('inert'), { timeout: 30_000 }).toBeNull();
      await page.waitForLoadState('networkidle');
      expect(await page.locator('[role="dialog"][data-drawn="server"]').count()).toBe(1);
      // The picture did not move or change when the app took it over.
      expect(await image.evaluate((img: HTMLImageElement) => ({ src: img.currentSrc, box: img.getBoundingClientRect().toJSON() as DOMRect }))).toEqual(shown);
      expect(calls).toEqual([]);
      // No feed under the viewer: the home's code is not even loaded.
      expect(await page.getByTestId('feed-item').count()).toBe(0);
      expect(await page.evaluate(() => performance.getEntriesByType('resource').some((entry) => /\/assets\/home-page-[^/]+\.js$/.test(entry.name)))).toBe(false);
      await settle(page);
      await viewportShot(page, 'media-page-drawn-mobile');

      // Closing the viewer goes to the home, mounted now, with its feed.
      await viewer.getByRole('button', { name: 'Close viewer' }).click();
      await page.waitForURL(`${product!.baseUrl}/`);
      await expect.poll(() => page.getByTestId('feed-item').count(), { timeout: 15_000 }).toBeGreaterThan(0);
      await viewer.waitFor({ state: 'detached' });
      await settle(page);
      await viewportShot(page, 'media-page-closed-mobile');
      expect(problems).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('draws the creation beside its panel on a desktop, and nothing shifts as the app takes over', async () => {
    const context = await browser!.newContext({ viewport: DESKTOP });
    try {
      const page = await context.newPage();
      const problems = pageProblems(page);
      await measureLayoutShift(page);
      await page.goto(`${product!.baseUrl}/m/${item.id}`);
      const viewer = page.getByRole('dialog', { name: 'Media viewer' });
      await viewer.waitFor();
      await expect.poll(() => page.locator('#root').getAttribute('inert'), { timeout: 30_000 }).toBeNull();
      await settle(page);
      // The picture fills the stage beside the panel (the file the browser picks for it may be the full one here).
      expect(await viewer.locator('img.viewer__image').evaluate((img: HTMLImageElement) => img.getBoundingClientRect().width)).toBeGreaterThan(300);
      expect(await page.getByTestId('feed-item').count()).toBe(0);
      expect(await page.evaluate(() => window.__layoutShift)).toBeLessThan(0.01);
      await viewportShot(page, 'media-page-drawn-desktop');
      expect(problems).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
