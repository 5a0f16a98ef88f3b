import fs from 'node:fs';
import path from 'node:path';
import type { Story } from '@app/shared/api/stories';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DESKTOP } from '../support/browser';
import { productInChromium } from '../support/product-in-chromium';
import { repoRoot } from '../support/process';
import { settle } from '../support/screen';

/**
 * The story authoring tool /StoryCreation (spec 3 §2, §4, §5, §8; issue 12) in Chromium against
 * the built product: the token gate, create as draft, publish, the required fields, delete.
 * Screenshots at 1440×900 go to /tmp/editor-shots (SHOTS_DIR to change).
 */

const TOKEN = 'e2e-story-editor-token-0123456789';
const SHOTS_DIR = process.env.SHOTS_DIR ?? '/tmp/editor-shots';
const STAMP = Date.now().toString(36);
const TITLE = `The Mirror in the Attic ${STAMP}`;
const SLUG = `the-mirror-in-the-attic-${STAMP}`;
const EDITED_TITLE = `The Mirror Remembers ${STAMP}`;

async function shot(page: Page, name: string): Promise<void> {
  fs.mkdirSync(SHOTS_DIR, { recursive: true });
  await settle(page);
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: path.join(SHOTS_DIR, `${name}.png`) });
  await page.screenshot({ path: path.join(SHOTS_DIR, `${name}-full.png`), fullPage: true });
}

