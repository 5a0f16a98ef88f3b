import fs from 'node:fs';
import path from 'node:path';
import type { ConsoleMessage, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DESKTOP } from '../support/browser';
import { productInChromium } from '../support/product-in-chromium';
import { settle } from '../support/screen';

/**
 * Issue 25: System Diagnosis → "Open queue dashboard" opens bull-board with its queues, in a new
 * tab, without a console error. `/admin/queues` (the link) used to stay on "Loading": the page's
 * scripts resolved under /admin/ and came back as the web app's HTML. The screenshot at 1440×900
 * goes to /tmp/admin-shots/queue-dashboard.png (SHOTS_DIR to change).
 */
const SECRET = 'e2e-queues-admin-secret-0123456789';
const DASHBOARD = '/dashboard/management/control';
const SHOTS_DIR = process.env.SHOTS_DIR ?? '/tmp/admin-shots';
/** The queues the product runs (shared/src/server/queue): bull-board lists each. */
const QUEUES = ['generation', 'email', 'maintenance', 'webhooks'];

/** Console errors and uncaught exceptions of a page, as text. */
function collectErrors(page: Page, into: string[]): void {
  page.on('console', (message: ConsoleMessage) => {
    if (message.type() === 'error') into.push(`${page.url()}: ${message.text()}`);
  });
  page.on('pageerror', (error) => into.push(`${page.url()}: ${error.message}`));
}

describe('the queue dashboard', () => {
  const app = productInChromium({ ADMIN_SECRET: SECRET });

  it('opens from System Diagnosis and lists the queues, with no console error', async () => {
    const context = await app.browser.newContext({ viewport: DESKTOP });
    const errors: string[] = [];
    try {
      const page = await context.newPage();
      collectErrors(page, errors);
      await page.goto(`${app.baseUrl}${DASHBOARD}`);
      await page.getByLabel('Admin secret').fill(SECRET);
      await page.getByRole('button', { name: 'Log in' }).click();
      await page.getByRole('tab', { name: 'System Diagnosis', selected: true }).waitFor();

      const link = page.getByRole('link', { name: 'Open queue dashboard' });
      expect(await link.getAttribute('href')).toBe('/admin/queues');
      const [board] = await Promise.all([context.waitForEvent('page'), link.click()]);
      collectErrors(board, errors);
      // Its scripts ran: the queues are listed (the page is a bare "Loading" until they do).
      for (const queue of QUEUES) await board.getByRole('link', { name: queue, exact: true }).first().waitFor();
      // The link's address without the slash lands on the page at the slash.
      expect(board.url()).toBe(`${app.baseUrl}/admin/queues/`);

      fs.mkdirSync(SHOTS_DIR, { recursive: true });
      await settle(board);
      await board.screenshot({ path: path.join(SHOTS_DIR, 'queue-dashboard.png') });
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('keeps the query of /admin/queues when it moves it to /admin/queues/', async () => {
    const res = await fetch(`${app.baseUrl}/admin/queues?status=failed&page=2`, { redirect: 'manual' });
    expect(res.status).toBe(301);
    expect(res.headers.get('location')).toBe('/admin/queues/?status=failed&page=2');
  });
});
