import fs from 'node:fs';
import path from 'node:path';
import { ADMIN_MEDIA_PAGE_SIZE, COST_IMAGE } from '@app/shared';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DESKTOP, MOBILE } from '../support/browser';
import { productInChromium } from '../support/product-in-chromium';
import { settle, uploadAstronaut } from '../support/screen';
import { newEmail, signInThroughUi } from '../support/ui-sign-in';

/**
 * The admin dashboard (spec 3 §2, §4, §5; issue 11) in Chromium against the built product:
 * the secret prompt, each tab on real data, credits, bans, media paging and deletion.
 * Screenshots of each tab at 1440×900 go to /tmp/admin-shots (SHOTS_DIR to change).
 */

const SECRET = 'e2e-admin-secret-0123456789abcdef';
const DASHBOARD = '/dashboard/management/control';
const SHOTS_DIR = process.env.SHOTS_DIR ?? '/tmp/admin-shots';
/** One more than a page, so Load More has something to fetch. */
const SEEDED = ADMIN_MEDIA_PAGE_SIZE + 1;

async function shot(page: Page, name: string): Promise<void> {
  fs.mkdirSync(SHOTS_DIR, { recursive: true });
  await settle(page);
  await page.screenshot({ path: path.join(SHOTS_DIR, `${name}.png`) });
  await page.screenshot({ path: path.join(SHOTS_DIR, `${name}-full.png`), fullPage: true });
}

