import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DESKTOP, PHONE } from '../support/browser';
import { productInChromium } from '../support/product-in-chromium';
import { closeViewer, settle, uploadAstronaut, viewportShot } from '../support/screen';
import { signedInPage } from '../support/ui-sign-in';
import { openMode, uploadSelfie } from '../support/composer-ui';

/**
 * Issue 41 §6: a showing toast never covers a screen's primary controls, at 1440×900 and 390×844.
 * The stack is filled to its most (3 toasts, spec 1 §9), one of each kind, and every primary
 * control's box is checked against every toast's box. The toasts are put into the app's own
 * stack with ToastItem's markup, so the stack's CSS places them as it places real ones (where a
 * toast goes depends on the screen, not on what made it); real ones are seen in the screenshots
 * of console-clean.test.ts (the ready toast in the viewer).
 */

const KINDS = [
  { kind: 'ready', title: 'Your media is ready', message: 'Tap to open' },
  { kind: 'error', title: 'No Credits', message: 'Story Time needs 15 credits — you have 14. Credits refill at midnight UTC.' },
  { kind: 'queue', title: 'Added to queue', message: "We'll start processing shortly." },
  { kind: 'success', title: 'Page link copied', message: 'Anyone with the link can see this creation.' },
] as const;

/**
 * Puts toasts of `kinds` into the app's own stack (the element `ToastStack` renders), built as
 * `ToastItem` builds them, so that the stack's CSS places them where a real one would be.
 */
async function showToasts(page: Page, kinds: readonly (typeof KINDS)[number][]): Promise<void> {
  await page.locator('section.toast-stack').waitFor({ state: 'attached' });
  await page.evaluate((kinds) => {
    const stack = document.querySelector('section.toast-stack')!;
    for (const old of Array.from(stack.querySelectorAll('[data-test-toast]'))) old.remove();
    for (const { kind, title, message } of kinds) {
      const toast = document.createElement('div');
      toast.className = `toast toast--${kind}`;
      toast.dataset.testToast = '';
      toast.setAttribute('role', 'status');
      toast.innerHTML =
        '<div class="toast__body"><span class="toast__icon place-center"></span><span class="toast__text stack">' +
        `<span class="toast__title"></span><span class="toast__message"></span></span></div>` +
        '<button type="button" class="toast__close close-button" aria-label="Dismiss notification"></button>';
      toast.querySelector('.toast__title')!.textContent = title;
      toast.querySelector('.toast__message')!.textContent = message;
      stack.append(toast);
    }
    for (const animation of stack.getAnimations({ subtree: true })) animation.finish();
  }, kinds);
}

/** The visible elements of `selector` whose box meets a showing toast's, as "name (box)". */
async function coveredControls(page: Page, selector: string): Promise<string[]> {
  return page.evaluate((selector) => {
    const toasts = Array.from(document.querySelectorAll('.toast-stack .toast')).map((toast) => toast.getBoundingClientRect());
    const meets = (a: DOMRect, b: DOMRect) => a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;
    const covered: string[] = [];
    for (const element of Array.from(document.querySelectorAll<HTMLElement>(selector))) {
      if (element.closest('.toast-stack')) continue;
      const box = element.getBoundingClientRect();
      if (box.width === 0 || box.height === 0 || box.bottom <= 0 || box.top >= innerHeight) continue;
      if (toasts.some((toast) => meets(toast, box))) {
        const name = element.getAttribute('aria-label') ?? element.textContent?.trim().slice(0, 40) ?? element.tagName;
        covered.push(`${name} (${Math.round(box.left)},${Math.round(box.top)} ${Math.round(box.width)}×${Math.round(box.height)})`);
      }
    }
    return covered;
  }, selector);
}

/** Every kind alone, then the full stack: the controls of `selector` any of them is over, as "screen, toasts: control". */
async function coveredOn(page: Page, selector: string, shot: string): Promise<string[]> {
  const covered: string[] = [];
  for (const kind of KINDS) {
    await showToasts(page, [kind]);
    for (const control of await coveredControls(page, selector)) covered.push(`${shot}, ${kind.kind}: ${control}`);
  }
  await showToasts(page, KINDS.slice(0, 3));
  for (const control of await coveredControls(page, selector)) covered.push(`${shot}, three: ${control}`);
  await viewportShot(page, shot);
  await showToasts(page, []);
  return covered;
}

