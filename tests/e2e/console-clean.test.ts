import path from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DESKTOP } from '../support/browser';
import { repoRoot } from '../support/process';
import { productInChromium } from '../support/product-in-chromium';
import { settle, viewportShot } from '../support/screen';
import { acceptAgreement, signedInPage } from '../support/ui-sign-in';

const ASTRONAUT = path.join(repoRoot, 'tests/fixtures/faces/astronaut.png');

/** Everything the browser reports as an error: console errors (a failed request logs one) and answers of 400 and up. */
function collectErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(`console: ${message.text()} (${message.location().url})`);
  });
  page.on('pageerror', (error) => errors.push(`page: ${error.message}`));
  page.on('response', (response) => {
    if (response.status() >= 400) errors.push(`${response.status()} ${response.request().method()} ${new URL(response.url()).pathname}`);
  });
  return errors;
}

describe('no errors in the console in normal use (issue 41 §7)', () => {
  // The local engine, 3 s a run: the run is still processing when the page first checks it.
  const app = productInChromium({ LOCAL_PROVIDER_DELAY_MS: '3000' });

  it('a look picked with no photo, an upload, a run, its viewer, a variation there and a cancel that comes too late: not one error', async () => {
    const page = await signedInPage(app, 'console-clean', { viewport: DESKTOP });
    const errors = collectErrors(page);
    let runId = '';
    page.on('request', (request) => {
      if (request.url().includes('unified-generate') && !runId) runId = (JSON.parse(request.postData() ?? '{}') as { runId?: string }).runId ?? '';
    });

    // A look chosen before any photo: the composer shows its price only once there is one to quote.
    await page.goto(`${app.baseUrl}/bestpractices`);
    await page.getByRole('button', { name: /^Try this look: / }).first().click();
    await page.waitForURL(`${app.baseUrl}/`);
    const composer = page.getByRole('region', { name: 'Composer' });
    await composer.getByRole('button', { name: 'Generate' }).waitFor();
    await page.waitForLoadState('networkidle');

    // The photo, then Generate: the run is followed (the stream's first check, any poll) to its end.
    await page.getByTestId('composer-file-input').setInputFiles(ASTRONAUT);
    await acceptAgreement(page);
    await composer.getByTestId('composer-preview').waitFor();
    await page.getByRole('progressbar', { name: 'Uploading' }).waitFor({ state: 'detached', timeout: 150_000 });
    await composer.getByRole('button', { name: 'Generate' }).click();
    await page.waitForURL(`${app.baseUrl}/profile`);
    await page.getByText('Your media is ready').first().waitFor({ timeout: 60_000 });
    await page.locator('article.media-card[data-status="completed"]').first().getByRole('button', { name: /^Open/ }).click();
    const viewer = page.getByRole('dialog', { name: 'Media viewer' });
    await viewer.getByRole('button', { name: 'Download' }).waitFor();
    // The owner's viewer has the creator line at the top of its panel, as anyone's (it had a gap).
    const creatorLine = viewer.getByTestId('viewer-creator');
    await creatorLine.waitFor();
    const panelTop = (await viewer.getByRole('complementary', { name: 'Details' }).boundingBox())!.y;
    expect((await creatorLine.boundingBox())!.y - panelTop).toBeLessThan(100);

    // A variation from the viewer shows its progress there, as any run does on its card (it
    // showed nothing until its toast), and the line goes when it is done.
    await viewer.getByRole('button', { name: 'Variations' }).click();
    const dialog = page.getByRole('dialog', { name: 'Make a variation' });
    await dialog.getByRole('button', { name: /^Make Variation · \d+ credits$/ }).click();
    await dialog.waitFor({ state: 'detached' });
    const progress = viewer.getByRole('status').filter({ hasText: /^Variation: (Starting…|In queue|Generating)/ });
    await progress.waitFor({ timeout: 10_000 });
    await settle(page);
    await viewportShot(page, 'viewer-variation-progress-desktop');
    await progress.waitFor({ state: 'detached', timeout: 60_000 });

    // Cancel pressed a moment too late, as the card's button would send it.
    expect(runId).not.toBe('');
    const late = await page.evaluate(async (runId) => {
      const res = await fetch('/.netlify/functions/cancel-run', {
        method: 'POST',
        headers: { Authorization: `Bearer ${localStorage.getItem('auth_token')}`, 'Content-Type': 'application/json' },
        body: JSON.stringify({ runId }),
      });
      return { status: res.status, body: (await res.json()) as { status: string } };
    }, runId);
    expect(late).toMatchObject({ status: 200, body: { status: 'finished' } });

    await page.keyboard.press('Escape');
    await viewer.waitFor({ state: 'detached' });
    await page.waitForLoadState('networkidle');
    expect(errors).toEqual([]);
    await page.close();
  }, 300_000);
});
