import path from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { artifactsDir, DESKTOP, PHONE, screenshot } from '../support/browser';
import { productInChromium } from '../support/product-in-chromium';
import { settle, uploadAstronaut, viewportShot } from '../support/screen';
import { signedInPage } from '../support/ui-sign-in';
import { uploadSelfie } from '../support/composer-ui';

/**
 * The library right after a look is tapped (issue 41 item 3), on a desktop (/profile) and a phone
 * (/gallery), with the library's answer held back as on a slow connection: the run just paid for
 * is on screen from the first paint, earlier creations never leave it, "0 creations" is never
 * said while there is one, and Download All / Delete All wait until something is listed.
 */

const VIEWPORTS = [
  { label: 'desktop', options: { viewport: DESKTOP }, runsPage: '/profile' },
  { label: 'mobile', options: { ...PHONE, isMobile: true, hasTouch: true }, runsPage: '/gallery' },
] as const;

/** What the library shows in one frame (recorded in the page on every animation frame). */
interface Frame {
  /** Cards of the run just started, named by its look. */
  running: number;
  /** Cards of finished creations. */
  finished: number;
  /** Placeholders sit above the run's card (it is pushed down, off a phone's screen). */
  runUnderPlaceholders: boolean;
  zeroCreations: boolean;
  noMedia: boolean;
  /** Download All or Delete All can be pressed. */
  bulkEnabled: boolean;
}

declare global {
  interface Window {
    /** The library's frames since the look was tapped, each different from the one before. */
    libraryFrames?: Frame[];
  }
}

/** Records, from now on, every different state the library is painted in (no page load in between). */
async function recordLibraryFrames(page: Page, look: string): Promise<void> {
  await page.evaluate((lookName) => {
    const frames: Frame[] = [];
    window.libraryFrames = frames;
    let last = '';
    const record = () => {
      const root = /^\/(profile|gallery)$/.test(location.pathname) ? document.querySelector('section.library, .page.gallery') : null;
      if (root) {
        const cards = Array.from(root.querySelectorAll('article.media-card'));
        const text = (root as HTMLElement).innerText;
        const buttons = Array.from(root.querySelectorAll('button')).filter((b) => ['Download All', 'Delete All'].includes(b.textContent?.trim() ?? ''));
        const runs = cards.filter((card) => card.classList.contains('is-pending') && card.textContent?.includes(lookName));
        const runTop = runs[0]?.getBoundingClientRect().top ?? Number.NEGATIVE_INFINITY;
        const frame: Frame = {
          running: runs.length,
          runUnderPlaceholders: Array.from(root.querySelectorAll('.skeleton-card')).some((placeholder) => placeholder.getBoundingClientRect().top < runTop - 1),
          finished: cards.filter((card) => !card.classList.contains('is-pending')).length,
          zeroCreations: /\b0 creations\b/.test(text),
          noMedia: text.includes('No media yet'),
          bulkEnabled: buttons.some((button) => !(button as HTMLButtonElement).disabled && button.getAttribute('aria-disabled') !== 'true'),
        };
        const key = JSON.stringify(frame);
        if (key !== last) frames.push(frame);
        last = key;
      }
      requestAnimationFrame(record);
    };
    requestAnimationFrame(record);
  }, look);
}

const framesOf = (page: Page) => page.evaluate(() => window.libraryFrames ?? []);

/**
 * Holds back every answer of getUserMedia until `release`: each is read from the server when asked
 * (what the list was then) and delivered only once released, as a slow connection does.
 */
async function holdLibrary(page: Page): Promise<{ release: () => void }> {
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/getUserMedia**', async (route) => {
    try {
      const response = await route.fetch();
      await held;
      await route.fulfill({ response });
    } catch {
      // The page dropped the request (a refetch replaced it).
    }
  });
  return { release };
}

