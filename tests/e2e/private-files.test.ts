import fs from 'node:fs';
import JSZip from 'jszip';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { DESKTOP, PHONE, screenshot } from '../support/browser';
import { productInChromium } from '../support/product-in-chromium';
import { settle, submitAstronautRun } from '../support/screen';
import { signedInPage } from '../support/ui-sign-in';

interface LibraryItem {
  id: string;
  isPublic: boolean;
  finalUrl: string;
  thumbnailUrl: string;
}

/**
 * Issue 42 item 5 in the browser: the owner's private creation, whose files answer strangers 404,
 * still shows in her library and viewer (signed addresses; <img> carries no session), downloads
 * and zips; a visitor's browser loading the same file without the signature gets nothing.
 */
describe('a private creation in its owner’s library', () => {
  const app = productInChromium({ GENERATION_PROVIDER: 'instant' });
  let page: Page;
  let token: string;
  let item: LibraryItem;

  const call = async <T>(name: string, init: { body?: unknown; query?: string } = {}): Promise<T> => {
    const res = await fetch(`${app.baseUrl}/api/${name}${init.query ?? ''}`, {
      method: init.body === undefined ? 'GET' : 'POST',
      headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
      ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
    });
    expect(res.status, name).toBe(200);
    return (await res.json()) as T;
  };

  beforeAll(async () => {
    page = await signedInPage(app, 'private-owner', { viewport: DESKTOP, acceptDownloads: true });
    token = await page.evaluate(() => localStorage.getItem('auth_token') ?? '');
    const me = await call<{ id: string }>('get-user-profile');
    await submitAstronautRun(app.baseUrl, token, 'A lighthouse keeper at dawn', `private-${Date.now().toString(36)}`);
    const library = () => call<{ items: LibraryItem[] }>('getUserMedia', { query: `?userId=${me.id}&limit=10&offset=0` });
    const deadline = Date.now() + 90_000;
    while ((await library()).items.length === 0) {
      if (Date.now() > deadline) throw new Error('the creation did not reach the library within 90 s');
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    item = (await library()).items[0]!;
    await call('share-media', { body: { mediaId: item.id, isPublic: false } });
  }, 180_000);

  /** Whether every picture of the page's cards has loaded (a 404 leaves naturalWidth 0). */
  const cardImagesLoaded = (target: Page) =>
    target.locator('article.media-card img').evaluateAll((images) => images.length > 0 && images.every((img) => (img as HTMLImageElement).naturalWidth > 0));

  it('shows the private item in the library and its viewer, downloads it and zips it; the unsigned file answers a visitor 404', async () => {
    await page.goto(`${app.baseUrl}/profile?tab=all-media`);
    const card = page.locator(`article.media-card[data-media-id="${item.id}"]`);
    await card.waitFor();
    await settle(page);
    expect(await cardImagesLoaded(page)).toBe(true);
    // Not marked Public, and its picture comes from a signed address.
    expect(await card.locator('img').first().evaluate((img) => (img as HTMLImageElement).currentSrc)).toMatch(/[?&]sig=/);
    await screenshot(page, 'private-library-desktop');

    await card.getByRole('button', { name: /^Open/ }).click();
    const viewer = page.getByRole('dialog', { name: 'Media viewer' });
    await viewer.waitFor();
    await settle(page);
    expect(await viewer.locator('img').evaluateAll((images) => images.some((img) => (img as HTMLImageElement).naturalWidth > 0))).toBe(true);
    await screenshot(page, 'private-viewer-desktop');
    const downloading = page.waitForEvent('download');
    await viewer.getByRole('button', { name: 'Download' }).click();
    const download = await downloading;
    expect(fs.statSync((await download.path())!).size).toBeGreaterThan(1000);
    await page.keyboard.press('Escape');
    await viewer.waitFor({ state: 'detached' });

    await page.getByRole('button', { name: 'Select', exact: true }).click();
    await card.getByRole('button', { name: /^Select / }).click();
    const zipping = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download Selected' }).click();
    const zip = await JSZip.loadAsync(fs.readFileSync((await (await zipping).path())!));
    const [name] = Object.keys(zip.files);
    expect((await zip.file(name!)!.async('uint8array')).byteLength).toBeGreaterThan(1000);

    // A visitor's browser (no session) asking for the file without the signature gets nothing.
    const visitor = await app.browser.newPage({ viewport: DESKTOP });
    const plain = new URL(item.finalUrl);
    const answer = await visitor.goto(`${app.baseUrl}${plain.pathname}`);
    expect(answer?.status()).toBe(404);
    await visitor.close();
  });

  it('shows the private item on a phone', async () => {
    const phone = await app.browser.newContext({ ...PHONE, storageState: await page.context().storageState() });
    const mobile = await phone.newPage();
    await mobile.goto(`${app.baseUrl}/gallery`);
    await mobile.locator(`article.media-card[data-media-id="${item.id}"]`).waitFor();
    await settle(mobile);
    expect(await cardImagesLoaded(mobile)).toBe(true);
    await screenshot(mobile, 'private-gallery-mobile');
    await phone.close();
  });
});
