import fs from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DESKTOP, MOBILE, PHONE, screenshot } from '../support/browser';
import { repoRoot } from '../support/process';
import { closeViewer, scrollThroughPage } from '../support/screen';
import { productInChromium } from '../support/product-in-chromium';
import { AGREEMENT, newEmail, signedInPage, signInThroughApi } from '../support/ui-sign-in';

const ASTRONAUT = path.join(repoRoot, 'tests/fixtures/faces/astronaut.png');

async function post<T>(baseUrl: string, name: string, body: unknown, token?: string): Promise<{ status: number; body: T }> {
  const res = await fetch(`${baseUrl}/api/${name}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...(token ? { Authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as T };
}

/** Uploads the astronaut the way the composer does: sign, then the multipart upload. */
async function uploadAstronaut(baseUrl: string, token: string): Promise<{ secure_url: string; width: number; height: number }> {
  const signed = await post<{ timestamp: number; signature: string; apiKey: string; cloudName: string; folder: string }>(
    baseUrl,
    'cloudinary-sign',
    { folder: 'sources' },
    token,
  );
  const form = new FormData();
  form.set('timestamp', String(signed.body.timestamp));
  form.set('signature', signed.body.signature);
  form.set('api_key', signed.body.apiKey);
  form.set('folder', signed.body.folder);
  form.set('file', new Blob([fs.readFileSync(ASTRONAUT)], { type: 'image/png' }), 'astronaut.png');
  const res = await fetch(`${baseUrl}/v1_1/${signed.body.cloudName}/auto/upload`, { method: 'POST', body: form });
  if (res.status !== 200) throw new Error(`upload answered ${res.status}`);
  return (await res.json()) as { secure_url: string; width: number; height: number };
}

const PROMPTS = [
  'Neon-lit rain in Tokyo at midnight',
  'A golden hour portrait on a cliff by the sea',
  'Renaissance oil painting with dramatic light',
  'A dreamy pastel watercolour garden',
  'A vintage 70s film still with warm grain',
];

async function publicFeedSize(baseUrl: string): Promise<number> {
  const res = await fetch(`${baseUrl}/api/getPublicFeed?limit=100`);
  return ((await res.json()) as { items: unknown[] }).items.length;
}

/**
 * More than one page of public creations, made through the real api: a few accounts (20
 * credits each, 2 per image) upload once and ask for ten custom-prompt images each (made by the
 * instant engine: the feed is under test, not the images).
 */
async function seedFeed(baseUrl: string, atLeast: number): Promise<void> {
  const accounts = 6;
  await Promise.all(
    Array.from({ length: accounts }, async (_, index) => {
      const session = await signInThroughApi(baseUrl, newEmail(`seed-${index}`));
      const source = await uploadAstronaut(baseUrl, session.accessToken);
      const runs = Array.from({ length: 10 }, (_, run) =>
        post(
          baseUrl,
          'unified-generate',
          {
            mode: 'custom',
            prompt: PROMPTS[(index + run) % PROMPTS.length],
            sourceAssetId: source.secure_url,
            sourceWidth: source.width,
            sourceHeight: source.height,
            runId: `seed-${Date.now().toString(36)}-${index}-${run}`,
          },
          session.accessToken,
        ),
      );
      for (const answer of await Promise.all(runs)) expect(answer.status).toBe(202);
    }),
  );
  await expect.poll(() => publicFeedSize(baseUrl), { timeout: 150_000, interval: 250 }).toBeGreaterThanOrEqual(atLeast);
}

/** Lets the lazy tiles load before a full-page screenshot: down the page, then back up. */
async function settleImages(page: Page): Promise<void> {
  await scrollThroughPage(page, 700, 60);
  await page
    .waitForFunction(() => [...document.images].every((image) => image.complete), undefined, { timeout: 10_000 })
    .catch(() => {});
  await page.waitForTimeout(400);
}

describe('the home screen in Chromium', () => {
  // Unreal Reflection runs on the local engine (the viewer shows its likeness check), slowed so the
  // run in progress can be seen; the feed's custom-prompt seeds take the instant engine.
  const app = productInChromium({ LOCAL_PROVIDER_DELAY_MS: '1500', WORKER_GENERATION_CONCURRENCY: '6', GENERATION_PROVIDER_CUSTOM_PROMPT: 'instant' });

  for (const [name, viewport, destination] of [
    ['desktop', DESKTOP, '/profile'],
    ['mobile', MOBILE, '/gallery'],
  ] as const) {
    it(`lets a signed-in user upload, accept the agreement, pick an Unreal Reflection preset, open the result and like it (${name})`, async () => {
      const page = await signedInPage(app, `creator-${name}`, { viewport });

      // Choosing a file asks for the Media Upload Agreement first.
      await page.getByTestId('composer-file-input').setInputFiles(ASTRONAUT);
      const agreement = page.getByRole('dialog', { name: 'Media Upload Agreement' });
      await agreement.waitFor();
      const accept = agreement.getByRole('button', { name: 'Accept' });
      expect(await accept.isDisabled()).toBe(true);
      await agreement.getByText(AGREEMENT[0]!).click();
      expect(await accept.isDisabled()).toBe(true);
      await agreement.getByText(AGREEMENT[1]!).click();
      expect(await accept.isDisabled()).toBe(false);
      await screenshot(page, `home-agreement-${name}`);
      const recorded = page.waitForResponse((res) => res.url().endsWith('/upload-agreement'));
      await accept.click();
      expect((await recorded).status()).toBe(200);
      await agreement.waitFor({ state: 'detached' });

      // The composer shows the photo; Unreal Reflection's black panel lists its six presets.
      const composer = page.getByRole('region', { name: 'Composer' });
      await composer.getByTestId('composer-preview').waitFor();
      await composer.getByRole('button', { name: 'Unreal Reflection' }).click();
      const presets = page.getByRole('menu', { name: 'Unreal Reflection presets' });
      await presets.waitFor();
      expect(await presets.getByRole('menuitemradio').count()).toBe(6);
      // (An upload the server leaves unanswered is retried by the client after its 60 s timeout.)
      await page.getByRole('progressbar', { name: 'Uploading' }).waitFor({ state: 'detached', timeout: 150_000 });
      await page.waitForTimeout(300);
      await screenshot(page, `home-composer-presets-${name}`);

      // Picking one closes the panel, starts the run and moves to the profile (or the gallery on a phone).
      const submitted = page.waitForRequest((req) => req.url().endsWith('/unified-generate'));
      await presets.getByRole('menuitemradio', { name: /The Syndicate/ }).click();
      const body = JSON.parse((await submitted).postData() ?? '{}') as Record<string, unknown>;
      expect(body).toMatchObject({ mode: 'unrealreflection', unrealReflectionPresetId: 'unreal_reflection_syndicate' });
      expect(String(body.sourceAssetId)).toMatch(/^https?:\/\//);
      await page.waitForURL(`${app.baseUrl}${destination}`);
      // The profile button wears the spinner ring while the run goes on.
      await page.locator('[data-generating]').filter({ visible: true }).first().waitFor();

      // Polling brings the result: the ready toast opens it in the viewer.
      await page.getByText('Your media is ready').click({ timeout: 60_000 });
      const viewer = page.getByRole('dialog', { name: 'Media viewer' });
      await viewer.waitFor();
      await viewer.getByText('Unreal Reflection').first().waitFor();
      await viewer.getByText(/Identity match \d\.\d\d · threshold 0\.75 · \d+ attempts?/).waitFor();
      await expect.poll(() => viewer.locator('img, video').first().evaluate((el) => (el instanceof HTMLImageElement ? el.complete : true))).toBe(true);

      const liked = page.waitForResponse((res) => res.url().endsWith('/toggleLike'));
      await viewer.getByRole('button', { name: /^Like/ }).click();
      expect((await liked).status()).toBe(200);
      await expect.poll(() => viewer.getByTestId('like-count').textContent()).toBe('1');
      expect(await viewer.getByRole('button', { name: /^Unlike/ }).getAttribute('aria-pressed')).toBe('true');
      await screenshot(page, `home-viewer-${name}`);

      // The like is the server's too.
      const token = await page.evaluate(() => localStorage.getItem('auth_token'));
      const likes = await fetch(`${app.baseUrl}/api/getUserLikes`, { headers: { Authorization: `Bearer ${token}` } });
      expect(((await likes.json()) as { count: number }).count).toBe(1);

      await closeViewer(page, viewer);
      await page.close();
    }, 240_000);
  }

  it('lets a visitor scroll the feed through two pages, filter it, and sends them to sign up or /auth for gated actions', async () => {
    await seedFeed(app.baseUrl, 52);

    const page = await app.browser.newPage({ viewport: DESKTOP });
    const feedCalls: string[] = [];
    page.on('request', (req) => {
      if (req.url().includes('/getPublicFeed')) feedCalls.push(req.url());
    });
    // The second page answers a moment late, so its loading line can be seen.
    await page.route(/getPublicFeed\?.*cursor=/, async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 900));
      await route.continue();
    });

    // The app's own first load of the feed (a query string: the server draws only the plain /).
    const started = Date.now();
    await page.goto(`${app.baseUrl}/?sort=new`);
    const skeleton = page.getByTestId('feed-skeleton');
    // Counted in the page as it renders: on a busy machine a count after waitFor() may come too late.
    const cellWidths = await page.waitForFunction(() =>
      document.querySelectorAll('[data-testid="feed-skeleton"] .feed-skeleton__row').length === 6
        ? [...document.querySelectorAll('[data-testid="feed-skeleton"] .feed-skeleton__cell')].map((cell) => Math.round(cell.getBoundingClientRect().width))
        : null,
    );
    // Every placeholder is as wide as the grid's column, whatever its height.
    expect(new Set(await cellWidths.jsonValue()).size).toBe(1);
    await skeleton.waitFor({ state: 'detached' });
    expect(Date.now() - started).toBeGreaterThanOrEqual(1_200);
    const tiles = page.getByTestId('feed-item');
    await expect.poll(() => tiles.count()).toBe(50);
    expect(await page.getByTestId('feed-grid').locator('.feed-grid__column').count()).toBe(3);

    // The last item near the viewport asks for the next page, by cursor.
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    await page.getByText('Loading more masterpieces...').waitFor();
    await expect.poll(() => tiles.count(), { timeout: 15_000 }).toBeGreaterThan(50);
    expect(feedCalls.some((url) => /cursor=/.test(url))).toBe(true);
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    await page.getByText("You've reached the end of the feed").waitFor();

    await settleImages(page);
    await screenshot(page, 'home-desktop');

    // A preset tag filters the feed; 'clear' shows everything again.
    await page.getByRole('button', { name: 'Filter by Custom Prompt' }).first().click();
    await page.getByText('Filtering by Custom Prompt').waitFor();
    expect(new URL(page.url()).searchParams.get('type')).toBe('custom_prompt');
    await page.getByRole('button', { name: 'clear' }).click();
    await page.getByText('Filtering by Custom Prompt').waitFor({ state: 'detached' });

    // Uploading asks a visitor to sign up.
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.getByRole('button', { name: 'Upload a photo' }).click();
    const prompt = page.getByRole('dialog', { name: 'Upload Photos' });
    await prompt.waitFor();
    await prompt.getByText('Free to sign up • No credit card required').waitFor();
    expect(await prompt.getByRole('listitem').count()).toBe(3);
    await prompt.getByRole('button', { name: 'Sign Up Free' }).waitFor();
    await screenshot(page, 'home-signup-prompt-desktop');
    await prompt.getByRole('button', { name: 'Continue Browsing' }).click();
    await prompt.waitFor({ state: 'detached' });

    // A like shows a visitor the sign-up prompt over the viewer; Sign Up Free goes to /auth.
    await tiles.first().getByRole('button', { name: /^Open/ }).click();
    const viewer = page.getByRole('dialog', { name: 'Media viewer' });
    await viewer.waitFor();
    await viewer.getByRole('button', { name: 'Next' }).click();
    await viewer.getByText(/^2 \/ \d+$/).waitFor();
    await viewer.getByRole('button', { name: 'Previous' }).click();
    await viewer.getByRole('button', { name: 'Previous' }).click();
    await viewer.getByText(/^(\d+) \/ \1$/).waitFor();
    await viewer.getByRole('button', { name: /^Like/ }).click();
    const saveFavorites = page.getByRole('dialog', { name: 'Save Favorites' });
    await saveFavorites.waitFor();
    // The viewer keeps the creation's page in the address (issue 27).
    expect(new URL(page.url()).pathname).toMatch(/^\/m\/[0-9a-f-]{36}$/);
    await saveFavorites.getByRole('button', { name: 'Sign Up Free' }).click();
    await page.waitForURL(`${app.baseUrl}/auth`);
    await page.close();
  }, 240_000);

  it('shows the single-column feed and the sign-up prompt on a phone', async () => {
    const page = await app.browser.newPage({ ...PHONE });
    await page.goto(app.baseUrl);
    const tiles = page.getByTestId('feed-item');
    await expect.poll(() => tiles.count(), { timeout: 15_000 }).toBe(50);
    expect(await page.getByTestId('feed-grid').locator('.feed-grid__column').count()).toBe(1);
    await page.getByRole('navigation', { name: 'Mobile' }).getByRole('link', { name: 'Login' }).waitFor();
    await page.getByText('Tap to Edit').waitFor();
    await page.waitForTimeout(600);
    await screenshot(page, 'home-mobile');

    // The feed's last line fits the phone's width on one line.
    const end = page.getByText("You've reached the end of the feed");
    await expect
      .poll(async () => {
        await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
        return end.count();
      }, { timeout: 30_000 })
      .toBe(1);
    const lineHeight = await end.evaluate((element) => parseFloat(getComputedStyle(element).lineHeight) || parseFloat(getComputedStyle(element).fontSize) * 1.5);
    const box = (await end.boundingBox())!;
    expect(box.height - 16).toBeLessThan(lineHeight * 1.5);
    await page.evaluate(() => window.scrollTo(0, 0));

    // A visitor's mode button asks them to sign up for the AI filters.
    await page.getByText('Tap to Edit').click();
    await page.getByText('Hide Options').waitFor();
    await page.getByRole('region', { name: 'Composer' }).getByRole('button', { name: 'Studio' }).click();
    const prompt = page.getByRole('dialog', { name: 'Access AI Filters' });
    await prompt.waitFor();
    await page.waitForTimeout(300);
    await screenshot(page, 'home-signup-prompt-mobile');
    await prompt.getByRole('button', { name: 'Sign Up Free' }).click();
    await page.waitForURL(`${app.baseUrl}/auth`);
    await page.close();
  });
});