describe('the story editor', () => {
  const app = productInChromium({ STORY_EDITOR_TOKEN: TOKEN });
  let context: BrowserContext;
  let page: Page;

  beforeAll(async () => {
    context = await app.browser.newContext({ viewport: DESKTOP });
    page = await context.newPage();
  });

  afterAll(async () => {
    await context?.close();
  });

  const published = async (): Promise<Story[]> => (await (await fetch(`${app.baseUrl}/api/story-api`)).json()) as Story[];
  const row = (title: string) => page.locator('.story-list__row').filter({ hasText: title });

  const keptToken = () => page.evaluate(() => localStorage.getItem('story_editor_token'));
  const enterToken = async (token: string) => {
    await page.getByLabel('Editor token').fill(token);
    await page.getByRole('button', { name: 'Open the editor' }).click();
  };

  it('refuses a wrong token', async () => {
    await page.goto(`${app.baseUrl}/StoryCreation`);
    await enterToken('not-the-token');
    await page.getByText('Invalid authentication token').waitFor();
    expect(await keptToken()).toBeNull();
    await shot(page, 'editor-token');
  });

  it('opens with the right token and keeps it', async () => {
    await enterToken(TOKEN);
    await page.getByRole('button', { name: 'New story' }).waitFor();
    expect(await keptToken()).toBe(TOKEN);
  });

  it('asks for the required fields before sending', async () => {
    await page.getByRole('button', { name: 'New story' }).click();
    await page.getByRole('button', { name: 'Save story' }).click();
    await page.getByText('Title, teaser text, and story content are required').waitFor();
  });

  it('creates a story as a draft, which shows in the list but not in public', async () => {
    expect(await page.getByLabel('Category').inputValue()).toBe('the-haunted');
    expect(await page.getByLabel('Status').inputValue()).toBe('draft');
    await page.getByLabel('Title').fill(TITLE);
    await page.getByText(`/story/${SLUG}`).waitFor();
    await page.getByLabel('Teaser').fill('Nobody had climbed the attic stairs in forty years.');
    await page.getByLabel('Category').selectOption('the-forgotten');
    await page
      .getByLabel('Story', { exact: true })
      .fill('The dust lay thick on the frame.\n\nWhen she wiped it clean, the reflection did not move with her.\n\nIt smiled first.');
    await page.getByLabel('Image URL').fill(`${app.baseUrl}/no-such-image.png`);
    await page.getByText('Preview failed. Please try again or paste an image URL manually.').waitFor();
    // The editor's token is all an upload needs (no separate sign-in).
    await page.locator('.hero-field').getByText('Upload an image').waitFor();
    await page.getByLabel('Live preview').getByText('It smiled first.').waitFor();
    await page.getByLabel('Image URL').fill('');
    await shot(page, 'editor-form');

    await page.getByRole('button', { name: 'Save story' }).click();
    await row(TITLE).waitFor();
    await row(TITLE).getByText('draft', { exact: true }).waitFor();
    await row(TITLE).getByText('The Forgotten').waitFor();
    expect((await published()).some((story) => story.slug === SLUG)).toBe(false);
    await shot(page, 'editor-list');
  });

  it('publishes the story under a new title, keeping its slug', async () => {
    await row(TITLE).getByRole('button', { name: `Edit ${TITLE}` }).click();
    expect(await page.getByLabel('Title').inputValue()).toBe(TITLE);
    await page.getByLabel('Title').fill(EDITED_TITLE);
    await page.getByText(`/story/${SLUG}`).waitFor();
    await page.getByLabel('Status').selectOption('published');
    await page.getByLabel('Featured').check();
    await page.getByRole('button', { name: 'Save changes' }).click();
    await row(EDITED_TITLE).getByText('published', { exact: true }).waitFor();
    await row(EDITED_TITLE).getByText('Featured').waitFor();

    const story = (await published()).find((item) => item.slug === SLUG);
    expect(story).toMatchObject({ title: EDITED_TITLE, status: 'published', featured: true, story_category: 'the-forgotten' });
    await shot(page, 'editor-list-published');

    const reader = await context.newPage();
    await reader.goto(`${app.baseUrl}/story/${SLUG}`);
    await reader.getByRole('heading', { name: EDITED_TITLE }).waitFor();
    await reader.close();
  });

  it('uploads a hero image with the editor token alone, refusing a file that is not an image, and shows it as a picture, not an address', async () => {
    await row(EDITED_TITLE).getByRole('button', { name: `Edit ${EDITED_TITLE}` }).click();
    const fileInput = page.locator('.hero-field input[type="file"]');
    await fileInput.setInputFiles(path.join(repoRoot, 'tests/fixtures/faces/README.md'));
    await page.getByText('Please select an image file').waitFor();
    await fileInput.setInputFiles(path.join(repoRoot, 'tests/fixtures/faces/astronaut.png'));
    // The stored image: its picture and file name, no address in a text field.
    await expect.poll(() => page.getByTestId('hero-stored').textContent(), { timeout: 30_000 }).toMatch(/^Uploaded: [0-9a-f]{24}\.(jpg|png|webp) Remove$/);
    expect(await page.getByLabel('Image URL').count()).toBe(0);
    const hero = page.getByRole('img', { name: 'Hero image preview' });
    await hero.waitFor();
    expect(await hero.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
    const heroUrl = await hero.getAttribute('src');
    await shot(page, 'editor-form-hero');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await row(EDITED_TITLE).waitFor();
    expect((await published()).find((story) => story.slug === SLUG)?.hero_image_url).toBe(heroUrl);
  });

  it('deletes the story after the confirmation', async () => {
    await row(EDITED_TITLE).getByRole('button', { name: `Delete ${EDITED_TITLE}` }).click();
    const dialog = page.getByRole('alertdialog');
    await dialog.getByText('Are you sure you want to delete this story? This action cannot be undone.').waitFor();
    await shot(page, 'editor-delete');
    await dialog.getByRole('button', { name: 'Delete' }).click();
    await page.getByText('Story deleted successfully').waitFor();
    await row(EDITED_TITLE).waitFor({ state: 'detached' });
    expect((await published()).some((story) => story.slug === SLUG)).toBe(false);
  });

  it('logs out and forgets the token', async () => {
    // Signed in, the app's own Logout is on screen too; this one ends only the editing session.
    await page.locator('.story-editor__header').getByRole('button', { name: 'Logout' }).click();
    await page.getByLabel('Editor token').waitFor();
    expect(await keptToken()).toBeNull();
  });
});
