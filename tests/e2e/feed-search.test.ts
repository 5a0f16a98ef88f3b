import type { Page, Request } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { DESKTOP, MOBILE } from '../support/browser';
import { productInChromium } from '../support/product-in-chromium';
import { settle, uploadAstronaut, viewportShot } from '../support/screen';
import { newEmail, signInThroughUi } from '../support/ui-sign-in';
import { until } from '../support/wait';

/**
 * The feed's order and search on the web (issue 28 item 2) in Chromium: the order switch, the
 * period of Top, the search box and its chips live in the address and in the request to
 * getPublicFeed; a link restores them, Back undoes them, a tag page leads into the feed by its
 * tag. What the server finds is its own tests' concern: here, only what the person sees and
 * what the page asks. Screenshots of the header at 1440×900 and 390×844 in artifacts/screenshots/.
 */
const PROMPTS = ['Neon-lit rain in Tokyo at midnight', 'Golden hour lighthouse on a cliff by the sea'];

/** Public creations of a new person, made by the instant engine; resolves once they are in the feed. */
async function seedCreations(baseUrl: string, token: string): Promise<void> {
  const uploaded = await uploadAstronaut(baseUrl, token);
  for (const [index, prompt] of PROMPTS.entries()) {
    const res = await fetch(`${baseUrl}/.netlify/functions/unified-generate`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({
        mode: 'custom',
        prompt,
        sourceAssetId: uploaded.secure_url,
        sourceWidth: uploaded.width,
        sourceHeight: uploaded.height,
        runId: `feed-search-${Date.now().toString(36)}-${index}`,
      }),
    });
    expect(res.status).toBe(202);
  }
  await until(
    async () => ((await (await fetch(`${baseUrl}/api/getPublicFeed?limit=10`)).json()) as { items: unknown[] }).items.length,
    (count) => count >= PROMPTS.length,
    90_000,
    'the seeded creations in the feed',
    250,
  );
}

/** The next getPublicFeed request whose parameters include `params` (its first page: no cursor). */
function feedRequest(page: Page, params: Record<string, string>): Promise<Request> {
  return page.waitForRequest((request) => {
    if (!request.url().includes('/getPublicFeed?')) return false;
    const sent = new URL(request.url()).searchParams;
    return !sent.has('cursor') && Object.entries(params).every(([name, value]) => sent.get(name) === value);
  });
}

/** Whether the page is wider than its window (a horizontal scroll). */
const overflows = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth > document.documentElement.clientWidth);

/** The header on screen, for its screenshots. */
async function headerShot(page: Page, name: string): Promise<void> {
  await page.getByTestId('feed-skeleton').waitFor({ state: 'detached' });
  await settle(page);
  await page.locator('.feed__header').evaluate((header) => window.scrollTo(0, header.getBoundingClientRect().top + window.scrollY - 96));
  await viewportShot(page, name);
}