/** Taps The Syndicate in the composer's Unreal Reflection menu (the More menu on a phone). */
async function tapTheSyndicate(page: Page): Promise<void> {
  const composer = page.getByRole('region', { name: 'Composer' });
  const direct = composer.getByRole('group', { name: 'Modes' }).getByRole('button', { name: 'Unreal Reflection', exact: true });
  if ((await direct.count()) > 0 && (await direct.isVisible())) await direct.click();
  else {
    await composer.getByRole('button', { name: 'More', exact: true }).click();
    await page.getByRole('menuitem', { name: /Unreal Reflection/ }).click();
  }
  await page.getByRole('menu', { name: 'Unreal Reflection presets' }).getByRole('menuitemradio', { name: /The Syndicate/ }).click();
}

/** Two finished creations, made through the api on the instant engine. */
async function seedTwoCreations(baseUrl: string, token: string): Promise<void> {
  const uploaded = await uploadAstronaut(baseUrl, token);
  const headers = { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' };
  const runIds = [0, 1].map((i) => `earlier-${i}-${Date.now().toString(36)}`);
  for (const [i, runId] of runIds.entries()) {
    const res = await fetch(`${baseUrl}/.netlify/functions/unified-generate`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ mode: 'custom', prompt: `An earlier portrait ${i}`, sourceAssetId: uploaded.secure_url, sourceWidth: uploaded.width, sourceHeight: uploaded.height, runId }),
    });
    expect(res.status).toBe(202);
  }
  for (const runId of runIds) {
    await expect
      .poll(async () => (await fetch(`${baseUrl}/.netlify/functions/getMediaByRunId?runId=${runId}`, { headers })).status, { timeout: 60_000, interval: 500 })
      .toBe(200);
  }
}

/**
 * A finished card's top bar under the pointer (issue 41 item 7): its look chip and public globe
 * and its hover actions each keep their own room, none drawn over another.
 */
async function checkCardTopBar(page: Page, look: string): Promise<void> {
  const card = page.locator('article.media-card:not(.is-pending)').filter({ hasText: look });
  await card.locator('.media-chip--icon').first().waitFor();
  await card.hover();
  const actions = card.locator('.media-card__actions');
  await expect.poll(() => actions.evaluate((element) => getComputedStyle(element).opacity)).toBe('1');
  await card.screenshot({ path: path.join(artifactsDir, 'library-card-top-bar-hover-desktop.png') });
  const boxes = await card.evaluate((element) => {
    const box = (el: Element) => {
      const r = el.getBoundingClientRect();
      return { left: r.left, right: r.right, top: r.top, bottom: r.bottom };
    };
    return {
      frame: box(element.querySelector('.media-card__frame')!),
      chips: Array.from(element.querySelectorAll('.media-chip')).map(box),
      buttons: Array.from(element.querySelectorAll('.media-card__actions > *')).map(box),
    };
  });
  type Box = (typeof boxes.frame);
  const overlap = (a: Box, b: Box) => a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;
  expect(boxes.buttons.length).toBe(3);
  // The look, the public globe and the likeness score.
  expect(boxes.chips.length).toBeGreaterThanOrEqual(3);
  for (const chip of boxes.chips) {
    expect(boxes.buttons.filter((button) => overlap(chip, button)), 'a chip under a hover action').toEqual([]);
    expect(chip.left >= boxes.frame.left && chip.right <= boxes.frame.right, 'a chip inside its picture').toBe(true);
  }
}

