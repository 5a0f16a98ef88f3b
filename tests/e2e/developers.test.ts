import fs from 'node:fs';
import path from 'node:path';
import { API_KEY_PATTERN, API_KEY_PREFIX_LENGTH } from '@app/shared/api/api-keys';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DESKTOP, PHONE } from '../support/browser';
import { productInChromium } from '../support/product-in-chromium';
import { settle } from '../support/screen';
import { newEmail, signInThroughUi } from '../support/ui-sign-in';
import { startWebhookReceiver, type WebhookReceiver } from '../support/webhook-receiver';

/**
 * Issue 45's screens in Chromium: the profile's Developers tab (make an API key, see it once, use
 * it, revoke it; a delivery of a run's webhook listed; the signing secret revealed and rotated)
 * and the public API guide at /developers, on a laptop and a phone.
 */

const SHOTS = '/tmp/dev-shots';

async function shot(page: Page, name: string): Promise<void> {
  fs.mkdirSync(SHOTS, { recursive: true });
  await settle(page);
  // From the top: a full-page shot of a scrolled page draws the fixed top bar where the window was.
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.waitForFunction(() => window.scrollY === 0);
  await page.screenshot({ path: path.join(SHOTS, `${name}.png`), fullPage: true });
}

/** getQuota as a program calls it with `key`: the status. */
async function quotaStatus(baseUrl: string, key: string): Promise<number> {
  return (await fetch(`${baseUrl}/api/getQuota`, { headers: { Authorization: `Bearer ${key}` } })).status;
}

/** Whether the page is wider than its window (something overflows sideways). */
const overflowsSideways = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);

/** Buttons and button-like links smaller than a finger (44 px) on the page. */
const smallButtons = (page: Page) =>
  page.evaluate(() =>
    Array.from(document.querySelectorAll<HTMLElement>('main button, main .button, main a.chip'))
      .filter((element) => element.getBoundingClientRect().height > 0 && !element.closest('.visually-hidden'))
      .filter((element) => element.getBoundingClientRect().height < 44 || element.getBoundingClientRect().width < 44)
      .map((element) => element.textContent?.trim() ?? ''),
  );

/** What the browser reports as an error (console errors, uncaught errors, answers of 400 and up), as console-clean.test.ts collects it. */
function collectErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(`console: ${message.text()}`);
  });
  page.on('pageerror', (error) => errors.push(`page: ${error.message}`));
  page.on('response', (response) => {
    if (response.status() >= 400) errors.push(`${response.status()} ${response.request().method()} ${new URL(response.url()).pathname}`);
  });
  return errors;
}

/** Elements with an aria-label and no role to carry it (accessible-names.test.ts): screen readers ignore those. */
const labelledWithoutRole = (page: Page) =>
  page.evaluate(() => Array.from(document.querySelectorAll('span[aria-label]:not([role]), p[aria-label]:not([role]), code[aria-label]:not([role])'), (element) => element.outerHTML.slice(0, 80)));

