import { describe, expect, it } from 'vitest';
import { DESKTOP, PHONE, screenshot } from '../support/browser';
import { productInChromium } from '../support/product-in-chromium';
import { submitAstronautRun } from '../support/screen';
import { newEmail, signedInPage, signInThroughApi } from '../support/ui-sign-in';
import { until } from '../support/wait';

/**
 * Notifications (issue 46 §3) in Chromium, at 1440×900 and 390×844: a person's page is open, a
 * run of theirs finishes and another account likes its creation; the bell's count rises each time
 * without a reload (the run-event stream's `notification` event), and opening the list shows the
 * like, leads to the creation and marks everything read. Screenshots of the bell and its open list
 * go to artifacts/screenshots/notifications-*.png.
 */

/** Well under the bell's 60 s poll: a count that arrives within it came over the live stream. */
const LIVE_MS = 20_000;

async function call(baseUrl: string, token: string, name: string, init: { method?: string; body?: unknown; query?: string } = {}) {
  const res = await fetch(`${baseUrl}/api/${name}${init.query ? `?${init.query}` : ''}`, {
    method: init.method ?? (init.body ? 'POST' : 'GET'),
    headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
    ...(init.body ? { body: JSON.stringify(init.body) } : {}),
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

describe('notifications: the bell counts live and its list marks read', () => {
  const app = productInChromium({ GENERATION_PROVIDER: 'instant' });

  for (const [label, device] of [
    ['desktop', { viewport: DESKTOP }],
    ['mobile', PHONE],
  ] as const) {
    it(`at ${label} size`, async () => {
      const page = await signedInPage(app, `bell-${label}`, device);
      const token = await page.evaluate(() => localStorage.getItem('auth_token') ?? '');
      const bell = page.getByTestId('notification-bell');
      const count = page.getByTestId('notification-count');
      await bell.waitFor();
      await expect.poll(() => count.count()).toBe(0);

      // A run of theirs ends while the page is open elsewhere than its card: the bell says 1.
      const runId = `bell-${label}-${Date.now().toString(36)}`;
      await submitAstronautRun(app.baseUrl, token, 'A lighthouse in a storm, oil painting', runId);
      const done = await until(() => call(app.baseUrl, token, 'getMediaByRunId', { query: `runId=${runId}` }), (res) => res.status !== 202, 120_000, 'the run to end', 250);
      const mediaId = (done.body.media as { id: string }).id;
      await expect.poll(() => count.textContent(), { timeout: LIVE_MS }).toBe('1');

      // Another account likes the creation once strangers can see it: 2, without a reload.
      await until(() => fetch(`${app.baseUrl}/api/get-media-item?id=${mediaId}`).then((res) => res.status), (status) => status === 200, 60_000, 'the creation to be public', 250);
      const liker = await signInThroughApi(app.baseUrl, newEmail(`liker-${label}`));
      await call(app.baseUrl, liker.accessToken, 'update-profile', { body: { name: `Mira ${label}` } });
      const liked = await call(app.baseUrl, liker.accessToken, 'toggleLike', { body: { mediaId, mediaType: 'image' } });
      expect(liked.body).toMatchObject({ liked: true });
      await expect.poll(() => count.textContent(), { timeout: LIVE_MS }).toBe('2');
      await expect.poll(() => bell.getAttribute('aria-label')).toBe('Notifications, 2 unread');
      // The sign-in's toasts gone (they time out), so the shots show the bell and the list alone.
      await expect.poll(() => page.locator('.toast').count(), { timeout: 15_000 }).toBe(0);
      await screenshot(page, `notifications-bell-${label}`);

      // Opening the list shows both, newest first, and marks them read on the server.
      await bell.click();
      const panel = page.getByTestId('notification-panel');
      const items = panel.getByTestId('notification-item');
      await expect.poll(() => items.count()).toBe(2);
      await expect.poll(() => items.first().textContent()).toMatch(new RegExp(`^.?Mira ${label} liked your creation`));
      expect(await items.first().getAttribute('href')).toBe(`/m/${mediaId}`);
      await expect.poll(() => items.nth(1).textContent()).toMatch(/Your creation is ready/);
      await expect.poll(() => count.count()).toBe(0);
      await expect.poll(async () => (await call(app.baseUrl, token, 'get-notifications')).body.unreadCount).toBe(0);
      await page.waitForFunction(() => Array.from(document.querySelectorAll('[data-testid="notification-panel"] img')).every((img) => (img as HTMLImageElement).complete), undefined, { timeout: 10_000 });
      await screenshot(page, `notifications-list-${label}`);

      // The like leads to the creation.
      await items.first().click();
      await page.waitForURL(`${app.baseUrl}/m/${mediaId}`);

      // The daily digest is off until turned on in the Account tab; the switch follows the server.
      if (label === 'desktop') {
        await page.goto(`${app.baseUrl}/profile?tab=account`);
        const digest = page.getByRole('switch', { name: 'Daily e-mail digest' });
        await expect.poll(() => digest.getAttribute('aria-checked')).toBe('false');
        await digest.click();
        await expect.poll(() => digest.getAttribute('aria-checked')).toBe('true');
        await expect.poll(async () => ((await call(app.baseUrl, token, 'user-settings')).body.settings as { notification_digest: boolean }).notification_digest).toBe(true);
      }
      await page.close();
    });
  }
});
