import path from 'node:path';
import type { Page } from 'playwright-core';
import { repoRoot } from './process';
import { acceptAgreement } from './ui-sign-in';

const ASTRONAUT = path.join(repoRoot, 'tests/fixtures/faces/astronaut.png');

/** Picks the astronaut through the composer (the agreement accepted) and waits until it is uploaded. */
export async function uploadSelfie(page: Page): Promise<void> {
  await page.getByTestId('composer-file-input').setInputFiles(ASTRONAUT);
  await acceptAgreement(page);
  await page.getByRole('region', { name: 'Composer' }).getByTestId('composer-preview').waitFor();
  await page.getByRole('progressbar', { name: 'Uploading' }).waitFor({ state: 'detached', timeout: 150_000 });
}

/** Counts the browser's unified-generate calls from now on. */
export function countSubmits(page: Page): () => number {
  let submits = 0;
  page.on('request', (request) => {
    if (request.url().includes('unified-generate')) submits += 1;
  });
  return () => submits;
}

/** Opens a mode of the composer: its own button, or the More menu (on the phone and for Story Time). */
export async function openMode(page: Page, name: string): Promise<void> {
  const composer = page.getByRole('region', { name: 'Composer' });
  const direct = composer.getByRole('group', { name: 'Modes' }).getByRole('button', { name, exact: true });
  if ((await direct.count()) > 0 && (await direct.isVisible())) {
    await direct.click();
    return;
  }
  await composer.getByRole('button', { name: 'More', exact: true }).click();
  await page.getByRole('menuitem', { name: new RegExp(name) }).click();
}
