import path from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DESKTOP, PHONE, screenshot } from '../support/browser';
import { repoRoot } from '../support/process';
import { productInChromium } from '../support/product-in-chromium';
import { settle, uploadAstronaut, viewportShot } from '../support/screen';
import { acceptAgreement, newEmail, signedInPage, signInThroughUi } from '../support/ui-sign-in';

const ASTRONAUT = path.join(repoRoot, 'tests/fixtures/faces/astronaut.png');

/**
 * Live runs (issue 16) as a person sees them: a run's card says where it waits and what it
 * does as it happens, it can be canceled, and with the event stream blocked the spec's polling
 * still brings the run home.
 */

async function tokenOf(page: Page): Promise<string> {
  return page.evaluate(() => localStorage.getItem('auth_token') ?? '');
}

/** Runs started through the API, ahead of the browser's: one renders, the next waits. */
async function occupyWorker(baseUrl: string, token: string, count: number): Promise<void> {
  const uploaded = await uploadAstronaut(baseUrl, token);
  for (let i = 0; i < count; i += 1) {
    const res = await fetch(`${baseUrl}/.netlify/functions/unified-generate`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({
        mode: 'custom',
        prompt: `A portrait in watercolour ${i}`,
        sourceAssetId: uploaded.secure_url,
        sourceWidth: uploaded.width,
        sourceHeight: uploaded.height,
        runId: `ahead-${i}-${Date.now().toString(36)}`,
      }),
    });
    expect(res.status).toBe(202);
  }
}

/**
 * The composer's upload, the prompt, Generate: what a person does on /. `beforeGenerate` runs once
 * the upload is done, right before the click (runs put ahead then are still queued however long
 * the upload took on a busy machine).
 */
async function generateFromComposer(page: Page, prompt: string, agree: boolean, beforeGenerate?: () => Promise<void>): Promise<void> {
  await page.getByTestId('composer-file-input').setInputFiles(ASTRONAUT);
  if (agree) await acceptAgreement(page);
  const composer = page.getByRole('region', { name: 'Composer' });
  await composer.getByTestId('composer-preview').waitFor();
  await page.getByRole('progressbar', { name: 'Uploading' }).waitFor({ state: 'detached', timeout: 150_000 });
  await composer.getByLabel('Prompt', { exact: true }).fill(prompt);
  await beforeGenerate?.();
  await composer.getByRole('button', { name: 'Generate' }).click();
}

/** Counts the browser's polls of getMediaByRunId. */
function countPolls(page: Page): () => number {
  let polls = 0;
  page.on('request', (request) => {
    if (request.url().includes('getMediaByRunId')) polls += 1;
  });
  return () => polls;
}