describe('the feed: order, period, search and tag in the address', () => {
  const app = productInChromium({ GENERATION_PROVIDER: 'instant' });
  let page: Page;

  beforeAll(async () => {
    page = await (await app.browser.newContext({ viewport: DESKTOP })).newPage();
    await signInThroughUi(page, app.baseUrl, newEmail('feed-search'));
    await seedCreations(app.baseUrl, await page.evaluate(() => localStorage.getItem('auth_token') ?? ''));
  }, 150_000);

  it('switches to Top of this week: the address, the request and the controls follow, Back undoes it', async () => {
    await page.goto(`${app.baseUrl}/`);
    const order = page.getByRole('group', { name: 'Order' });
    await page.getByTestId('feed-item').first().waitFor();
    expect(await order.getByRole('radio', { name: 'New' }).isChecked()).toBe(true);
    expect(await page.getByRole('group', { name: 'Period' }).count()).toBe(0);
    await headerShot(page, 'feed-search-default-desktop');
    await page.setViewportSize(MOBILE);
    expect(await overflows(page)).toBe(false);
    await headerShot(page, 'feed-search-default-mobile');
    await page.setViewportSize(DESKTOP);

    let asked = feedRequest(page, { sort: 'top' });
    await order.getByRole('radio', { name: 'Top' }).check();
    expect(new URL((await asked).url()).searchParams.has('period')).toBe(false);
    await page.waitForURL((url) => url.search === '?sort=top');
    const period = page.getByRole('group', { name: 'Period' });
    expect(await period.getByRole('radio', { name: 'All time' }).isChecked()).toBe(true);

    asked = feedRequest(page, { sort: 'top', period: 'week' });
    await period.getByRole('radio', { name: 'This week' }).check();
    await asked;
    await page.waitForURL((url) => url.search === '?sort=top&period=week');
    await page.getByTestId('feed-item').first().waitFor();
    await headerShot(page, 'feed-search-top-week-desktop');

    // The arrows move within a group, as radios do (Top of all time was loaded a moment ago: no new request).
    await period.getByRole('radio', { name: 'This week' }).focus();
    await page.keyboard.press('ArrowRight');
    await page.waitForURL((url) => url.search === '?sort=top');
    expect(await period.getByRole('radio', { name: 'All time' }).isChecked()).toBe(true);

    await page.goBack();
    await page.waitForURL((url) => url.search === '?sort=top&period=week');
    await expect.poll(() => period.getByRole('radio', { name: 'This week' }).isChecked()).toBe(true);

    // A phone: every segment a finger's size, nothing wider than the screen.
    await page.setViewportSize(MOBILE);
    const segments = await page.locator('.segmented__option').evaluateAll((labels) => labels.map((label) => label.getBoundingClientRect().height));
    // Signed in: New, Trending, Top, Following (issue 46), and the three periods.
    expect(segments).toHaveLength(7);
    expect(Math.min(...segments)).toBeGreaterThanOrEqual(44);
    expect(await overflows(page)).toBe(false);
    await headerShot(page, 'feed-search-top-week-mobile');
    await page.setViewportSize(DESKTOP);
  });

  it('searches on Enter: the words go in the address and the request, show as a chip, and a link restores it all', async () => {
    await page.goto(`${app.baseUrl}/?sort=top&period=week`);
    const box = page.getByRole('searchbox', { name: 'Search creations' });
    expect(await box.getAttribute('maxlength')).toBe('100');
    await box.fill('neon rain');
    const asked = feedRequest(page, { sort: 'top', period: 'week', q: 'neon rain' });
    await box.press('Enter');
    await asked;
    await page.waitForURL((url) => url.search === '?sort=top&period=week&q=neon+rain');
    await page.getByText('Results for “neon rain”').waitFor();
    await headerShot(page, 'feed-search-query-desktop');

    // The same address in a new page: the same search, order and period, asked of the server.
    const fresh = await page.context().newPage();
    const first = feedRequest(fresh, { sort: 'top', period: 'week', q: 'neon rain' });
    await fresh.goto(page.url());
    await first;
    expect(await fresh.getByRole('searchbox', { name: 'Search creations' }).inputValue()).toBe('neon rain');
    expect(await fresh.getByRole('radio', { name: 'Top' }).isChecked()).toBe(true);
    expect(await fresh.getByRole('radio', { name: 'This week' }).isChecked()).toBe(true);
    await fresh.getByText('Results for “neon rain”').waitFor();
    await fresh.setViewportSize(MOBILE);
    expect(await overflows(fresh)).toBe(false);
    await headerShot(fresh, 'feed-search-query-mobile');
    await fresh.close();

    // The chip's clear takes the search away and leaves the order.
    await page.getByRole('button', { name: 'Clear search “neon rain”' }).click();
    await page.waitForURL((url) => url.search === '?sort=top&period=week');
    await page.getByText('Results for').waitFor({ state: 'detached' });
    await expect.poll(() => box.inputValue()).toBe('');

    // One word, or #word, is the tag filter.
    await box.fill('#Tokyo');
    await box.press('Enter');
    await page.waitForURL((url) => url.search === '?sort=top&period=week&tag=tokyo');
    await page.getByText('#tokyo', { exact: true }).waitFor();
    await page.getByRole('button', { name: 'Clear tag #tokyo' }).click();
    await page.waitForURL((url) => url.search === '?sort=top&period=week');
    await expect.poll(() => box.inputValue()).toBe('');
    await page.getByRole('radio', { name: 'New' }).check();
    await page.waitForURL((url) => url.search === '');
  });

  it('says when a search finds nothing, and clears it', async () => {
    // The server's answer to this search is set here: the empty state is under test, not the matching.
    await page.route(/getPublicFeed\?.*q=/, (route) => route.fulfill({ json: { success: true, items: [], hasMore: false, nextCursor: null } }));
    try {
      for (const [label, viewport] of [
        ['desktop', DESKTOP],
        ['mobile', MOBILE],
      ] as const) {
        await page.setViewportSize(viewport);
        await page.goto(`${app.baseUrl}/?q=${encodeURIComponent('purple elephants')}`);
        await page.getByText('No creations match “purple elephants”').waitFor();
        expect(await overflows(page)).toBe(false);
        await headerShot(page, `feed-search-empty-${label}`);
      }
      await page.getByTestId('feed-empty').getByRole('button', { name: 'Clear search' }).click();
      await page.waitForURL((url) => url.search === '');
      await page.getByTestId('feed-item').first().waitFor();
      await expect.poll(() => page.getByRole('searchbox', { name: 'Search creations' }).inputValue()).toBe('');
    } finally {
      await page.unroute(/getPublicFeed\?.*q=/);
      await page.setViewportSize(DESKTOP);
    }
  });

  it("leads from a tag page's View All in Feed to the feed filtered by that tag", async () => {
    const tag = 'tokyo';
    // The tag page offers the feed when it shows only part of the tag's creations: it is told there are more.
    await page.route(/getTagPage\?/, async (route) => {
      const answer = (await (await route.fetch()).json()) as { totalCount: number };
      await route.fulfill({ json: { ...answer, totalCount: answer.totalCount + 100 } });
    });
    try {
      await page.goto(`${app.baseUrl}/tag/${tag}`);
      const asked = feedRequest(page, { tag });
      await page.getByRole('link', { name: 'View All in Feed' }).click();
      await page.waitForURL(`${app.baseUrl}/?tag=${tag}`);
      await asked;
      await page.getByText(`#${tag}`, { exact: true }).waitFor();
      await expect.poll(() => page.getByRole('searchbox', { name: 'Search creations' }).inputValue()).toBe(`#${tag}`);
      await page.getByRole('button', { name: `Clear tag #${tag}` }).click();
      await page.waitForURL(`${app.baseUrl}/`);
      await page.getByText(`#${tag}`, { exact: true }).waitFor({ state: 'detached' });
    } finally {
      await page.unroute(/getTagPage\?/);
    }
  });
});