describe('the library after a look is tapped, with its answer held back (issue 41)', () => {
  // Earlier creations render at once; a look renders on the local engine in 4 s.
  const app = productInChromium({ GENERATION_PROVIDER: 'instant', GENERATION_PROVIDER_UNREAL_REFLECTION: 'local', LOCAL_PROVIDER_DELAY_MS: '4000' });

  for (const { label, options, runsPage } of VIEWPORTS) {
    it(`a new account (${label}): the run's card at first paint, never "0 creations", bulk actions off while nothing is listed`, async () => {
      const page = await signedInPage(app, `first-paint-${label}`, options);
      await uploadSelfie(page);
      const library = await holdLibrary(page);
      await recordLibraryFrames(page, 'The Syndicate');
      await tapTheSyndicate(page);
      await page.waitForURL(`${app.baseUrl}${runsPage}`);
      const card = page.locator('article.media-card.is-pending').filter({ hasText: 'The Syndicate' });
      await card.waitFor();
      if (label === 'desktop') {
        // The run's price as charged, on its card; nothing listed yet, so nothing to download or delete.
        await card.getByText('In progress · 2 credits').waitFor({ timeout: 15_000 });
        expect(await page.getByRole('button', { name: 'Download All' }).isDisabled()).toBe(true);
        expect(await page.getByRole('button', { name: 'Delete All' }).isDisabled()).toBe(true);
        await settle(page);
        await screenshot(page, `library-held-new-account-${label}`);
      } else {
        await page.getByRole('button', { name: 'Keep Browsing' }).click();
        await settle(page);
        await viewportShot(page, `library-held-new-account-${label}`);
      }

      // The held answers come in (the list as it was before the run had media): the count has the run.
      library.release();
      if (label === 'desktop') await page.getByText(/^1 creation · /).waitFor({ timeout: 15_000 });
      await page.getByText('Your media is ready').waitFor({ timeout: 60_000 });
      await expect.poll(() => page.locator('article.media-card:not(.is-pending)').count(), { timeout: 15_000 }).toBe(1);

      const frames = await framesOf(page);
      expect(frames.length).toBeGreaterThan(0);
      expect(frames[0]!.running, 'the run is on the first paint of the library').toBe(1);
      expect(frames.filter((frame) => frame.zeroCreations)).toEqual([]);
      expect(frames.filter((frame) => frame.noMedia)).toEqual([]);
      expect(frames.filter((frame) => frame.bulkEnabled && frame.finished === 0)).toEqual([]);
      expect(frames.filter((frame) => frame.running === 0 && frame.finished === 0)).toEqual([]);
      expect(frames.filter((frame) => frame.runUnderPlaceholders)).toEqual([]);
      await page.close();
    }, 300_000);

    it(`an account with 2 creations (${label}): they stay on screen while the new run's card appears and the list reloads`, async () => {
      const page = await signedInPage(app, `keep-earlier-${label}`, options);
      const token = await page.evaluate(() => localStorage.getItem('auth_token') ?? '');
      await seedTwoCreations(app.baseUrl, token);
      // The app opened afresh on / (nothing of the library in memory), a photo, a look.
      await page.goto(`${app.baseUrl}/`);
      await uploadSelfie(page);

      const library = await holdLibrary(page);
      await recordLibraryFrames(page, 'The Syndicate');
      await tapTheSyndicate(page);
      await page.waitForURL(`${app.baseUrl}${runsPage}`);
      await page.locator('article.media-card.is-pending').filter({ hasText: 'The Syndicate' }).waitFor();
      if (label === 'desktop') {
        await page.getByText(/^3 creations · /).waitFor();
        await settle(page);
        await screenshot(page, `library-held-two-earlier-${label}`);
      } else {
        await page.getByRole('button', { name: 'Keep Browsing' }).click();
        // The tucked-away progress pill covers nothing of the gallery's header (title, balance, buttons).
        const pill = await page.getByRole('button', { name: 'Show progress: Creating Your Media' }).boundingBox();
        const header = await page.locator('.gallery-header').boundingBox();
        expect(pill!.y >= header!.y + header!.height || pill!.y + pill!.height <= header!.y).toBe(true);
        await settle(page);
        await viewportShot(page, `library-held-two-earlier-${label}`);
      }

      library.release();
      await page.getByText('Your media is ready').waitFor({ timeout: 60_000 });
      await expect.poll(() => page.locator('article.media-card:not(.is-pending)').count(), { timeout: 15_000 }).toBe(3);
      const frames = await framesOf(page);
      expect(frames[0]!.running, 'the run is on the first paint of the library').toBe(1);
      expect(frames.filter((frame) => frame.finished < 2)).toEqual([]);
      expect(frames.filter((frame) => frame.zeroCreations || frame.noMedia || frame.runUnderPlaceholders)).toEqual([]);
      if (label === 'desktop') await checkCardTopBar(page, 'The Syndicate');
      await page.close();
    }, 300_000);
  }
});
