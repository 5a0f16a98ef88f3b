import path from 'node:path';
import type { FileChooser, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DESKTOP, PHONE, screenshot } from '../support/browser';
import { repoRoot } from '../support/process';
import { productInChromium } from '../support/product-in-chromium';
import { settle, viewportShot } from '../support/screen';
import { acceptAgreement, newEmail, signedInPage, waitForCode } from '../support/ui-sign-in';

const ASTRONAUT = path.join(repoRoot, 'tests/fixtures/faces/astronaut.png');

/** What has the keyboard's focus: its accessible-ish name (aria-label, else its text). */
function focused(page: Page): Promise<string> {
  return page.evaluate(() => {
    const element = document.activeElement as HTMLElement | null;
    if (!element || element === document.body) return '';
    return (element.getAttribute('aria-label') ?? element.textContent ?? '').trim().replace(/\s+/g, ' ');
  });
}

/** Presses Tab until the focused element's name matches `name` (at most `limit` presses). */
async function tabTo(page: Page, name: RegExp, limit = 40): Promise<void> {
  for (let press = 0; press < limit; press += 1) {
    if (name.test(await focused(page))) return;
    await page.keyboard.press('Tab');
  }
  throw new Error(`Tab never reached ${name} (last: "${await focused(page)}")`);
}

/**
 * Phones and keyboards (issue 41 §4): a keyboard alone signs in, uploads, picks a look and
 * generates; a phone reads the legal texts from where it is linked to them, is told why the desk
 * tools need a wider screen, and gets finger-sized targets in the composer's tray.
 */
