import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DESKTOP, PHONE, screenshot } from '../support/browser';
import { productInChromium } from '../support/product-in-chromium';
import { settle, submitAstronautRun, viewportShot } from '../support/screen';
import { type ApiSession, newEmail, signedInPage, signInThroughApi } from '../support/ui-sign-in';
import { until } from '../support/wait';

/**
 * Follow and the Following feed (issue 46) in Chromium, at 1440×900 and 390×844: a person follows
 * a creator from their page (/u/<username>), the count moves by the server's answer, and the
 * Following choice of the feed shows that creator's next creation. Before that, the empty
 * Following feed suggests the creator (their creation is trending). Screenshots go to
 * artifacts/screenshots/follows-*.png.
 */
const suffix = Date.now().toString(36).slice(-6);
const USERNAME = `cara_${suffix}`;

interface Item {
  id: string;
}

const post = (baseUrl: string, name: string, token: string, body: unknown) =>
  fetch(`${baseUrl}/api/${name}`, { method: 'POST', headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' }, body: JSON.stringify(body) });

/** The creator's public items, newest first. */
async function creationsOf(baseUrl: string, userId: string): Promise<string[]> {
  const res = await fetch(`${baseUrl}/api/getPublicFeed?creator=${userId}`);
  return ((await res.json()) as { items: Item[] }).items.map((item) => item.id);
}

/** A new public creation of `cara`'s, waited for until the public feed has it; answers its id. */
async function newCreation(baseUrl: string, cara: ApiSession, prompt: string): Promise<string> {
  const before = await creationsOf(baseUrl, cara.user.id);
  await submitAstronautRun(baseUrl, cara.accessToken, prompt, `follows-${suffix}-${before.length}`);
  const after = await until(() => creationsOf(baseUrl, cara.user.id), (ids) => ids.length > before.length, 120_000, 'the new creation in the public feed', 250);
  return after[0]!;
}

/** The number in a count chip ("3 followers"). */
async function countIn(page: Page, testId: string): Promise<number> {
  return Number(((await page.getByTestId(testId).textContent()) ?? '').replace(/[^\d]/g, ''));
}

describe('follows: follow from a creator page, read the Following feed', () => {
  const app = productInChromium({ GENERATION_PROVIDER: 'instant' });
  let cara: ApiSession;

  beforeAll(async () => {
    cara = await signInThroughApi(app.baseUrl, newEmail('cara'));
    expect((await post(app.baseUrl, 'update-profile', cara.accessToken, { name: 'Cara Moss', username: USERNAME })).status).toBe(200);
    const first = await newCreation(app.baseUrl, cara, 'A lighthouse keeper in a storm, oil painting');
    // Liked by someone, it is trending: the empty Following feed suggests its creator.
    const fan = await signInThroughApi(app.baseUrl, newEmail('fan'));
    expect((await post(app.baseUrl, 'toggleLike', fan.accessToken, { mediaId: first })).status).toBe(200);
  }, 180_000);

  it('asks a visitor to sign up when they press Follow', async () => {
    const visitor = await app.browser.newPage({ viewport: DESKTOP });
    await visitor.goto(`${app.baseUrl}/u/${USERNAME}`);
    await visitor.getByTestId('follow-button').click();
    await visitor.getByRole('dialog', { name: 'Follow Creators' }).waitFor();
    await visitor.close();
  });

  const pages: Page[] = [];
  afterAll(async () => {
    for (const page of pages) await page.close();
  });

  for (const [label, device] of [
    ['desktop', { viewport: DESKTOP }],
    ['mobile', PHONE],
  ] as const) {
    it(`at ${label} size: follow on /u/<username>, then their next creation is in Following`, async () => {
      const page = await signedInPage(app, `follower-${label}`, device);
      pages.push(page);

      // The Following feed, empty: the creator of what is trending is suggested, with Follow.
      await page.getByRole('radio', { name: 'Following' }).check();
      await page.waitForURL(`${app.baseUrl}/?feed=following`);
      await page.getByTestId('following-empty').getByTestId('follow-suggestion').filter({ hasText: `@${USERNAME}` }).waitFor();
      // Loaded from its address too (and without the sign-in's toasts over it, for the pictures).
      await page.reload();
      const empty = page.getByTestId('following-empty');
      await empty.getByTestId('follow-suggestion').filter({ hasText: `@${USERNAME}` }).waitFor();
      await settle(page);
      await screenshot(page, `follows-following-empty-${label}`);
      // A phone's full-page picture draws the fixed composer and tab bar over the middle: this one is what the eye sees there.
      await page.locator('#feed-title').evaluate((title) => title.scrollIntoView({ block: 'start' }));
      await settle(page);
      await viewportShot(page, `follows-following-empty-${label}-screen`);

      // Their page: Follow, and the count the server answers.
      await page.goto(`${app.baseUrl}/u/${USERNAME}`);
      const button = page.getByTestId('follow-button');
      await expect.poll(() => button.getAttribute('aria-pressed')).toBe('false');
      const before = await countIn(page, 'creator-followers');
      await button.click();
      await expect.poll(() => button.getAttribute('aria-pressed')).toBe('true');
      expect(await button.textContent()).toBe('Following');
      await expect.poll(() => countIn(page, 'creator-followers')).toBe(before + 1);
      await page.getByTestId('creator-grid').getByTestId('feed-item').first().waitFor();
      await settle(page);
      await screenshot(page, `follows-creator-page-${label}`);

      // Reloaded, the page says so from the server.
      await page.reload();
      await expect.poll(() => page.getByTestId('follow-button').getAttribute('aria-pressed')).toBe('true');
      expect(await countIn(page, 'creator-followers')).toBe(before + 1);

      // The viewer opened from their page says Following beside them too.
      await page.getByTestId('creator-grid').getByTestId('feed-item').first().getByRole('button', { name: /^Open / }).click();
      const viewer = page.getByRole('dialog', { name: 'Media viewer' });
      await expect.poll(() => viewer.getByTestId('viewer-creator').getByTestId('follow-button').getAttribute('aria-pressed')).toBe('true');
      await settle(page);
      await viewportShot(page, `follows-viewer-${label}`);
      await page.keyboard.press('Escape');
      await viewer.waitFor({ state: 'detached' });

      // Their next creation, in the Following feed.
      const next = await newCreation(app.baseUrl, cara, `A fox in a snowy forest at dawn (${label})`);
      await page.goto(`${app.baseUrl}/?feed=following`);
      const grid = page.getByTestId('feed-grid');
      await grid.locator(`[data-media-id="${next}"]`).waitFor({ timeout: 30_000 });
      expect(await page.getByRole('radio', { name: 'Following' }).isChecked()).toBe(true);
      const shown = await grid.getByTestId('feed-item').evaluateAll((tiles) => tiles.map((tile) => tile.getAttribute('data-media-id')));
      expect(shown).toEqual(await creationsOf(app.baseUrl, cara.user.id));
      await settle(page);
      await screenshot(page, `follows-following-feed-${label}`);
      await page.locator('#feed-title').evaluate((title) => title.scrollIntoView({ block: 'start' }));
      await settle(page);
      await viewportShot(page, `follows-following-feed-${label}-screen`);
    });
  }
});
