import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { DESKTOP, PHONE, screenshot } from '../support/browser';
import { productInChromium } from '../support/product-in-chromium';
import { settle, smallTapTargets, submitAstronautRun, viewportShot } from '../support/screen';
import { signedInPage } from '../support/ui-sign-in';
import { until } from '../support/wait';

/**
 * Collections (issue 46) in Chromium, at 1440×900 and 390×844: a person makes a collection in the
 * profile's Collections tab, adds a creation from the viewer's "Add to collection" menu, makes the
 * collection public, and a signed-out visitor opens /c/<id> and sees the creation. Screenshots of
 * the menu, the tab and the page go to artifacts/screenshots/collections-*.png.
 */
const PROMPT = 'A neon greenhouse at night, orchids glowing';

async function publicFeedIds(baseUrl: string): Promise<string[]> {
  const res = await fetch(`${baseUrl}/api/getPublicFeed?limit=100`);
  return ((await res.json()) as { items: Array<{ id: string }> }).items.map((item) => item.id);
}

describe('collections: make one, add from the viewer, share its page', () => {
  const app = productInChromium({ GENERATION_PROVIDER: 'instant' });
  let creator: Page;
  let mediaId = '';

  beforeAll(async () => {
    // Someone else's public creation: the one the collector adds.
    creator = await signedInPage(app, 'maker', { viewport: DESKTOP });
    const token = await creator.evaluate(() => localStorage.getItem('auth_token') ?? '');
    await submitAstronautRun(app.baseUrl, token, PROMPT, `collect-${Date.now().toString(36)}`);
    mediaId = (await until(() => publicFeedIds(app.baseUrl), (ids) => ids.length === 1, 120_000, 'the creation in the public feed', 250))[0]!;
  }, 180_000);

  afterAll(async () => {
    await creator?.close();
  });

  for (const [label, device] of [
    ['desktop', { viewport: DESKTOP }],
    ['mobile', PHONE],
  ] as const) {
    it(`at ${label} size`, async () => {
      const page = await signedInPage(app, `collector-${label}`, device);
      const name = `Neon nights ${label}`;

      // Make it (private) in the profile's Collections tab.
      await page.goto(`${app.baseUrl}/profile?tab=collections`);
      const form = page.getByRole('form', { name: 'New collection' });
      await form.getByLabel('New collection name').fill(name);
      await form.getByRole('button', { name: 'Create' }).click();
      const card = page.getByTestId('collection-card').filter({ hasText: name });
      await card.getByText('Private · 0 creations').waitFor();
      const href = (await card.getByTestId('collection-card-name').getAttribute('href'))!;
      expect(href).toMatch(/^\/c\/[0-9a-f-]{36}$/);

      // Add the creation from the viewer's menu: the tick follows the server.
      await page.goto(`${app.baseUrl}/m/${mediaId}`);
      const viewer = page.getByRole('dialog', { name: 'Media viewer' });
      await viewer.waitFor();
      await viewer.getByRole('button', { name: 'Add to collection' }).click();
      const menu = viewer.getByTestId('collection-menu');
      const entry = menu.getByRole('menuitemcheckbox', { name: new RegExp(name) });
      await expect.poll(() => entry.getAttribute('aria-checked')).toBe('false');
      await entry.click();
      await expect.poll(() => entry.getAttribute('aria-checked')).toBe('true');
      // "New collection…" makes one (private) that holds the item at once.
      await menu.getByRole('button', { name: 'New collection…' }).click();
      await menu.getByLabel('Collection name').fill(`Made here ${label}`);
      await menu.getByRole('button', { name: 'Create' }).click();
      const made = menu.getByRole('menuitemcheckbox', { name: new RegExp(`Made here ${label}`) });
      await expect.poll(() => made.getAttribute('aria-checked')).toBe('true');
      await menu.getByRole('button', { name: 'New collection…' }).waitFor();
      await entry.scrollIntoViewIfNeeded();
      await settle(page);
      // The viewer is fixed over the page: what is on screen is the whole of it.
      await viewportShot(page, `collections-viewer-menu-${label}`);

      // Back in the tab: one creation; make it public with its switch.
      await page.goto(`${app.baseUrl}/profile?tab=collections`);
      await card.getByText('Private · 1 creation').waitFor();
      await card.getByRole('switch', { name: 'Public' }).click();
      await card.getByText('Public · 1 creation').waitFor();
      await card.locator('img').first().waitFor();
      await settle(page);
      // From the top: a full-page shot of a scrolled page draws the fixed bars where the window was.
      await page.evaluate(() => window.scrollTo(0, 0));
      await screenshot(page, `collections-profile-tab-${label}`);

      // A visitor who never signed in opens its page and sees the creation.
      const visitor = await app.browser.newPage(device);
      await visitor.goto(`${app.baseUrl}${href}`);
      await visitor.getByTestId('collection-name').filter({ hasText: name }).waitFor();
      await visitor.getByTestId('collection-grid').locator(`[data-testid="feed-item"][data-media-id="${mediaId}"]`).waitFor();
      expect(await visitor.getByTestId('collection-count').textContent()).toBe('1 creation');
      // The owner's name links to their page.
      expect(await visitor.getByTestId('collection-owner').getAttribute('href')).toMatch(/^\/u\/[a-z0-9_.]+$/);
      await settle(visitor);
      if (label === 'mobile') expect(await smallTapTargets(visitor)).toEqual([]);
      await screenshot(visitor, `collections-page-${label}`);

      // Made private again: the visitor's next visit is the not-found screen.
      await page.getByTestId('collection-card').filter({ hasText: name }).getByRole('switch', { name: 'Public' }).click();
      await card.getByText('Private · 1 creation').waitFor();
      await visitor.goto(`${app.baseUrl}${href}`);
      await visitor.getByText('Collection not found', { exact: true }).waitFor();
      await visitor.close();

      // The one made in the viewer: renamed in place, then deleted after the confirmation.
      const other = page.getByTestId('collection-card').filter({ hasText: `Made here ${label}` });
      await other.getByRole('button', { name: 'Rename' }).click();
      const renaming = page.getByRole('form', { name: `Rename Made here ${label}` });
      await renaming.getByLabel('Name').fill(`Renamed ${label}`);
      await renaming.getByRole('button', { name: 'Save' }).click();
      const renamed = page.getByTestId('collection-card').filter({ hasText: `Renamed ${label}` });
      await renamed.getByTestId('collection-card-name').waitFor();
      await renamed.getByRole('button', { name: 'Delete' }).click();
      await page.getByRole('alertdialog', { name: `Delete “Renamed ${label}”?` }).getByRole('button', { name: 'Delete', exact: true }).click();
      await renamed.waitFor({ state: 'detached' });
      expect(await page.getByTestId('collection-card').count()).toBe(1);
      await page.close();
    });
  }
});