describe('the Developers tab and the API guide (issue 45)', () => {
  const app = productInChromium({ GENERATION_PROVIDER: 'instant', WEBHOOK_ALLOW_PRIVATE: 'true', WEBHOOK_RETRY_BASE_MS: '200' });
  let receiver: WebhookReceiver;
  let context: BrowserContext;
  let page: Page;
  /** The signed-in page's errors, from sign-in on: none is expected in any of these flows. */
  let errors: string[] = [];

  beforeAll(async () => {
    receiver = await startWebhookReceiver();
    context = await app.browser.newContext({ viewport: DESKTOP });
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: app.baseUrl });
    page = await context.newPage();
    await signInThroughUi(page, app.baseUrl, newEmail('developer'));
    errors = collectErrors(page);
  });

  afterAll(async () => {
    await context?.close();
    await receiver?.close();
  });

  it('makes a key shown once, which works until it is revoked through the dialog; lists its run’s webhook delivery', async () => {
    await page.goto(`${app.baseUrl}/profile?tab=developers`);
    await page.waitForFunction(() => document.title.startsWith('Developers · My Profile'));
    const sidebar = page.getByRole('navigation', { name: 'Profile sections' });
    expect(await sidebar.getByRole('link', { name: 'Developers' }).getAttribute('aria-current')).toBe('page');
    const tab = page.getByRole('region', { name: 'Developers' });
    await tab.getByText('No keys yet', { exact: false }).waitFor();
    await tab.getByText('No deliveries yet').waitFor();
    expect(await tab.getByRole('link', { name: 'API guide' }).getAttribute('href')).toBe('/developers');

    // A name is needed, and the server's own refusal is shown as it says it.
    await tab.getByLabel('Name').fill('   ');
    await tab.getByRole('button', { name: 'Create Key' }).click();
    await tab.getByRole('alert').getByText('give the key a name of 1 to 60 characters').waitFor();

    // Both scopes, each with what it allows.
    await tab.getByLabel('Name').fill('Render script');
    for (const scope of ['generate', 'read']) {
      const box = tab.getByRole('checkbox', { name: scope, exact: true });
      await box.check();
      expect(await box.isChecked()).toBe(true);
    }
    await tab.getByText('Start generations and get their price', { exact: false }).waitFor();
    await tab.getByRole('button', { name: 'Create Key' }).click();

    // Shown once, in a field, with Copy.
    const field = tab.getByLabel('Your new API key: Render script');
    await field.waitFor();
    const key = await field.inputValue();
    expect(key).toMatch(API_KEY_PATTERN);
    await tab.getByText('Copy it now: it will not be shown again.').waitFor();
    await tab.getByRole('button', { name: 'Copy the key' }).click();
    await tab.getByRole('button', { name: 'Copied the key' }).waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(key);
    await shot(page, 'profile-developers-new-key-desktop');

    // The key works, and the list shows its first characters and scopes, never the key.
    expect(await quotaStatus(app.baseUrl, key)).toBe(200);
    const row = tab.getByRole('list', { name: 'Your API keys' }).getByRole('listitem').filter({ hasText: 'Render script' });
    await row.getByText(`${key.slice(0, API_KEY_PREFIX_LENGTH)}…`, { exact: true }).waitFor();
    expect(await row.textContent()).toContain('generate');
    expect(await row.textContent()).toContain('read');
    expect(await row.textContent()).not.toContain(key);

    // A run submitted with the key and a webhookUrl: its end is POSTed (a 500 first, then a 200).
    receiver.script('/hook', [500]);
    const runId = `dev-e2e-${Date.now().toString(36)}`;
    const submitted = await fetch(`${app.baseUrl}/api/unified-generate`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${key}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ mode: 'custom', prompt: 'A lighthouse on a cliff at dusk', runId, webhookUrl: `${receiver.origin}/hook` }),
    });
    expect(submitted.status).toBe(202);
    await expect.poll(() => receiver.at('/hook').filter((r) => r.answered === 200).length, { timeout: 60_000, interval: 200 }).toBe(1);
    await tab.getByRole('button', { name: 'Refresh' }).click();
    const delivery = tab.getByRole('list', { name: 'Recent deliveries' }).getByRole('listitem').filter({ hasText: runId });
    await delivery.waitFor();
    await delivery.locator('.tone-pill--success').getByText('delivered', { exact: true }).waitFor();
    expect(await delivery.innerText()).toMatch(/run\.done · 2 attempts · /);

    // Last used shows once the key was used (read again with the page).
    await expect
      .poll(
        async () => {
          await page.reload();
          return row.getByText('Last used never').count();
        },
        { timeout: 20_000, interval: 1000 },
      )
      .toBe(0);
    // A fresh visit (a reload comes back to where the page was scrolled) for the picture.
    await page.goto(`${app.baseUrl}/profile?tab=developers`);
    await delivery.waitFor();
    await shot(page, 'profile-developers-desktop');
    expect(await labelledWithoutRole(page)).toEqual([]);

    // Revoke asks first; then the same key is refused.
    await row.getByRole('button', { name: 'Revoke Render script' }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Revoke this key?' });
    await dialog.getByText('stops working at once', { exact: false }).waitFor();
    await dialog.getByRole('button', { name: 'Revoke Key' }).click();
    await dialog.waitFor({ state: 'detached' });
    await row.waitFor({ state: 'detached' });
    expect(await quotaStatus(app.baseUrl, key)).toBe(401);
    expect(errors).toEqual([]);
  }, 240_000);

  it('hides the webhook secret until Reveal, and Rotate (after its warning) shows a new one', async () => {
    await page.goto(`${app.baseUrl}/profile?tab=developers`);
    const tab = page.getByRole('region', { name: 'Developers' });
    const secret = tab.getByLabel('Signing secret');
    await tab.getByRole('button', { name: 'Reveal' }).waitFor();
    await expect.poll(() => tab.getByRole('button', { name: 'Reveal' }).isEnabled()).toBe(true);
    expect(await secret.inputValue()).toMatch(/^whsec_•+$/);

    await tab.getByRole('button', { name: 'Reveal' }).click();
    const first = await secret.inputValue();
    expect(first).toMatch(/^whsec_[A-Za-z0-9+/=]{20,}$/);
    await tab.getByRole('button', { name: 'Copy the signing secret' }).click();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(first);

    await tab.getByRole('button', { name: 'Rotate' }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Rotate the signing secret?' });
    await dialog.getByText('Deliveries signed with the old secret stop verifying', { exact: false }).waitFor();
    await dialog.getByRole('button', { name: 'Rotate Secret' }).click();
    await dialog.waitFor({ state: 'detached' });
    await expect.poll(() => secret.inputValue()).not.toBe(first);
    const rotated = await secret.inputValue();
    expect(rotated).toMatch(/^whsec_[A-Za-z0-9+/=]{20,}$/);

    // The server holds the new one; Hide masks it again.
    const token = await page.evaluate(() => localStorage.getItem('auth_token') ?? '');
    const held = (await (await fetch(`${app.baseUrl}/api/get-webhook-secret`, { headers: { Authorization: `Bearer ${token}` } })).json()) as { secret: string };
    expect(held.secret).toBe(rotated);
    await tab.getByRole('button', { name: 'Hide' }).click();
    expect(await secret.inputValue()).toMatch(/^whsec_•+$/);

    // A narrow laptop window.
    await page.setViewportSize({ width: 800, height: 900 });
    expect(await overflowsSideways(page)).toBe(false);
    await shot(page, 'profile-developers-800');
    await page.setViewportSize(DESKTOP);
  }, 120_000);

  it('keeps a phone on the Developers tab (other profile tabs send it to the gallery): keys have no other home there', async () => {
    const phone = await app.browser.newPage(PHONE);
    await signInThroughUi(phone, app.baseUrl, newEmail('developer-phone'));
    await phone.goto(`${app.baseUrl}/profile?tab=developers`);
    // The guard shows a page it sends away from only under its overlay, never on first load: the form proves it stays.
    await phone.getByRole('button', { name: 'Create Key' }).waitFor();
    expect(new URL(phone.url()).pathname).toBe('/profile');
    expect(await overflowsSideways(phone)).toBe(false);
    await shot(phone, 'profile-developers-phone');
    await phone.close();
  }, 120_000);

  it('the API guide: scopes, curl examples on this origin with Copy, the webhook check and the OpenAPI document', async () => {
    await page.goto(`${app.baseUrl}/developers`);
    await page.getByRole('heading', { level: 1, name: 'Build on Mirrorverse' }).waitFor();
    await page.waitForFunction(() => document.title === 'Build on Mirrorverse · Mirrorverse');

    const code = (await page.locator('pre').allInnerTexts()).join('\n');
    for (const expected of [
      `curl -X POST ${app.baseUrl}/api/unified-generate`,
      'Authorization: Bearer $MIRRORVERSE_API_KEY',
      '"mode": "custom",\n    "prompt": "',
      `${app.baseUrl}/api/getMediaByRunId?runId=`,
      `curl -N ${app.baseUrl}/api/run-events`,
      '"webhookUrl": "https://',
      `${app.baseUrl}/api/getQuota`,
      "import { Webhook } from 'standardwebhooks'",
      'webhook.verify(req.body, req.headers)',
    ]) {
      expect(code).toContain(expected);
    }
    for (const header of ['webhook-id', 'webhook-timestamp', 'webhook-signature']) await page.getByText(header, { exact: true }).waitFor();
    await page.getByText('retried with backoff', { exact: false }).waitFor();
    await page.getByText('Start generations and get their price', { exact: false }).waitFor();

    // Copy puts the example, with this origin, on the clipboard.
    await page.getByRole('button', { name: 'Copy the submit example' }).click();
    await page.getByRole('button', { name: 'Copied the submit example' }).waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toContain(`${app.baseUrl}/api/unified-generate`);

    // Signed in, the way to a key is the profile's tab; the OpenAPI document is served.
    expect(await page.getByRole('link', { name: 'Make a key' }).first().getAttribute('href')).toBe('/profile?tab=developers');
    const openapi = page.getByRole('link', { name: 'the OpenAPI 3.1 document' });
    expect(await openapi.getAttribute('href')).toBe('/api/openapi.json');
    const contract = (await (await fetch(`${app.baseUrl}/api/openapi.json`)).json()) as { openapi: string };
    expect(contract.openapi).toMatch(/^3\.1/);
    expect(await overflowsSideways(page)).toBe(false);
    await shot(page, 'developers-desktop');
    expect(await labelledWithoutRole(page)).toEqual([]);
    expect(errors).toEqual([]);

    // A visitor is asked to sign in first; on a phone nothing runs off the side and every button takes a finger.
    const visitor = await app.browser.newPage(PHONE);
    await visitor.goto(`${app.baseUrl}/developers`);
    await visitor.getByRole('heading', { level: 1, name: 'Build on Mirrorverse' }).waitFor();
    expect(await visitor.getByRole('link', { name: 'Sign in to make a key' }).first().getAttribute('href')).toBe('/auth');
    expect(await visitor.locator('pre').nth(1).innerText()).toContain(`${app.baseUrl}/api/unified-generate`);
    expect(await overflowsSideways(visitor)).toBe(false);
    expect(await smallButtons(visitor)).toEqual([]);
    await shot(visitor, 'developers-phone');
    await visitor.close();
  }, 120_000);
});