describe('live runs in Chromium', () => {
  // One render at a time, each taking 4 s: runs started together wait in the queue.
  const app = productInChromium({ LOCAL_PROVIDER_DELAY_MS: '4000', WORKER_GENERATION_CONCURRENCY: '1' });

  it("a run's card goes from its place in the queue to generating to done, live; its receipt is in the viewer and the Credits tab", async () => {
    const page = await signedInPage(app, 'live-desktop', { viewport: DESKTOP });
    const polls = countPolls(page);
    const token = await tokenOf(page);
    await generateFromComposer(page, 'Me as a lighthouse keeper', true, () => occupyWorker(app.baseUrl, token, 2));
    await page.waitForURL(`${app.baseUrl}/profile`);

    const card = page.locator('.media-card.is-pending');
    await card.getByText(/^In queue · \d+ ahead/).waitFor({ timeout: 20_000 });
    await settle(page);
    await screenshot(page, 'live-run-queued-desktop');
    await card.getByText(/^(Generating|Checking likeness)/).waitFor({ timeout: 30_000 });
    await screenshot(page, 'live-run-generating-desktop');

    await page.getByText('Your media is ready').waitFor({ timeout: 60_000 });
    await expect.poll(() => page.locator('.media-card.is-pending').count(), { timeout: 10_000 }).toBe(0);
    // Followed by the stream: at most the one check made when it opened, no 5 s polling.
    expect(polls()).toBeLessThanOrEqual(1);

    // The new item's receipt, under its identity score in the viewer.
    await page.locator('.media-card').filter({ hasText: 'lighthouse keeper' }).getByRole('button', { name: /^Open / }).click();
    const viewer = page.getByRole('dialog', { name: 'Media viewer' });
    const receipt = viewer.getByRole('region', { name: 'Receipt' });
    await receipt.getByText('2 reserved · 2 charged · 0 refunded').waitFor({ timeout: 15_000 });
    await settle(page);
    await screenshot(page, 'live-run-viewer-receipt-desktop');
    await viewer.getByRole('button', { name: 'Close viewer' }).click();
    // Closing goes back from the creation's address (/m/<id>) to the screen it was opened over.
    await page.waitForURL((url) => !url.pathname.startsWith('/m/'));

    // The Credits tab lists the ledger; a run's entry opens its receipt.
    await page.goto(`${app.baseUrl}/profile?tab=tokens`);
    const history = page.getByRole('region', { name: 'History' });
    await history.getByText('Welcome credits').waitFor();
    expect(await history.getByText('Generation', { exact: true }).count()).toBeGreaterThanOrEqual(3);
    await settle(page);
    await screenshot(page, 'live-run-tokens-ledger-desktop');
    await history.getByRole('button', { name: 'Receipt' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Receipt' });
    await dialog.getByText(/reserved · \d+ charged/).waitFor();
    await settle(page);
    await viewportShot(page, 'live-run-receipt-dialog-desktop');

    await page.close();
  }, 300_000);

  it('cancels a waiting run from its card: refunded, and the card says so', async () => {
    const page = await signedInPage(app, 'live-cancel', { viewport: DESKTOP });
    const token = await tokenOf(page);
    await generateFromComposer(page, 'Me as a mountain guide', true, () => occupyWorker(app.baseUrl, token, 2));
    await page.waitForURL(`${app.baseUrl}/profile`);
    const card = page.locator('.media-card.is-pending');
    await card.getByText(/^In queue/).waitFor({ timeout: 20_000 });
    await card.getByRole('button', { name: 'Cancel' }).click();
    await page.locator('.media-card').getByText('Canceled · 2 credits refunded').waitFor({ timeout: 15_000 });
    // The card's caption agrees with its overlay: the person canceled it, nothing failed.
    const canceled = page.locator('.media-card').filter({ hasText: 'Canceled · 2 credits refunded' });
    expect(await canceled.locator('.media-card__meta').innerText()).toBe('Canceled');
    await settle(page);
    await screenshot(page, 'live-run-canceled-desktop');
    // Two runs charged, the canceled one refunded: 20 − 2 − 2.
    await expect.poll(() => page.getByTestId('token-balance').textContent(), { timeout: 10_000 }).toBe('16');

    // Retry: its price on the button before the tap; the same card runs again, is followed live
    // and ends with the new image.
    const retry = page.locator('.media-card').getByRole('button', { name: 'Retry' });
    expect(await retry.innerText()).toBe('Retry · 2 credits');
    await retry.click();
    await page.locator('.media-card.is-pending').getByText(/^(In queue|Generating|Checking likeness)/).waitFor({ timeout: 20_000 });
    await page.getByText('Your media is ready').waitFor({ timeout: 60_000 });
    await expect.poll(() => page.locator('.media-card.is-pending').count(), { timeout: 10_000 }).toBe(0);
    await page.locator('.media-card').filter({ hasText: 'mountain guide' }).first().waitFor();
    // Charged again for the retry: 20 − 2 − 2 − 2.
    await expect.poll(() => page.getByTestId('token-balance').textContent(), { timeout: 10_000 }).toBe('14');
    await page.close();
  }, 300_000);

  it("shows the live state in the phone's 'Creating Your Media'", async () => {
    const page = await signedInPage(app, 'live-mobile', { ...PHONE, isMobile: true, hasTouch: true });
    const token = await tokenOf(page);
    await generateFromComposer(page, 'Me as a deep sea diver', true, () => occupyWorker(app.baseUrl, token, 1));
    await page.waitForURL(`${app.baseUrl}/gallery`);
    const overlay = page.getByRole('status').filter({ hasText: 'Creating Your Media' });
    await overlay.getByText(/^In queue/).waitFor({ timeout: 20_000 });
    await overlay.getByRole('button', { name: 'Cancel' }).waitFor();
    await settle(page);
    await viewportShot(page, 'live-run-overlay-mobile');
    await overlay.getByText(/^(Generating|Checking likeness)/).waitFor({ timeout: 30_000 });
    await overlay.getByRole('button', { name: 'Keep Browsing' }).click();
    await viewportShot(page, 'live-run-gallery-card-mobile');
    // The library's reload after the run is held back: what the card and the viewer show comes
    // with the run's end, as it does on a slow connection.
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/getUserMedia**', async (route) => {
      await held;
      await route.continue();
    });
    await page.getByText('Your media is ready').waitFor({ timeout: 60_000 });

    // On the phone too: the receipt in the viewer (a phone's /profile is its gallery).
    await expect.poll(() => page.locator('.media-card.is-pending').count(), { timeout: 10_000 }).toBe(0);
    await page.locator('.media-card').filter({ hasText: 'deep sea diver' }).getByRole('button', { name: /^Open / }).click();
    const viewer = page.getByRole('dialog', { name: 'Media viewer' });
    await viewer.getByRole('region', { name: 'Receipt' }).getByText('2 reserved · 2 charged · 0 refunded').waitFor({ timeout: 15_000 });
    // The newest creation is the first: it does not move when the reload comes in.
    expect(await viewer.getByText('1 / 2').count()).toBe(1);
    release();
    await viewer.getByRole('region', { name: 'Receipt' }).scrollIntoViewIfNeeded();
    await settle(page);
    await viewportShot(page, 'live-run-viewer-receipt-mobile');
    await page.close();
  }, 300_000);

  it('still completes by polling with the event stream blocked', async () => {
    const page = await app.browser.newPage({ viewport: DESKTOP });
    await page.route('**/run-events**', (route) => route.abort());
    await signInThroughUi(page, app.baseUrl, newEmail('live-blocked'));
    const polls = countPolls(page);
    await generateFromComposer(page, 'Me as a tram driver', true);
    await page.waitForURL(`${app.baseUrl}/profile`);
    await page.getByText('Your media is ready').waitFor({ timeout: 90_000 });
    await expect.poll(() => page.locator('.media-card.is-pending').count(), { timeout: 10_000 }).toBe(0);
    expect(polls()).toBeGreaterThanOrEqual(1);
    await page.close();
  }, 300_000);
});
