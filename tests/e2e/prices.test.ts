import path from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DESKTOP, PHONE } from '../support/browser';
import { repoRoot } from '../support/process';
import { productInChromium } from '../support/product-in-chromium';
import { settle, uploadAstronaut, viewportShot } from '../support/screen';
import { signedInPage } from '../support/ui-sign-in';
import { countSubmits, openMode, uploadSelfie } from '../support/composer-ui';

const ASTRONAUT = path.join(repoRoot, 'tests/fixtures/faces/astronaut.png');

/**
 * The price before the tap that spends it (issue 41 §1), in Chromium on a desktop and a phone:
 * every look of a panel, the panel's header and Generate show the server's price before anything
 * is pressed, and with too few credits they say so and a tap submits nothing.
 */

const VIEWPORTS = [
  { label: 'desktop', options: { viewport: DESKTOP } },
  { label: 'mobile', options: { ...PHONE, isMobile: true, hasTouch: true } },
] as const;

async function tokenOf(page: Page): Promise<string> {
  return page.evaluate(() => localStorage.getItem('auth_token') ?? '');
}

/**
 * Spends credits through the API: runs that the (long-delayed) local engine keeps in progress for
 * the whole test, so what they reserved stays spent. 2 credits an image, 5 a video.
 */
async function spend(baseUrl: string, token: string, runs: { video: boolean }[]): Promise<void> {
  const photo = await uploadAstronaut(baseUrl, token);
  for (const [index, { video }] of runs.entries()) {
    const res = await fetch(`${baseUrl}/.netlify/functions/unified-generate`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({
        mode: 'custom',
        prompt: `A held portrait ${index}`,
        ...(video ? { enableVideo: true } : {}),
        sourceAssetId: photo.secure_url,
        sourceWidth: photo.width,
        sourceHeight: photo.height,
        runId: `held-${index}-${Date.now().toString(36)}`,
      }),
    });
    expect(res.status).toBe(202);
  }
}

async function balanceOf(baseUrl: string, token: string): Promise<number> {
  const res = await fetch(`${baseUrl}/.netlify/functions/getQuota`, { headers: { Authorization: `Bearer ${token}` } });
  return ((await res.json()) as { remaining: number }).remaining;
}

/** The price each look of the open panel shows, once every one shows one. */
async function lookPrices(page: Page, panel: string): Promise<string[]> {
  const looks = page.getByRole('menu', { name: `${panel} presets` }).getByRole('menuitemradio');
  await looks.first().waitFor();
  const count = await looks.count();
  await expect.poll(() => looks.getByTestId('look-price').count(), { timeout: 15_000 }).toBe(count);
  return looks.getByTestId('look-price').allTextContents();
}

describe('the price before the tap (issue 41 §1)', () => {
  // The local engine holds each run for ten minutes: the credits they reserved stay spent.
  const app = productInChromium({ GENERATION_PROVIDER: 'local', LOCAL_PROVIDER_DELAY_MS: '600000', WORKER_GENERATION_CONCURRENCY: '1' });

  for (const { label, options } of VIEWPORTS) {
    it(`at 16 credits (${label}): Story Time with 3 photos shows 15 on every look, its header and Generate before any tap`, async () => {
      const page = await signedInPage(app, `prices-16-${label}`, options);
      const token = await tokenOf(page);
      await spend(app.baseUrl, token, [{ video: false }, { video: false }]);
      expect(await balanceOf(app.baseUrl, token)).toBe(16);
      const submits = countSubmits(page);
      await uploadSelfie(page);

      // A look panel of an image mode: 2 on the header and on every look.
      await openMode(page, 'Unreal Reflection');
      const unreal = await lookPrices(page, 'Unreal Reflection');
      expect(unreal.length).toBeGreaterThan(1);
      expect(new Set(unreal)).toEqual(new Set(['2 credits']));
      await expect.poll(() => page.getByTestId('panel-price').textContent()).toBe('2 credits');
      await page.getByRole('button', { name: 'Close presets' }).click();

      // Story Time: per photo until there are three, then the quote of the three.
      await openMode(page, 'Story Time');
      await expect.poll(() => page.getByTestId('panel-price').textContent(), { timeout: 15_000 }).toBe('5 credits a photo');
      await page.locator('input[type=file][multiple]').setInputFiles([ASTRONAUT, ASTRONAUT]);
      await page.getByText('3/3 photos').waitFor({ timeout: 60_000 });
      const story = await lookPrices(page, 'Story Time');
      expect(story).toEqual(['15 credits', '15 credits', '15 credits']);
      await expect.poll(() => page.getByTestId('panel-price').textContent()).toBe('15 credits');
      // Generate prices what it would run now: the panel's look, not the composer's previous mode.
      const generate = page.getByRole('region', { name: 'Composer' }).getByRole('button', { name: 'Generate' });
      await expect.poll(() => generate.getByTestId('generate-cost').textContent()).toBe('15');
      expect(await page.getByTestId('panel-shortfall').count()).toBe(0);
      expect(submits()).toBe(0);
      await settle(page);
      await viewportShot(page, `prices-story-16-${label}`);
      await page.close();
    }, 300_000);

    it(`at 1 credit (${label}): the looks say why before a tap, and a tap submits nothing and says why`, async () => {
      const page = await signedInPage(app, `prices-1-${label}`, options);
      const token = await tokenOf(page);
      await spend(app.baseUrl, token, [{ video: true }, { video: true }, { video: true }, { video: false }, { video: false }]);
      expect(await balanceOf(app.baseUrl, token)).toBe(1);
      const submits = countSubmits(page);
      await uploadSelfie(page);

      await openMode(page, 'Unreal Reflection');
      expect(new Set(await lookPrices(page, 'Unreal Reflection'))).toEqual(new Set(['2 credits']));
      // Said before any tap, in the panel.
      const shortfall = page.getByTestId('panel-shortfall');
      await expect.poll(() => shortfall.textContent(), { timeout: 15_000 }).toBe('Unreal Reflection needs 2 credits — you have 1');
      await settle(page);
      await viewportShot(page, `prices-short-${label}`);

      const first = page.getByRole('menu', { name: 'Unreal Reflection presets' }).getByRole('menuitemradio').first();
      expect(await first.getAttribute('aria-disabled')).toBe('true');
      // aria-disabled: a person can still tap it (Playwright would wait for it to be enabled). The
      // sign-in and upload toasts still showing sit beside the panel, not over its looks.
      await first.click({ force: true });
      await page.getByRole('alert').filter({ hasText: 'No Credits' }).getByText('Unreal Reflection needs 2 credits — you have 1').waitFor();
      // Nothing submitted, nothing moved: the panel and the photo stay, the balance is whole.
      expect(submits()).toBe(0);
      expect(new URL(page.url()).pathname).toBe('/');
      await page.getByRole('menu', { name: 'Unreal Reflection presets' }).waitFor();
      await page.getByRole('region', { name: 'Composer' }).getByTestId('composer-preview').waitFor();
      expect(await balanceOf(app.baseUrl, token)).toBe(1);
      await page.close();
    }, 300_000);
  }
});
