import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser, BrowserContextOptions, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { DESKTOP, launchBrowser, measureLayoutShift, MOBILE, PHONE, screenshot } from '../support/browser';
import { seedDemo } from '../support/demo';
import { type RunningProduct, startProduct } from '../support/product';

/**
 * Issue 47 §2: /story, a story and a tag page with the demo content on a phone load the stored
 * WebP copies of the pictures, the largest one first, and nothing moves while they arrive. The
 * demo is made by the instant engine (512 px stills); the figures with the local engine's 1024 px
 * ones are in docs/performance.md.
 */

/** The pictures of a page's first view: the creations' files (our /media/), in the order asked. */
interface FirstView {
  images: Array<{ url: string; bytes: number }>;
  shift: number;
}

/** A variant of a creation's still (the worker's `w360.webp`), not the full JPEG. */
const VARIANT = /\/w\d+\.webp$/;
/** What the first view of each page may download on a phone (measured: docs/performance.md). */
const PHONE_BUDGET_KB = { story: 100, tag: 90 } as const;

describe('story and tag pages on a phone: right-sized, prioritised pictures (issue 47)', () => {
  let product: RunningProduct | undefined;
  let browser: Browser | undefined;
  // The tag page Lighthouse was run on (issue 47), which the demo's Ghibli looks carry.
  const tag = 'anime';
  let slug = '';

  beforeAll(async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'mirrorverse-story-images-'));
    await seedDemo({ DATA_DIR: dataDir, REDIS_URL: inject('redisUrl'), QUEUE_PREFIX: `story-images-${process.pid}` });
    [product, browser] = await Promise.all([startProduct({ DATA_DIR: dataDir }), launchBrowser()]);
    const stories = (await (await fetch(`${product.baseUrl}/api/story-api`)).json()) as Array<{ slug: string; hero_image_url: string | null }>;
    slug = stories.find((s) => s.hero_image_url)!.slug;
  }, 300_000);

  afterAll(async () => {
    await browser?.close();
    await product?.stop();
  });

  /** Opens `pathname` in a fresh context and answers what its first view downloaded once the network is quiet. */
  async function firstView(options: BrowserContextOptions, pathname: string, loaded: string, check?: (page: Page) => Promise<void>): Promise<FirstView> {
    const context = await browser!.newContext(options);
    try {
      const page = await context.newPage();
      await measureLayoutShift(page);
      const asked: string[] = [];
      const sizes = new Map<string, Promise<number>>();
      page.on('request', (request) => {
        if (request.resourceType() === 'image' && new URL(request.url()).pathname.startsWith('/media/')) asked.push(request.url());
      });
      page.on('requestfinished', (request) => {
        if (request.resourceType() === 'image') sizes.set(request.url(), request.sizes().then((s) => s.responseBodySize));
      });
      await page.goto(`${product!.baseUrl}${pathname}`);
      await expect.poll(() => page.locator(loaded).first().evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0), { timeout: 30_000 }).toBe(true);
      await page.waitForLoadState('networkidle');
      await check?.(page);
      const images = await Promise.all(asked.map(async (url) => ({ url, bytes: (await sizes.get(url)) ?? 0 })));
      return { images, shift: await page.evaluate(() => window.__layoutShift) };
    } finally {
      await context.close();
    }
  }

  const kb = (view: FirstView) => view.images.reduce((sum, image) => sum + image.bytes, 0) / 1024;
  const report = (view: FirstView) => view.images.map((image) => `${image.url} ${image.bytes}`).join('\n');

  /** The first picture is fetched at once and first; the others wait until they come near. */
  const priorities = (selector: string, eager: number) => async (page: Page): Promise<void> => {
    const pictures = await page.locator(selector).evaluateAll((images) => images.map((img) => [img.getAttribute('loading'), img.getAttribute('fetchpriority'), img.getAttribute('decoding')]));
    expect(pictures.slice(0, eager)).toEqual(Array.from({ length: eager }, () => ['eager', 'high', 'async']));
    expect(new Set(pictures.slice(eager).map(([loading]) => loading))).toEqual(new Set(pictures.length > eager ? ['lazy'] : []));
  };

  it.each([
    ['story', (): string => '/story', '[data-testid="story-card"] img', priorities('[data-testid="story-card"] img', 1)],
    ['tag', (): string => `/tag/${tag}`, '[data-testid="tag-media"] img', priorities('.masonry__cell[data-index="0"] img, .masonry__cell[data-index="1"] img', 2)],
    ['one story', (): string => `/story/${slug}`, '.story__art img', priorities('.story__art img', 1)],
  ] as const)('loads the copies sized for a phone on %s, the largest first, and nothing moves', async (name, pathname, loaded, check) => {
    const view = await firstView(PHONE, pathname(), loaded, check);
    console.log(`first view of ${pathname()} on a phone (${MOBILE.width}×${MOBILE.height} @1x): ${view.images.length} pictures, ${kb(view).toFixed(1)} KB, layout shift ${view.shift.toFixed(3)}`);
    expect(view.images[0]?.url, report(view)).toMatch(VARIANT);
    expect(view.images.filter((image) => image.url.endsWith('/full.jpg')), 'no full JPEG').toEqual([]);
    if (name !== 'one story') expect(kb(view), report(view)).toBeLessThanOrEqual(PHONE_BUDGET_KB[name]);
    expect(view.shift).toBeLessThanOrEqual(0.02);
    // At Lighthouse's density (1.75) a card may take the next size up: printed, for docs/performance.md.
    const dense = await firstView({ ...PHONE, deviceScaleFactor: 1.75 }, pathname(), loaded);
    console.log(`first view of ${pathname()} on a phone @1.75x: ${dense.images.length} pictures, ${kb(dense).toFixed(1)} KB\n${report(dense)}`);
  });

  it('looks right at 1440×900 and 390×844', async () => {
    for (const [device, options] of [
      ['desktop', { viewport: DESKTOP }],
      ['phone', PHONE],
    ] as const) {
      for (const [page, pathname, loaded] of [
        ['stories', '/story', '[data-testid="story-card"] img'],
        ['tag', `/tag/${tag}`, '[data-testid="tag-media"] img'],
      ] as const) {
        await firstView(options, pathname, loaded, async (shown) => {
          // Every picture in view has arrived (the lazy ones below are not asked for).
          await expect.poll(() => shown.locator('img').evaluateAll((images) => images.filter((img) => img.getBoundingClientRect().top < innerHeight && !(img as HTMLImageElement).complete).length)).toBe(0);
          // The cards' entrance (masonry's card-in) is over: the shot shows them as they stay.
          await shown.evaluate(() => Promise.all(document.getAnimations().map((animation) => animation.finished)));
          console.log(await screenshot(shown, `issue-47-${page}-${device}`));
        });
      }
    }
  });
});
