import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { DESKTOP } from '../support/browser';
import { repoRoot } from '../support/process';
import { productInChromium } from '../support/product-in-chromium';
import { uploadImage } from '../support/screen';
import { signedInPage } from '../support/ui-sign-in';

/** Issue 28, item 4: a remix of an item made with a catalogue look selects that look. */
describe('remix in Chromium', () => {
  const app = productInChromium({ GENERATION_PROVIDER: 'instant' });

  it('remixes a Story Time item as its look, not as its engine prompt pasted into Custom Prompt', async () => {
    const page = await signedInPage(app, 'remix', { viewport: DESKTOP });
    const token = await page.evaluate(() => localStorage.getItem('auth_token') ?? '');
    // Story Time takes at least three photos.
    const [first, ...others] = await Promise.all(
      ['astronaut.png', 'grace_hopper.jpg', 'camera.png'].map((name) => uploadImage(app.baseUrl, token, fs.readFileSync(path.join(repoRoot, 'tests/fixtures/faces', name)))),
    );
    const submitted = await fetch(`${app.baseUrl}/api/unified-generate`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ mode: 'storytime', storyTimePresetId: 'story_time_cinematic', sourceAssetId: first!.secure_url, additionalImages: others.map((o) => o.secure_url), runId: `remix-${Date.now().toString(36)}` }),
    });
    expect(submitted.status, await submitted.clone().text()).toBe(202);

    // Once it is in the feed: open it, Remix.
    await expect
      .poll(async () => ((await (await fetch(`${app.baseUrl}/api/getPublicFeed?limit=10`)).json()) as { items: unknown[] }).items.length, { timeout: 120_000 })
      .toBe(1);
    await page.goto(app.baseUrl);
    await page.getByTestId('feed-item').first().getByRole('button', { name: /^Open/ }).click();
    const viewer = page.getByRole('dialog', { name: 'Media viewer' });
    await viewer.locator('.viewer__actions').getByRole('button', { name: 'Remix' }).click();
    await viewer.waitFor({ state: 'detached' });

    // The composer is on Story Time with the Cinematic look, and the prompt holds no engine text.
    const composer = page.getByRole('region', { name: 'Composer' });
    await expect.poll(() => composer.locator('.composer__mode').textContent()).toBe('Story Time · Cinematic');
    expect(await composer.locator('textarea').count()).toBe(0);
    await page.close();
  });
});
