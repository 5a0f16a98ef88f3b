import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DESKTOP } from '../support/browser';
import { productInChromium } from '../support/product-in-chromium';
import { closeViewer, uploadAstronaut } from '../support/screen';
import { signedInPage } from '../support/ui-sign-in';

/**
 * Issue 41 §7, accessibility: a control's name contains what it shows (a like button showing "3"
 * is not named "Like (3 likes)", whose words hold no "3"), and no aria-label sits on an element
 * with no role to carry it (a plain span), where screen readers ignore it.
 */

/** The accessible name of `control`, as Chromium's accessibility tree has it. */
async function accessibleName(control: Locator): Promise<string> {
  const snapshot = await control.ariaSnapshot();
  return /^- \w+ "((?:[^"\\]|\\.)*)"/.exec(snapshot)?.[1] ?? '';
}

/** Like buttons whose name's words do not include the count they show, as "name ≠ shown". */
async function likeNamesWithoutTheirText(page: Page): Promise<string[]> {
  const mismatched: string[] = [];
  for (const button of await page.locator('button.like-button').all()) {
    if (!(await button.isVisible())) continue;
    const shown = (await button.getByTestId('like-count').innerText()).trim();
    const name = await accessibleName(button);
    if (!name.split(/\s+/).some((word) => word.replace(/[,;:]$/, '') === shown)) mismatched.push(`"${name}" ≠ "${shown}"`);
  }
  return mismatched;
}

/** Elements with an aria-label and no role that would name them (span, div, p… with no role attribute). */
async function labelledWithoutRole(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    Array.from(document.querySelectorAll('span[aria-label]:not([role]), b[aria-label]:not([role]), i[aria-label]:not([role]), p[aria-label]:not([role])')).map(
      (element) => `<${element.tagName.toLowerCase()} class="${element.className}" aria-label="${element.getAttribute('aria-label')}">`,
    ),
  );
}

describe('accessible names (issue 41 §7)', () => {
  const app = productInChromium({ GENERATION_PROVIDER: 'instant' });

  it('like buttons are named with the count they show, and no plain span carries an aria-label (home, viewer, tag page, composer)', async () => {
    const page = await signedInPage(app, 'a11y', { viewport: DESKTOP });
    const token = await page.evaluate(() => localStorage.getItem('auth_token') ?? '');
    const uploaded = await uploadAstronaut(app.baseUrl, token);
    const headers = { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' };
    const runId = `a11y-${Date.now().toString(36)}`;
    const body = { mode: 'custom', prompt: 'A portrait in oils', sourceAssetId: uploaded.secure_url, sourceWidth: uploaded.width, sourceHeight: uploaded.height, runId };
    expect((await fetch(`${app.baseUrl}/.netlify/functions/unified-generate`, { method: 'POST', headers, body: JSON.stringify(body) })).status).toBe(202);
    await expect
      .poll(async () => (await fetch(`${app.baseUrl}/.netlify/functions/getMediaByRunId?runId=${runId}`, { headers })).status, { timeout: 60_000, interval: 300 })
      .toBe(200);

    const problems: string[] = [];
    await page.goto(`${app.baseUrl}/`);
    await page.locator('button.like-button').first().waitFor({ timeout: 20_000 });
    await page.getByRole('region', { name: 'Composer' }).waitFor();
    problems.push(...(await likeNamesWithoutTheirText(page)).map((text) => `home: ${text}`));
    problems.push(...(await labelledWithoutRole(page)).map((text) => `home: ${text}`));

    await page.locator('.feed-tile').first().click();
    const viewer = page.getByRole('dialog', { name: 'Media viewer' });
    await viewer.locator('button.like-button').waitFor();
    problems.push(...(await likeNamesWithoutTheirText(page)).map((text) => `viewer: ${text}`));
    problems.push(...(await labelledWithoutRole(page)).map((text) => `viewer: ${text}`));
    await closeViewer(page, viewer);

    await page.goto(`${app.baseUrl}/tag/oils`);
    await page.locator('.tag-tile__likes').first().waitFor({ timeout: 20_000 });
    problems.push(...(await labelledWithoutRole(page)).map((text) => `tag page: ${text}`));
    expect(problems).toEqual([]);

    // The like button still says what it does and whether it is on.
    await page.goto(`${app.baseUrl}/`);
    const like = page.locator('button.like-button').first();
    await like.waitFor({ timeout: 20_000 });
    expect(await accessibleName(like)).toBe('Like, 0 likes');
    await like.click();
    await expect.poll(() => accessibleName(like)).toBe('Unlike, 1 like');
    expect(await like.getAttribute('aria-pressed')).toBe('true');
    await page.close();
  }, 300_000);
});