async function call<T>(baseUrl: string, name: string, init: { method?: string; body?: unknown; query?: string; token?: string; secret?: string }): Promise<{ status: number; body: T }> {
  const headers: Record<string, string> = {};
  if (init.token) headers.Authorization = `Bearer ${init.token}`;
  if (init.secret) headers['X-Admin-Secret'] = init.secret;
  if (init.body !== undefined) headers['Content-Type'] = 'application/json';
  const res = await fetch(`${baseUrl}/.netlify/functions/${name}${init.query ?? ''}`, {
    method: init.method ?? (init.body === undefined ? 'GET' : 'POST'),
    headers,
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  return { status: res.status, body: (await res.json().catch(() => ({}))) as T };
}

/** Enough credits (through admin-adjust-credits) and SEEDED custom runs, made by the worker with the instant engine. */
async function seedMedia(baseUrl: string, token: string, userId: string, credits: number): Promise<void> {
  for (let have = credits; have < SEEDED * COST_IMAGE; have += 10) {
    expect((await call(baseUrl, 'admin-adjust-credits', { secret: SECRET, body: { userId, adjustment: 10 } })).status).toBe(200);
  }
  const uploaded = await uploadAstronaut(baseUrl, token);
  const source = { sourceAssetId: uploaded.secure_url, sourceWidth: uploaded.width, sourceHeight: uploaded.height };
  const stamp = Date.now().toString(36);
  for (let index = 0; index < SEEDED; index += 1) {
    const answer = await call(baseUrl, 'unified-generate', {
      token,
      body: { mode: 'custom', prompt: `Seeded portrait number ${index} in soft light`, ...source, runId: `admin-${stamp}-${index}` },
    });
    expect(answer.status, JSON.stringify(answer.body)).toBe(202);
  }
  const deadline = Date.now() + 150_000;
  for (;;) {
    const second = await call<{ media?: Array<{ status: string }> }>(baseUrl, 'admin-media', { secret: SECRET, query: `?limit=50&offset=${ADMIN_MEDIA_PAGE_SIZE}` });
    const first = await call<{ media?: Array<{ status: string }> }>(baseUrl, 'admin-media', { secret: SECRET, query: '?limit=50&offset=0' });
    const all = [...(first.body.media ?? []), ...(second.body.media ?? [])];
    if (all.length >= SEEDED && all.every((item) => item.status !== 'processing')) return;
    if (Date.now() > deadline) throw new Error(`only ${all.length} of ${SEEDED} seeded media were ready within 150 s`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

describe('the admin dashboard', () => {
  // One account seeds more runs at once than a person may have in flight (MAX_RUNS_IN_FLIGHT).
  // The dashboard is under test, not the images: the instant engine makes them (no likeness check).
  const app = productInChromium({ ADMIN_SECRET: SECRET, MAX_RUNS_IN_FLIGHT: String(SEEDED), GENERATION_PROVIDER: 'instant' });
  const email = newEmail('admin-subject');
  let token = '';
  let userId = '';
  let admin: BrowserContext;
  let page: Page;

  beforeAll(async () => {
    const personContext = await app.browser.newContext({ viewport: DESKTOP });
    const personPage = await personContext.newPage();
    await signInThroughUi(personPage, app.baseUrl, email);
    token = await personPage.evaluate(() => localStorage.getItem('auth_token') ?? '');
    await personContext.close();
    const found = await call<{ users: Array<{ id: string; email: string; credits: number }> }>(app.baseUrl, 'admin-users', {
      secret: SECRET,
      query: `?search=${encodeURIComponent(email)}`,
    });
    const person = found.body.users.find((user) => user.email === email);
    if (!person) throw new Error('the signed-in person is not in admin-users');
    userId = person.id;
    await seedMedia(app.baseUrl, token, userId, person.credits);

    admin = await app.browser.newContext({ viewport: DESKTOP });
    page = await admin.newPage();
  }, 240_000);

  afterAll(async () => {
    await admin?.close();
  });

  const currentCredits = async () =>
    (await call<{ users: Array<{ email: string; credits: number }> }>(app.baseUrl, 'admin-users', { secret: SECRET, query: `?search=${encodeURIComponent(email)}` })).body
      .users[0]!.credits;
  const userRow = () => page.getByTestId('admin-user-row').filter({ hasText: email });
  const mediaItems = () => page.getByTestId('admin-media-item');

  it('refuses a wrong secret', async () => {
    await page.goto(`${app.baseUrl}${DASHBOARD}`);
    await page.getByLabel('Admin secret').fill('not-the-secret-at-all');
    await page.getByRole('button', { name: 'Log in' }).click();
    await page.getByText('Invalid admin secret').waitFor();
    expect(await page.evaluate(() => localStorage.getItem('admin_secret'))).toBeNull();
    await shot(page, 'admin-login');
  });

  it('logs in with the secret and shows the system diagnosis on real data', async () => {
    await page.getByLabel('Admin secret').fill(SECRET);
    await page.getByRole('button', { name: 'Log in' }).click();
    await page.getByRole('tab', { name: 'System Diagnosis', selected: true }).waitFor();
    expect(await page.evaluate(() => localStorage.getItem('admin_secret'))).toBe(SECRET);

    const stat = async (key: string) => Number((await page.getByTestId(`stat-${key}`).getByTestId('stat-value').textContent())?.replace(/\D/g, ''));
    await expect.poll(() => stat('totalUsers')).toBeGreaterThanOrEqual(1);
    await expect.poll(() => stat('totalMedia')).toBeGreaterThanOrEqual(SEEDED);
    const systems = page.getByRole('region', { name: 'Systems' });
    await systems.getByText('Database', { exact: true }).waitFor();
    await systems.getByText('Redis', { exact: true }).waitFor();
    const queues = page.getByRole('region', { name: 'Queues' });
    expect(await queues.getByRole('row').count()).toBeGreaterThan(1);
    // The all-in-one process runs a worker, so it is listed as live.
    const workers = page.getByRole('region', { name: 'Workers' });
    await expect.poll(() => workers.getByRole('row').count()).toBeGreaterThan(1);
    await expect.poll(() => page.getByRole('region', { name: 'Runs, last hour' }).textContent()).toContain('custom');
    await page.getByRole('region', { name: 'Audit log' }).getByText('adjust-credits').first().waitFor();
    await page.getByRole('switch', { name: 'Launched' }).waitFor();
    expect(await page.getByRole('link', { name: 'Open queue dashboard' }).getAttribute('href')).toBe('/admin/queues');
    await shot(page, 'admin-system');
  });

  it('lists the person on the Users tab, adds 10 credits and bans them', async () => {
    await page.getByRole('tab', { name: 'Users' }).click();
    await page.getByLabel('Search users').fill(email);
    await userRow().waitFor();
    // Named from sign-up on: the display name from the address, and the username's /u/ page.
    expect(await userRow().getByTestId('admin-user-name').textContent()).toBe('Admin Subject');
    expect(await userRow().getByRole('link', { name: /^@admin\.subject\./ }).getAttribute('href')).toMatch(/^\/u\/admin\.subject\./);
    const before = await currentCredits();
    await expect.poll(() => userRow().getByTestId('admin-user-credits').textContent()).toBe(String(before));
    await shot(page, 'admin-users');

    await userRow().getByRole('button', { name: `Add 10 credits to ${email}` }).click();
    await expect.poll(() => userRow().getByTestId('admin-user-credits').textContent()).toBe(String(before + 10));
    expect(await currentCredits()).toBe(before + 10);

    await userRow().getByRole('button', { name: 'Ban' }).click();
    await userRow().getByText('Banned').waitFor();
    const refused = await call(app.baseUrl, 'get-user-profile', { token });
    expect([401, 403]).toContain(refused.status);

    await userRow().getByRole('button', { name: 'Unban' }).click();
    await userRow().getByText('Active').waitFor();
  });

  it('shows 50 media, filters them, and loads the rest with Load More and near the bottom', async () => {
    await page.getByRole('tab', { name: 'Media' }).click();
    await expect.poll(() => mediaItems().count()).toBe(ADMIN_MEDIA_PAGE_SIZE);
    // A window narrowed for a moment says the dashboard needs a wider screen, and widened again it is
    // where it was: the Media tab, not the first one.
    await page.setViewportSize(MOBILE);
    await page.getByRole('heading', { name: 'The admin dashboard needs a wider screen' }).waitFor();
    await page.screenshot({ path: path.join(SHOTS_DIR, 'admin-narrowed.png') });
    await page.setViewportSize(DESKTOP);
    await page.getByRole('heading', { name: 'The admin dashboard needs a wider screen' }).waitFor({ state: 'detached' });
    expect(await page.getByRole('tab', { name: 'Media' }).getAttribute('aria-selected')).toBe('true');
    await expect.poll(() => mediaItems().count()).toBe(ADMIN_MEDIA_PAGE_SIZE);
    await page.getByRole('button', { name: 'Load More' }).waitFor();
    await shot(page, 'admin-media');

    // The search filters what is loaded, by prompt, type or id (spec 3 §5).
    const search = page.getByLabel('Search loaded media');
    await search.fill('portrait number 7 ');
    await expect.poll(() => mediaItems().count()).toBe(1);
    const id = await mediaItems().first().getAttribute('data-media-id');
    await search.fill(id!.slice(0, 13));
    await expect.poll(() => mediaItems().count()).toBe(1);
    await search.fill('video');
    await expect.poll(() => mediaItems().count()).toBe(0);
    await search.fill('');

    // The button, clicked where it is, without scrolling to the bottom (which loads by itself).
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.getByRole('button', { name: 'Load More' }).evaluate((button: HTMLButtonElement) => button.click());
    await expect.poll(() => mediaItems().count()).toBe(SEEDED);
    await page.getByText('All media loaded.').waitFor();
    expect(await page.getByRole('button', { name: 'Load More' }).count()).toBe(0);

    // Again from the first page: scrolling to within 100 px of the bottom loads the next one.
    await page.reload();
    await page.getByRole('tab', { name: 'Media' }).click();
    await expect.poll(() => mediaItems().count()).toBe(ADMIN_MEDIA_PAGE_SIZE);
    await page.mouse.move(700, 500);
    for (let i = 0; i < 40 && (await mediaItems().count()) < SEEDED; i += 1) await page.mouse.wheel(0, 1200);
    await expect.poll(() => mediaItems().count()).toBe(SEEDED);
  });

  it('opens a media item in the detail modal and deletes it from there', async () => {
    const first = mediaItems().first();
    const id = (await first.getAttribute('data-media-id'))!;
    await page.evaluate(() => window.scrollTo(0, 0));
    await first.getByRole('button').click();
    const detail = page.getByRole('dialog', { name: 'Media details' });
    await detail.waitFor();
    await detail.getByText(id, { exact: true }).waitFor();
    await detail.getByText(userId, { exact: true }).waitFor();
    await detail.getByText('Metadata', { exact: true }).waitFor();
    // The run's timeline (issue 44): from the submit to the settlement, as the server recorded it.
    const timeline = detail.getByRole('region', { name: 'Run timeline' });
    await timeline.getByText('Done', { exact: true }).waitFor();
    const labels = await timeline.getByTestId('run-timeline-line').locator('.run-timeline__name').allTextContents();
    expect(labels.slice(0, 3)).toEqual(['Submitted', 'Waiting for a worker', 'On the worker']);
    expect(labels).toEqual(expect.arrayContaining(['Attempt 1', 'Image from instant', 'Content screening', 'Stored', 'Settled']));
    expect(labels.at(-1)).toBe('Done');
    await expect.poll(() => timeline.getByText(/ in all$/).count()).toBe(1);
    await shot(page, 'admin-media-detail');
    await timeline.scrollIntoViewIfNeeded();
    await shot(page, 'admin-run-timeline');
    await detail.getByText('Metadata', { exact: true }).scrollIntoViewIfNeeded();

    await detail.getByRole('button', { name: 'Delete' }).click();
    await detail.waitFor({ state: 'detached' });
    await expect.poll(() => page.locator(`[data-media-id="${id}"]`).count()).toBe(0);
    expect(await mediaItems().count()).toBe(SEEDED - 1);
    const listed = await call<{ media: Array<{ id: string }> }>(app.baseUrl, 'admin-media', { secret: SECRET, query: '?limit=50&offset=0' });
    expect(listed.body.media.some((item) => item.id === id)).toBe(false);
  });

  it('deletes a user after the confirmation', async () => {
    await page.getByRole('tab', { name: 'Users' }).click();
    await page.getByLabel('Search users').fill(email);
    await userRow().getByRole('button', { name: 'Delete' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Delete this user?' });
    await confirm.getByRole('button', { name: 'Delete user' }).click();
    await expect.poll(() => userRow().count()).toBe(0);
    expect((await call<{ users: unknown[] }>(app.baseUrl, 'admin-users', { secret: SECRET, query: `?search=${encodeURIComponent(email)}` })).body.users).toEqual([]);
  });

  it('logs out, and a stored secret the server refuses logs out too', async () => {
    await page.getByRole('button', { name: 'Log out' }).click();
    await page.getByLabel('Admin secret').waitFor();
    expect(await page.evaluate(() => localStorage.getItem('admin_secret'))).toBeNull();

    await page.evaluate(() => localStorage.setItem('admin_secret', 'a-secret-that-was-changed-since'));
    await page.reload();
    await page.getByLabel('Admin secret').waitFor();
    await expect.poll(() => page.evaluate(() => localStorage.getItem('admin_secret'))).toBeNull();
  });
});
