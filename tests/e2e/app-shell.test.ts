import { describe, expect, it } from 'vitest';
import { DESKTOP, MOBILE, screenshot } from '../support/browser';
import { productInChromium } from '../support/product-in-chromium';

describe('the app shell in Chromium', () => {
  const app = productInChromium();

  it('shows the home screen with the brand and the way to sign in, at desktop and mobile sizes', async () => {
    for (const [name, viewport] of [['desktop', DESKTOP], ['mobile', MOBILE]] as const) {
      const page = await app.browser.newPage({ viewport });
      await page.goto(app.baseUrl);
      await expect.poll(() => page.locator('h1').first().textContent()).toContain('Turn a photo into a new world');
      await expect.poll(() => page.getByRole('link', { name: 'Login' }).first().isVisible()).toBe(true);
      await screenshot(page, `shell-home-${name}`);
      await page.close();
    }
  });

  it('loads every screen without a content-security-policy violation (no eval probe)', async () => {
    const page = await app.browser.newPage({ viewport: DESKTOP });
    await page.addInitScript(() => {
      const seen: string[] = [];
      window.violations = seen;
      document.addEventListener('securitypolicyviolation', (event) => seen.push(`${event.violatedDirective} ${event.blockedURI}`));
    });
    const screens: Array<[string, string]> = [
      ['/', 'Turn a photo into a new world'],
      ['/story', 'Stories from the other side'],
      ['/bestpractices', 'How to Get the Look'],
      ['/developers', 'Build on Mirrorverse'],
      ['/auth', 'Sign in to Mirrorverse'],
      ['/terms', 'Terms'],
    ];
    for (const [path, heading] of screens) {
      // A full load each time: every screen's code and its first answers are parsed anew.
      await page.goto(`${app.baseUrl}${path}`);
      await expect.poll(() => page.locator('h1').first().textContent()).toContain(heading);
      await page.waitForLoadState('networkidle');
      expect(await page.evaluate(() => window.violations), path).toEqual([]);
    }
    await page.close();
  });

  it('offers Login alone while sign-up is open (a fresh install): no Join Waitlist beside it (issue 41)', async () => {
    const page = await app.browser.newPage({ viewport: DESKTOP });
    const status = page.waitForResponse((res) => res.url().includes('get-launch-status'));
    await page.goto(app.baseUrl);
    expect(((await (await status).json()) as { signUpOpen: boolean }).signUpOpen).toBe(true);
    const nav = page.getByRole('navigation', { name: 'Main' });
    await nav.getByRole('link', { name: 'Login' }).waitFor();
    await page.waitForLoadState('networkidle');
    expect(await nav.getByRole('button', { name: 'Join Waitlist' }).count()).toBe(0);
    await page.close();
  });

  it('sends an unknown path back to the home screen', async () => {
    const page = await app.browser.newPage({ viewport: DESKTOP });
    await page.goto(`${app.baseUrl}/no/such/place`);
    await page.waitForURL(`${app.baseUrl}/`);
    await expect.poll(() => page.locator('h1').first().textContent()).toContain('Turn a photo into a new world');
    await page.close();
  });

  it('moves between screens from the top bar without a page load', async () => {
    const page = await app.browser.newPage({ viewport: DESKTOP });
    await page.goto(app.baseUrl);
    await page.evaluate(() => (window.marker = 'same-document'));
    await page.getByRole('link', { name: 'Stories' }).first().click();
    await page.waitForURL(`${app.baseUrl}/story`);
    await expect.poll(() => page.locator('h1').first().textContent()).toBe('Stories from the other side');
    expect(await page.evaluate(() => window.marker)).toBe('same-document');
    await page.close();
  });

  it('shows the crash screen when a screen fails to load, and Try Again recovers', async () => {
    const page = await app.browser.newPage({ viewport: DESKTOP });
    let block = true;
    await page.route(/\/assets\/stories-page-.*\.js$/, (route) => (block ? route.abort() : route.continue()));
    await page.goto(`${app.baseUrl}/story`);
    const crash = page.getByText("Something went wrong. It's not you. It's us.");
    await crash.waitFor();
    expect(await page.getByText('Access may be limited during early beta.').isVisible()).toBe(true);
    await screenshot(page, 'shell-crash-desktop');

    block = false;
    await page.getByRole('button', { name: 'Try Again' }).click();
    await expect.poll(() => page.locator('h1').first().textContent()).toBe('Stories from the other side');
    await page.close();
  });
});
