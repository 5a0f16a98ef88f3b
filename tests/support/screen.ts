import fs from 'node:fs';
import path from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { DESKTOP, MOBILE, artifactsDir } from './browser';
import { repoRoot } from './process';

/** Waits until the screen is still: fonts, every picture (lazy ones too) and the entrance animations. */
export async function settle(page: Page): Promise<void> {
  await page.evaluate(() => document.fonts.ready);
  // A full-page screenshot shows the whole grid: load the pictures lazy loading would keep for later.
  await page.evaluate(() => {
    for (const img of Array.from(document.querySelectorAll('img[loading="lazy"]'))) img.setAttribute('loading', 'eager');
  });
  await page.waitForLoadState('networkidle').catch(() => {});
  await page.waitForFunction(() => Array.from(document.images).every((img) => img.complete), undefined, { timeout: 10_000 }).catch(() => {});
  // Let entrance animations finish. Left alone: the spinners, which run forever, and countdowns
  // (a toast's 4.2 s bar), which are a state to show, not an entrance; a paused one too, e.g. a
  // toast's countdown held while the pointer rests on it, which finishes only once resumed.
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((animation) => {
          const timing = animation.effect?.getComputedTiming();
          return animation.playState === 'running' && timing?.iterations !== Infinity && Number(timing?.endTime ?? 0) <= 2_000;
        })
        .map((animation) => animation.finished.catch(() => {})),
    ),
  );
  await page.waitForTimeout(150);
}

/** A screenshot of what is on screen (full-screen overlays), as artifacts/screenshots/<name>.png. */
export async function viewportShot(page: Page, name: string): Promise<void> {
  fs.mkdirSync(artifactsDir, { recursive: true });
  await page.screenshot({ path: path.join(artifactsDir, `${name}.png`) });
}

/**
 * Closes the media viewer with Escape and waits until its address (/m/<id>) has gone back too:
 * the close is a history step, and a visit started before it lands is aborted by it.
 */
export async function closeViewer(page: Page, viewer: Locator): Promise<void> {
  await page.keyboard.press('Escape');
  await viewer.waitFor({ state: 'detached' });
  await page.waitForURL((url) => !url.pathname.startsWith('/m/'));
}

/** Uploads the astronaut through a running product as the composer does: sign, then the multipart upload. */
export async function uploadAstronaut(baseUrl: string, token: string): Promise<{ secure_url: string; width: number; height: number }> {
  return uploadImage(baseUrl, token, fs.readFileSync(path.join(repoRoot, 'tests/fixtures/faces/astronaut.png')));
}

/** Uploads a PNG through a running product as the composer does: sign, then the multipart upload. */
export async function uploadImage(baseUrl: string, token: string, png: Buffer): Promise<{ secure_url: string; width: number; height: number }> {
  const headers = { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' };
  const signRes = await fetch(`${baseUrl}/api/cloudinary-sign`, { method: 'POST', headers, body: JSON.stringify({ folder: 'sources' }) });
  const signed = (await signRes.json()) as { timestamp: number; signature: string; apiKey: string; cloudName: string; folder: string };
  const form = new FormData();
  form.set('timestamp', String(signed.timestamp));
  form.set('signature', signed.signature);
  form.set('api_key', signed.apiKey);
  form.set('folder', signed.folder);
  form.set('file', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'photo.png');
  const res = await fetch(`${baseUrl}/v1_1/${signed.cloudName}/auto/upload`, { method: 'POST', body: form });
  if (res.status !== 200) throw new Error(`upload answered ${res.status}`);
  return (await res.json()) as { secure_url: string; width: number; height: number };
}

/**
 * The visible links and buttons of the page whose box is under `min` px on a side (a finger's
 * size on a phone: 44 px), as "text (w×h)". Links inside running text count too, unless they
 * sit in a paragraph of the page's prose (`.legal`, story bodies), where the words around them
 * set the line's height.
 */
export async function smallTapTargets(page: Page, min = 44): Promise<string[]> {
  return page.evaluate((min) => {
    const small: string[] = [];
    for (const element of Array.from(document.querySelectorAll<HTMLElement>('a[href], button, [role="button"], input[type="checkbox"], select'))) {
      const box = element.getBoundingClientRect();
      const style = getComputedStyle(element);
      if (box.width === 0 || box.height === 0 || style.visibility === 'hidden' || element.closest('[inert], [aria-hidden="true"]')) continue;
      if (element.closest('.legal, .legal-sheet, .story-body, .visually-hidden')) continue;
      if (box.width < min || box.height < min) {
        const label = (element.getAttribute('aria-label') ?? element.textContent ?? '').trim().replace(/\s+/g, ' ').slice(0, 40);
        small.push(`${label} (${Math.round(box.width)}×${Math.round(box.height)})`);
      }
    }
    return small;
  }, min);
}

/** Full-page screenshots at the desktop and the phone size, as <dir>/<name>-desktop.png and -mobile.png; leaves the page at desktop size. */
export async function fullPageShots(page: Page, dir: string, name: string): Promise<void> {
  fs.mkdirSync(dir, { recursive: true });
  for (const [label, viewport] of [
    ['desktop', DESKTOP],
    ['mobile', MOBILE],
  ] as const) {
    await page.setViewportSize(viewport);
    await settle(page);
    await page.screenshot({ path: path.join(dir, `${name}-${label}.png`), fullPage: true });
  }
  await page.setViewportSize(DESKTOP);
}

/** Uploads the astronaut and submits a custom-prompt run of it through a running product, as the composer does; expects it accepted. */
export async function submitAstronautRun(baseUrl: string, token: string, prompt: string, runId: string): Promise<void> {
  const uploaded = await uploadAstronaut(baseUrl, token);
  const res = await fetch(`${baseUrl}/.netlify/functions/unified-generate`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
    body: JSON.stringify({ mode: 'custom', prompt, sourceAssetId: uploaded.secure_url, sourceWidth: uploaded.width, sourceHeight: uploaded.height, runId }),
  });
  if (res.status !== 202) throw new Error(`unified-generate answered ${res.status}: ${await res.text()}`);
}

/** Scrolls down the page `step` px at a time, `pauseMs` apart, then back to the top: every lazy image gets asked for. */
export async function scrollThroughPage(page: Page, step: number, pauseMs: number): Promise<void> {
  await page.evaluate(
    async ([by, pause]) => {
      for (let y = 0; y < document.body.scrollHeight; y += by) {
        window.scrollTo(0, y);
        await new Promise((resolve) => setTimeout(resolve, pause));
      }
      window.scrollTo(0, 0);
    },
    [step, pauseMs] as const,
  );
}
