import fs from 'node:fs';
import path from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DESKTOP, MOBILE, artifactsDir } from '../support/browser';
import { productInChromium } from '../support/product-in-chromium';
import { settle, submitAstronautRun } from '../support/screen';
import { newEmail, signInThroughUi } from '../support/ui-sign-in';

/**
 * Honesty about the engine: with no AI provider configured (the default config), the composer
 * says prompts are only approximated, and the viewer names the engine that made an image.
 */

const NOTE = 'Prompts are approximated by the local preview engine';

async function shot(page: Page, name: string): Promise<void> {
  fs.mkdirSync(artifactsDir, { recursive: true });
  await page.screenshot({ path: path.join(artifactsDir, `${name}.png`) });
}

/** One custom-prompt image rendered by the worker, for the signed-in person of `token`. */
async function generateOne(baseUrl: string, token: string): Promise<void> {
  await submitAstronautRun(baseUrl, token, 'A portrait in anime style', `engine-${Date.now().toString(36)}`);
  const deadline = Date.now() + 90_000;
  for (;;) {
    const library = await fetch(`${baseUrl}/.netlify/functions/getUserMedia?limit=10`, { headers: { Authorization: `Bearer ${token}` } });
    const { items } = (await library.json()) as { items: Array<{ status: string; metadata: Record<string, unknown> }> };
    if (items[0]?.status === 'completed') {
      expect(items[0].metadata.provider).toBe('local');
      return;
    }
    if (Date.now() > deadline) throw new Error('the image was not rendered within 90 s');
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}

describe('which engine makes the images', () => {
  const app = productInChromium({ LOCAL_PROVIDER_DELAY_MS: '300' });
  let person: BrowserContext;

  beforeAll(async () => {
    person = await app.browser.newContext({ viewport: DESKTOP });
    const page = await person.newPage();
    await signInThroughUi(page, app.baseUrl, newEmail('engine'));
    const token = await page.evaluate(() => localStorage.getItem('auth_token') ?? '');
    await generateOne(app.baseUrl, token);
    await page.close();
  }, 180_000);

  afterAll(async () => {
    await person?.close();
  });

  it('the app info names the local engine for every mode by default', async () => {
    const info = (await (await fetch(`${app.baseUrl}/.netlify/functions/get-app-info`)).json()) as { engines: Record<string, string> };
    expect(info.engines['custom-prompt']).toBe('local');
    expect(new Set(Object.values(info.engines))).toEqual(new Set(['local']));
  });

  for (const [name, viewport] of [
    ['desktop', DESKTOP],
    ['mobile', MOBILE],
  ] as const) {
    it(`the composer says prompts are approximated, once (${name})`, async () => {
      const page = await person.newPage();
      await page.setViewportSize(viewport);
      await page.goto(app.baseUrl);
      const note = page.getByText(NOTE);
      await note.waitFor();
      expect(await note.count()).toBe(1);
      await settle(page);
      await shot(page, `engine-composer-${name}`);
      await page.close();
    });

    it(`the viewer of a generated image says it was made by the local preview (${name})`, async () => {
      const page = await person.newPage();
      await page.setViewportSize(viewport);
      await page.goto(`${app.baseUrl}/profile?tab=all-media`);
      const cards = page.locator('article.media-card');
      await expect.poll(() => cards.count(), { timeout: 15_000 }).toBe(1);
      await cards.first().getByRole('button', { name: /^Open/ }).click();
      const viewer = page.getByRole('dialog', { name: 'Media viewer' });
      await viewer.waitFor();
      await settle(page);
      await shot(page, `engine-viewer-${name}`);
      await viewer.getByText('Made with').waitFor({ timeout: 5_000 });
      expect(await viewer.getByText('Local preview', { exact: true }).count()).toBe(1);
      await page.close();
    }, 120_000);
  }
});