/** The controls a person reaches for on each screen. */
const NAVIGATION = '.top-bar a, .top-bar button, .top-bar [data-testid="token-balance"], .action-column a, .action-column button, .bottom-nav a';
const GALLERY = '.gallery-header h1, .gallery-header button, .gallery-header .token-pill, .gallery-views a';
const CONTROLS = {
  // The hero's showcase too on a desktop; on a phone, between the hero's buttons and the docked
  // composer, the toasts pass over its previews (the one room for them there).
  home: {
    desktop: `${NAVIGATION}, .home-hero__copy a, .home-hero__copy button, .home-hero__showcase button, .composer button, .composer textarea, .composer [role="group"]`,
    phone: `${NAVIGATION}, .home-hero__copy a, .home-hero__copy button, .composer button, .composer textarea, .composer [role="group"]`,
  },
  // A look panel opens upward from its mode button to the top bar: its looks and header; Generate and
  // the prompt. (On a phone the panel covers the hero, and the tray's mode buttons are not what is used then.)
  panel: {
    desktop: `${NAVIGATION}, .home-hero__copy a, .home-hero__copy button, .preset-panel button, .preset-panel [role="menuitemradio"], .composer button`,
    phone: `${NAVIGATION}, .preset-panel button, .preset-panel [role="menuitemradio"], .composer textarea, .composer button[aria-label="Generate"]`,
  },
  viewer: '.viewer button, .viewer a',
  gallery: `${NAVIGATION}, ${GALLERY}`,
  // On a phone the library is the gallery.
  library: `${NAVIGATION}, .library h1, .library-toolbar button, .library-toolbar a, ${GALLERY}`,
};

async function tokenOf(page: Page): Promise<string> {
  return page.evaluate(() => localStorage.getItem('auth_token') ?? '');
}

/** One finished run (the instant engine), so the library, the gallery and the viewer have an item. */
async function seedRun(baseUrl: string, token: string): Promise<void> {
  const uploaded = await uploadAstronaut(baseUrl, token);
  const runId = `toast-${Date.now().toString(36)}`;
  const headers = { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' };
  const body = { mode: 'custom', prompt: 'A portrait in oils', sourceAssetId: uploaded.secure_url, sourceWidth: uploaded.width, sourceHeight: uploaded.height, runId };
  expect((await fetch(`${baseUrl}/.netlify/functions/unified-generate`, { method: 'POST', headers, body: JSON.stringify(body) })).status).toBe(202);
  await expect
    .poll(async () => (await fetch(`${baseUrl}/.netlify/functions/getMediaByRunId?runId=${runId}`, { headers })).status, { timeout: 60_000, interval: 300 })
    .toBe(200);
}

describe('toasts never cover a control (issue 41 §6)', () => {
  const app = productInChromium({ GENERATION_PROVIDER: 'instant' });

  const SIZES = [
    { label: 'desktop', options: { viewport: DESKTOP } },
    { label: 'phone', options: { ...PHONE, isMobile: true, hasTouch: true } },
  ] as const;

  for (const { label, options } of SIZES) {
    it(`home, viewer, gallery and library (${label}): no toast over a primary control`, async () => {
      const page = await signedInPage(app, `toast-${label}`, options);
      await seedRun(app.baseUrl, await tokenOf(page));
      const covered: string[] = [];

      await page.goto(`${app.baseUrl}/`);
      await page.getByRole('region', { name: 'Composer' }).waitFor();
      await settle(page);
      covered.push(...await coveredOn(page, CONTROLS.home[label], `toasts-home-${label}`));

      // With a photo in, each look panel open in turn (the first from the left, the last from "More").
      await uploadSelfie(page);
      for (const mode of ['Unreal Reflection', 'Story Time']) {
        await openMode(page, mode);
        await page.getByRole('menu', { name: `${mode} presets` }).waitFor();
        await settle(page);
        covered.push(...await coveredOn(page, CONTROLS.panel[label], `toasts-panel-${mode.replace(' ', '-').toLowerCase()}-${label}`));
        await page.getByRole('button', { name: 'Close presets' }).click();
      }

      await page.goto(`${app.baseUrl}/profile`);
      const card = page.locator('.media-card').first();
      await card.waitFor({ timeout: 20_000 });
      await settle(page);
      covered.push(...await coveredOn(page, CONTROLS.library, `toasts-library-${label}`));

      await card.click();
      const viewer = page.getByRole('dialog', { name: 'Media viewer' });
      await viewer.getByRole('button', { name: /Variations/ }).waitFor();
      await settle(page);
      covered.push(...await coveredOn(page, CONTROLS.viewer, `toasts-viewer-${label}`));
      await closeViewer(page, viewer);

      await page.goto(`${app.baseUrl}/gallery`);
      await page.locator('.gallery-header').waitFor();
      await settle(page);
      covered.push(...await coveredOn(page, CONTROLS.gallery, `toasts-gallery-${label}`));
      expect(covered).toEqual([]);
      await page.close();
    }, 300_000);
  }
});
