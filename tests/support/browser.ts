import fs from 'node:fs';
import path from 'node:path';
import { type Browser, type Page, chromium } from 'playwright-core';
import { repoRoot } from './process';

/** Debian's Chromium, headless, with the flags this sandboxed machine needs. */
export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--disable-quic',
      '--no-first-run',
    ],
  });
}

export const DESKTOP = { width: 1440, height: 900 } as const;
export const MOBILE = { width: 390, height: 844 } as const;

/** The two sizes a page is checked at, by name: a laptop and a phone. */
export const VIEWPORTS = [
  ['desktop', DESKTOP],
  ['mobile', MOBILE],
] as const;

export const artifactsDir = path.join(repoRoot, 'artifacts', 'screenshots');

/** Saves a full-page screenshot as a test artifact (artifacts/screenshots/<name>.png). */
export async function screenshot(page: Page, name: string): Promise<string> {
  fs.mkdirSync(artifactsDir, { recursive: true });
  const file = path.join(artifactsDir, `${name}.png`);
  await page.screenshot({ path: file, fullPage: true });
  return file;
}
