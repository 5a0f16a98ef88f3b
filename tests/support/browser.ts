import fs from 'node:fs';
import path from 'node:path';
import { type Browser, type Page, chromium } from 'playwright-core';
import { repoRoot } from './process';

/**
 * Debian's headless shell when it is installed (the same Blink as /usr/bin/chromium, without the
 * desktop browser around it: a context opens in a third of the time), else Debian's Chromium.
 */
const HEADLESS_SHELL = '/usr/bin/chromium-headless-shell';
const chromiumPath = (): string => process.env.CHROMIUM_PATH ?? (fs.existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : '/usr/bin/chromium');

/** Headless Chromium with the flags this sandboxed machine needs. */
export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: chromiumPath(),
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

/** A phone's user agent (Lighthouse's Moto G Power): the server draws the home for the device that asks. */
export const PHONE_USER_AGENT =
  'Mozilla/5.0 (Linux; Android 11; moto g power (2022)) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Mobile Safari/537.36';

/** A phone as a page and the server see it: its screen and its user agent (spread into newPage / newContext). */
export const PHONE = { viewport: MOBILE, userAgent: PHONE_USER_AGENT } as const;

/** The two devices a page is checked on, by name: a laptop and a phone (spread into newPage / newContext). */
export const DEVICES = [
  ['desktop', { viewport: DESKTOP }],
  ['mobile', PHONE],
] as const;


export const artifactsDir = path.join(repoRoot, 'artifacts', 'screenshots');

/** Saves a full-page screenshot as a test artifact (artifacts/screenshots/<name>.png). */
export async function screenshot(page: Page, name: string): Promise<string> {
  fs.mkdirSync(artifactsDir, { recursive: true });
  const file = path.join(artifactsDir, `${name}.png`);
  await page.screenshot({ path: file, fullPage: true });
  return file;
}

/** The page's console errors and uncaught exceptions, gathered as they happen (a test expects none). */
export function pageProblems(page: Page): string[] {
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(message.text());
  });
  page.on('pageerror', (error) => problems.push(error.message));
  return problems;
}

/** Sums every layout shift of the page's loads into `window.__layoutShift` (Lighthouse's CLS: the goal is ≤ 0.02). */
export async function measureLayoutShift(page: Page): Promise<void> {
  await page.addInitScript(() => {
    window.__layoutShift = 0;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as Array<PerformanceEntry & { value: number; hadRecentInput: boolean }>) {
        if (!entry.hadRecentInput) window.__layoutShift += entry.value;
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
}