describe('phones and keyboards (issue 41 §4)', () => {
  const app = productInChromium({ GENERATION_PROVIDER: 'instant' });

  it('signs in, uploads, picks a look and generates with the keyboard alone', async () => {
    const page = await app.browser.newPage({ viewport: DESKTOP });
    const email = newEmail('keyboard');
    await page.goto(`${app.baseUrl}/auth`);
    await page.getByRole('heading', { level: 1, name: 'Sign in to Mirrorverse' }).waitFor();
    // The address field has the focus when the page opens.
    await expect.poll(() => page.evaluate(() => (document.activeElement as HTMLInputElement | null)?.type)).toBe('email');
    const asked = Date.now() - 1000;
    await page.keyboard.type(email);
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { name: 'Check your email' }).waitFor();
    const code = await waitForCode(app.baseUrl, email, asked);
    await page.getByLabel('6-digit code').waitFor();
    if (!(await page.getByLabel('6-digit code').evaluate((input) => input === document.activeElement))) await tabTo(page, /^$/);
    await page.keyboard.type(code);
    await page.waitForURL(`${app.baseUrl}/`);
    await page.getByRole('link', { name: 'My Profile' }).first().waitFor();

    // Playwright has the browser hand it the file picker only once a 'filechooser' listener
    // exists, and asks for that without waiting (puppeteer/puppeteer#6040): a waitForEvent made
    // just before the key loses the race to Enter, whose click comes with the keydown, when the
    // machine is loaded. So the listener is there from before the page loads.
    const choosers: FileChooser[] = [];
    page.on('filechooser', (chooser) => choosers.push(chooser));

    // The first stop of Tab on a page skips the top bar, to the page itself.
    await page.reload({ waitUntil: 'networkidle' });
    await page.getByRole('link', { name: 'My Profile' }).first().waitFor();
    await settle(page);
    await page.keyboard.press('Tab');
    expect(await focused(page)).toBe('Skip to content');
    await page.keyboard.press('Enter');
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('main');

    // Enter on "Upload a photo" opens the file picker.
    await tabTo(page, /^Upload a photo$/);
    await page.keyboard.press('Enter');
    await expect.poll(() => choosers.length, { timeout: 10_000 }).toBe(1);
    await choosers[0]!.setFiles(ASTRONAUT);
    // The agreement by keyboard: Space ticks each box, Enter accepts.
    const agreement = page.getByRole('dialog', { name: 'Media Upload Agreement' });
    await agreement.waitFor();
    for (const box of await agreement.getByRole('checkbox').all()) {
      await box.focus();
      await page.keyboard.press('Space');
    }
    await agreement.getByRole('button', { name: 'Accept' }).focus();
    await page.keyboard.press('Enter');
    await agreement.waitFor({ state: 'detached' });
    await page.getByRole('progressbar', { name: 'Uploading' }).waitFor({ state: 'detached', timeout: 150_000 });

    // A look: the mode's button opens its panel, the arrows walk its looks, Enter picks one.
    const composer = page.getByRole('region', { name: 'Composer' });
    await composer.getByRole('group', { name: 'Modes' }).getByRole('button', { name: 'Unreal Reflection', exact: true }).focus();
    await page.keyboard.press('Enter');
    const looks = page.getByRole('menu', { name: 'Unreal Reflection presets' });
    await looks.waitFor();
    await page.keyboard.press('ArrowDown');
    expect(await focused(page)).toMatch(/^The Syndicate/);
    await page.keyboard.press('ArrowDown');
    expect(await focused(page)).toMatch(/^Yakuza Heir/);
    await page.keyboard.press('ArrowUp');
    expect(await focused(page)).toMatch(/^The Syndicate/);
    await page.keyboard.press('Enter');
    // The run starts: the library with the look's card.
    await page.waitForURL(`${app.baseUrl}/profile`);
    await page.locator('.media-card').filter({ hasText: 'The Syndicate' }).first().waitFor({ timeout: 30_000 });
    await page.close();
  }, 300_000);

  it('reads the legal texts on a phone from the sign-in page, the gallery and their addresses', async () => {
    const page = await signedInPage(app, 'phone-legal', { ...PHONE, isMobile: true, hasTouch: true });
    // The gallery (the phone's profile) links them; each opens over it, and one leads to another.
    await page.goto(`${app.baseUrl}/gallery`);
    await page.getByRole('heading', { name: 'My Gallery' }).waitFor();
    await page.getByRole('navigation', { name: 'Legal' }).getByRole('link', { name: 'Terms' }).tap();
    const terms = page.getByRole('dialog', { name: 'Terms of Service' });
    await terms.getByRole('heading', { name: /Agreement/ }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/gallery');
    await terms.getByRole('link', { name: 'Cookies Policy' }).tap();
    await page.getByRole('dialog', { name: 'Cookies Policy' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/gallery');
    await settle(page);
    await viewportShot(page, 'phone-legal-sheet-gallery');
    await page.getByRole('button', { name: 'Done', exact: true }).tap();
    await page.getByRole('dialog').waitFor({ state: 'detached' });

    // An address of a legal page (a link in an e-mail): its text over the home page.
    await page.goto(`${app.baseUrl}/privacy`);
    await page.waitForURL(`${app.baseUrl}/`);
    await page.getByRole('dialog', { name: 'Privacy Policy' }).waitFor();

    // The desk tools say why they are not here.
    for (const [address, name] of [
      ['/StoryCreation', 'Story creation needs a wider screen'],
      ['/dashboard/management/control', 'The admin dashboard needs a wider screen'],
    ] as const) {
      await page.goto(`${app.baseUrl}${address}`);
      await page.getByRole('heading', { level: 1, name }).waitFor();
      expect(new URL(page.url()).pathname).toBe(address);
    }
    await settle(page);
    await viewportShot(page, 'phone-wide-screen-notice');
    await page.getByRole('link', { name: 'Back to home' }).tap();
    await page.waitForURL(`${app.baseUrl}/`);
    await page.close();
  }, 300_000);

  it("gives the phone composer's tray finger-sized targets and mode names that are not cut", async () => {
    const page = await signedInPage(app, 'phone-tray', { ...PHONE, isMobile: true, hasTouch: true });
    await page.getByTestId('composer-file-input').setInputFiles(ASTRONAUT);
    await acceptAgreement(page);
    const composer = page.getByRole('region', { name: 'Composer' });
    await composer.getByTestId('composer-preview').waitFor();
    await page.getByRole('progressbar', { name: 'Uploading' }).waitFor({ state: 'detached', timeout: 150_000 });
    await settle(page);
    await viewportShot(page, 'phone-composer-tray');
    const small = await composer.evaluate((root) => {
      const out: string[] = [];
      for (const element of Array.from(root.querySelectorAll<HTMLElement>('button, [role="button"], label.toggle'))) {
        const box = element.getBoundingClientRect();
        if (box.width === 0 || box.height === 0 || element.closest('[aria-hidden="true"]')) continue;
        if (box.width < 44 || box.height < 44) out.push(`${(element.getAttribute('aria-label') ?? element.textContent ?? '').trim()} (${Math.round(box.width)}×${Math.round(box.height)})`);
      }
      return out;
    });
    expect(small).toEqual([]);
    // Each mode's name shows whole: its label is not clipped by its button.
    const clipped = await composer.getByRole('group', { name: 'Modes' }).evaluate((bar) =>
      Array.from(bar.querySelectorAll<HTMLElement>('.mode-button__label'))
        .filter((label) => label.scrollWidth > label.clientWidth + 1)
        .map((label) => label.textContent ?? ''),
    );
    expect(clipped).toEqual([]);
    await screenshot(page, 'phone-composer-tray-full');
    await page.close();
  }, 300_000);
});
