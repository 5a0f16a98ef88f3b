import path from 'node:path';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { DESKTOP, PHONE } from '../support/browser';
import { productInChromium } from '../support/product-in-chromium';
import { fullPageShots, settle, smallTapTargets, submitAstronautRun, uploadAstronaut } from '../support/screen';
import { until } from '../support/wait';
import { newEmail, signInThroughUi } from '../support/ui-sign-in';

/**
 * The story archive, a story page and a tag page (spec 3 §2, issue 12) in Chromium against the
 * built product. Screenshots at 1440×900 and 390×844 go to /tmp/story-shots (SHOTS_DIR to change).
 */

const EDITOR_TOKEN = 'e2e-story-editor-token-0123456789';
const SHOTS_DIR = process.env.SHOTS_DIR ?? '/tmp/story-shots';

interface StoryAnswer {
  story: { id: string; slug: string; title: string };
}

const shots = (page: Page, name: string) => fullPageShots(page, SHOTS_DIR, name);

async function createStory(baseUrl: string, fields: Record<string, unknown>): Promise<StoryAnswer['story']> {
  const res = await fetch(`${baseUrl}/api/story-api`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${EDITOR_TOKEN}`, 'Content-Type': 'application/json' },
    body: JSON.stringify(fields),
  });
  const body = (await res.json()) as StoryAnswer;
  expect(res.status, JSON.stringify(body)).toBe(200);
  return body.story;
}

/** A public custom creation, made by the worker; tagged with its preset type and its prompt's words. */
async function seedCreation(baseUrl: string, token: string): Promise<void> {
  await submitAstronautRun(baseUrl, token, 'Moonlit lighthouse keeper portrait', `stories-${Date.now().toString(36)}`);
  const feed = async () => ((await (await fetch(`${baseUrl}/api/getPublicFeed?limit=10`)).json()) as { items: Array<{ tags?: string[] }> }).items;
  await until(feed, (items) => items.some((item) => (item.tags ?? []).length > 0), 90_000, 'the seeded creation to reach the feed, tagged', 250);
}

describe('stories and tag pages', () => {
  // The tag page needs one creation, not a particular image: the instant engine makes it.
  const app = productInChromium({ STORY_EDITOR_TOKEN: EDITOR_TOKEN, GENERATION_PROVIDER: 'instant' });
  let featured: StoryAnswer['story'];
  let older: StoryAnswer['story'];
  let newest: StoryAnswer['story'];
  let imageUrl = '';

  beforeAll(async () => {
    const context = await app.browser.newContext({ viewport: DESKTOP });
    const page = await context.newPage();
    await signInThroughUi(page, app.baseUrl, newEmail('stories'));
    const token = await page.evaluate(() => localStorage.getItem('auth_token') ?? '');
    await context.close();

    // A picture stored by the product, addressed on the page's own origin (our media host).
    const uploaded = await uploadAstronaut(app.baseUrl, token);
    imageUrl = `${app.baseUrl}${new URL(uploaded.secure_url).pathname}`;

    featured = await createStory(app.baseUrl, {
      title: 'The Lantern in the Glass',
      teaser_text: 'Every night the mirror showed a light that was not in the room.',
      full_story_content: `She found the mirror at an estate sale.\n\n${imageUrl}\n\nThe light moved when she did not.\nIt waited for her.`,
      story_category: 'the-haunted',
      status: 'published',
      featured: true,
      hero_image_url: imageUrl,
    });
    older = await createStory(app.baseUrl, {
      title: 'Whispers Under the Stairs',
      teaser_text: 'The house remembered every name ever spoken in it.',
      full_story_content: 'The first whisper came on a Tuesday.\n\nBy Friday the house knew her name.',
      story_category: 'the-haunted',
      status: 'published',
      featured: false,
    });
    newest = await createStory(app.baseUrl, {
      title: 'A Halo of Gold Leaf',
      teaser_text: 'The painter gave every saint her face.',
      full_story_content: 'Gold leaf is thinner than a breath.\n\nShe laid it on with a squirrel-hair brush.',
      story_category: 'the-divine',
      status: 'published',
      featured: false,
    });
    await createStory(app.baseUrl, {
      title: 'An Unfinished Draft',
      teaser_text: 'Not ready yet.',
      full_story_content: 'Still being written.',
      story_category: 'the-divine',
      status: 'draft',
    });
    await seedCreation(app.baseUrl, token);
  }, 180_000);

  it('lists the published stories, featured first, and filters them by category', async () => {
    const page = await app.browser.newPage({ viewport: DESKTOP });
    await page.goto(`${app.baseUrl}/story`);
    const cards = page.getByTestId('story-card');
    await expect.poll(() => cards.count()).toBe(3);
    expect(await cards.allInnerTexts()).toEqual([
      expect.stringContaining(featured.title),
      expect.stringContaining(newest.title),
      expect.stringContaining(older.title),
    ]);
    expect(await page.getByText('An Unfinished Draft').count()).toBe(0);
    expect(await page.title()).toContain('Stories');
    await shots(page, 'story-archive');

    const filters = page.getByRole('navigation', { name: 'Story categories' });
    await filters.getByRole('button', { name: 'The Divine' }).click();
    await expect.poll(() => cards.count()).toBe(1);
    await cards.getByText(newest.title).waitFor();
    await page.getByText('Halos, gold leaf and the light that finds you first.').waitFor();

    await filters.getByRole('button', { name: 'The Haunted' }).click();
    await expect.poll(() => cards.count()).toBe(2);
    // Clicking the selected category again resets the filter.
    await filters.getByRole('button', { name: 'The Haunted' }).click();
    await expect.poll(() => cards.count()).toBe(3);
    expect(await filters.getByRole('button', { name: 'All' }).getAttribute('aria-pressed')).toBe('true');

    await filters.getByRole('button', { name: 'The Masked' }).click();
    await page.getByText('No The Masked stories yet').waitFor();
    await page.close();
  });

  it('opens a story with its body, inline image, previous / next and Share', async () => {
    const context = await app.browser.newContext({ viewport: DESKTOP });
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: app.baseUrl });
    const page = await context.newPage();
    // No Web Share API here: Share copies the link.
    await page.addInitScript(() => Object.defineProperty(navigator, 'share', { value: undefined }));
    await page.goto(`${app.baseUrl}/story`);
    await page.getByTestId('story-card').filter({ hasText: newest.title }).click();
    await page.waitForURL(`${app.baseUrl}/story/${newest.slug}`);
    await page.getByRole('heading', { level: 1, name: newest.title }).waitFor();
    await page.getByText('She laid it on with a squirrel-hair brush.').waitFor();
    await expect.poll(() => page.title()).toContain(newest.title);
    await shots(page, 'story-page-no-hero');

    const more = page.getByRole('navigation', { name: 'More stories' });
    await more.getByRole('link', { name: new RegExp(featured.title) }).waitFor();
    await more.getByRole('link', { name: new RegExp(older.title) }).waitFor();

    await page.getByRole('button', { name: 'Share' }).click();
    await page.getByText('Story link copied to clipboard!').waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(`${app.baseUrl}/story/${newest.slug}`);

    // Previous: the featured story, with its hero and the inline picture from our media host.
    await more.getByRole('link', { name: /Previous story/ }).click();
    await page.waitForURL(`${app.baseUrl}/story/${featured.slug}`);
    await page.getByRole('heading', { level: 1, name: featured.title }).waitFor();
    expect(await page.locator('.story__body img').getAttribute('src')).toBe(imageUrl);
    expect(await page.locator('.story__body').textContent()).not.toContain('http');
    expect(await more.getByRole('link', { name: /Previous story/ }).count()).toBe(0);
    await shots(page, 'story-page');

    // Next from the newest goes to the older one; Back to Stories returns to the archive.
    await page.goto(`${app.baseUrl}/story/${newest.slug}`);
    await more.getByRole('link', { name: /Next story/ }).click();
    await page.getByRole('heading', { level: 1, name: older.title }).waitFor();
    await page.getByRole('link', { name: 'Back to Stories' }).first().click();
    await page.waitForURL(`${app.baseUrl}/story`);
    await context.close();
  });

  it("shows 'Story not found' for an unknown or unpublished slug, with a way back", async () => {
    const page = await app.browser.newPage({ viewport: DESKTOP });
    await page.goto(`${app.baseUrl}/story/an-unfinished-draft`);
    await page.getByText('Failed to load story').waitFor();
    await page.getByText('Story not found').waitFor();
    await shots(page, 'story-not-found');
    await page.getByRole('link', { name: 'Back to Stories' }).click();
    await page.waitForURL(`${app.baseUrl}/story`);
    await page.close();
  });

  it('gives every link and button a finger-sized target on a phone: stories, a story, a tag page, the feed', async () => {
    const page = await app.browser.newPage({ ...PHONE, isMobile: true, hasTouch: true });
    const feed = (await (await fetch(`${app.baseUrl}/api/getPublicFeed?limit=10`)).json()) as { items: Array<{ tags?: string[] }> };
    const tag = feed.items.flatMap((item) => item.tags ?? [])[0]!;
    for (const [path, ready] of [
      ['/story', () => page.getByRole('link', { name: /The Lantern in the Glass/ }).first().waitFor()],
      [`/story/${featured.slug}`, () => page.getByRole('heading', { level: 1, name: 'The Lantern in the Glass' }).waitFor()],
      [`/tag/${encodeURIComponent(tag)}`, () => page.getByTestId('tag-media').first().waitFor()],
      ['/', () => page.getByTestId('feed-item').first().waitFor()],
    ] as const) {
      await page.goto(`${app.baseUrl}${path}`);
      await ready();
      await settle(page);
      expect(await smallTapTargets(page), path).toEqual([]);
      if (path === '/story') await page.screenshot({ path: `${SHOTS_DIR}/stories-phone-targets.png` });
    }
    await page.close();
  });

  it('reaches a tag page from a tag in the viewer, and serves its structured data', async () => {
    const page = await app.browser.newPage({ viewport: DESKTOP });
    await page.goto(app.baseUrl);
    await page.getByTestId('feed-item').first().getByRole('button', { name: /^Open/ }).click();
    const viewer = page.getByRole('dialog', { name: 'Media viewer' });
    const tags = viewer.getByRole('list', { name: 'Tags' });
    // The item's tags: its preset type's and its prompt's words.
    const link = tags.getByRole('link').first();
    await link.waitFor();
    await settle(page);
    await page.screenshot({ path: path.join(SHOTS_DIR, 'viewer-tags-desktop.png') });
    const href = (await link.getAttribute('href')) ?? '';
    const tag = decodeURIComponent(href.replace('/tag/', ''));
    expect(tag).not.toBe('');
    await link.click();
    await page.waitForURL(`${app.baseUrl}/tag/${tag}`);
    await viewer.waitFor({ state: 'detached' });

    await page.getByRole('heading', { level: 1, name: `#${tag}` }).waitFor();
    await expect.poll(() => page.getByTestId('tag-count').textContent()).toBe('1 image');
    const media = page.getByTestId('tag-media');
    await expect.poll(() => media.count()).toBe(1);
    await media.getByText('Moonlit lighthouse keeper portrait').waitFor();
    const popular = page.getByRole('navigation', { name: 'Popular tags' });
    expect(await popular.getByRole('link').count()).toBeGreaterThan(0);
    expect(await popular.getByRole('link').count()).toBeLessThanOrEqual(8);
    expect(await page.getByRole('link', { name: 'View All in Feed' }).count()).toBe(0);
    expect(await page.title()).toContain(`#${tag}`);
    await shots(page, 'tag-page');

    // A popular tag leads to its own page.
    const other = popular.getByRole('link').first();
    const otherTag = decodeURIComponent(((await other.getAttribute('href')) ?? '').replace('/tag/', ''));
    await other.click();
    await page.getByRole('heading', { level: 1, name: `#${otherTag}` }).waitFor();

    await page.goto(`${app.baseUrl}/tag/nobody-uses-this-tag`);
    await page.getByText('Tag not found').waitFor();
    await page.getByRole('link', { name: 'Back to Feed' }).first().click();
    await page.waitForURL(`${app.baseUrl}/`);
    await page.close();

    const html = await (await fetch(`${app.baseUrl}/tag/${tag}`, { headers: { Accept: 'text/html' } })).text();
    const jsonLd = html.match(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/)?.[1];
    expect(jsonLd).toBeDefined();
    const data = JSON.parse(jsonLd!) as { '@type': string; associatedMedia: Array<{ '@type': string }> };
    expect(data['@type']).toBe('ImageGallery');
    expect(data.associatedMedia.length).toBeGreaterThan(0);
    expect(data.associatedMedia.length).toBeLessThanOrEqual(10);
    expect(data.associatedMedia[0]!['@type']).toBe('ImageObject');
  });
});
