import path from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DESKTOP, PHONE, screenshot } from '../support/browser';
import { repoRoot } from '../support/process';
import { productInChromium } from '../support/product-in-chromium';
import { settle, uploadAstronaut } from '../support/screen';
import { acceptAgreement, newEmail, signedInPage, signInThroughApi } from '../support/ui-sign-in';

const ASTRONAUT = path.join(repoRoot, 'tests/fixtures/faces/astronaut.png');
/** Runs of other people put ahead of the browser's. */
const AHEAD = 12;

/**
 * The queued card (issue 41) as a person watches it: with a dozen slow runs of other people
 * ahead of their quick one, its place only falls, its wait counts down every second between
 * the server's estimates, and the first wait it shows is close to the real one.
 */

/** The line as it changed, recorded in the page every 100 ms (`t`: ms since recording began; null: no run shown). */
interface Seen {
  t: number;
  text: string | null;
}

declare global {
  interface Window {
    queueLineLog?: Seen[];
  }
}

/** Records the run's line in the page until it is gone (the run done). */
async function recordLine(page: Page, selector: string): Promise<void> {
  await page.evaluate((selector) => {
    const log: Seen[] = [];
    window.queueLineLog = log;
    const start = performance.now();
    const timer = window.setInterval(() => {
      const text = document.querySelector(selector)?.textContent ?? null;
      if (log.at(-1)?.text !== text) log.push({ t: performance.now() - start, text });
      if (text === null && log.length > 1) window.clearInterval(timer);
    }, 100);
  }, selector);
}

/** Where the run waits by its line: "next" is 0, "3 ahead" 3. */
const placeOf = (text: string) => (text.includes('· next') ? 0 : Number(/(\d+) ahead/.exec(text)?.[1]));
const waitOf = (text: string) => Number(/about\s(\d+)\s(s|min)/.exec(text)?.[1]) * (/about\s\d+\smin/.test(text) ? 60 : 1);

async function post(baseUrl: string, token: string, name: string, body: unknown): Promise<Response> {
  return fetch(`${baseUrl}/.netlify/functions/${name}`, { method: 'POST', headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' }, body: JSON.stringify(body) });
}

const SLOW_LOOK = { mode: 'unrealreflection', unrealReflectionPresetId: 'unreal_reflection_syndicate' } as const;

const VIEWPORTS = [
  { label: 'desktop', options: { viewport: DESKTOP }, runsPage: '/profile', line: '.media-card.is-pending .live-run__text' },
  { label: 'phone', options: { ...PHONE, isMobile: true, hasTouch: true }, runsPage: '/gallery', line: '.creating-overlay__live' },
] as const;

describe('the queued card in Chromium (issue 41)', () => {
  // Unreal Reflection renders on the local engine, one run at a time, 2 s each; custom prompts are instant.
  const app = productInChromium({
    GENERATION_PROVIDER: 'instant',
    GENERATION_PROVIDER_UNREAL_REFLECTION: 'local',
    LOCAL_PROVIDER_DELAY_MS: '2000',
    WORKER_GENERATION_CONCURRENCY: '1',
  });

  for (const { label, options, runsPage, line } of VIEWPORTS) {
    it(`${label}: with ${AHEAD} slow runs of other people ahead, the place only falls, the wait changes each second and starts near the real wait`, async () => {
      const page = await signedInPage(app, `queue-card-${label}`, options);
      const token = await page.evaluate(() => localStorage.getItem('auth_token') ?? '');
      // History: the running times of both looks are measured on runs already done.
      const photo = await uploadAstronaut(app.baseUrl, token);
      const warm = ['slow', 'slow', 'slow', 'quick'].map((look, i) => ({ look, runId: `warm-${i}-${Date.now().toString(36)}` }));
      for (const { look, runId } of warm) {
        const body = look === 'slow' ? SLOW_LOOK : { mode: 'custom', prompt: 'A warm-up portrait' };
        expect((await post(app.baseUrl, token, 'unified-generate', { ...body, sourceAssetId: photo.secure_url, runId })).status).toBe(202);
      }
      await expect
        .poll(async () => (await fetch(`${app.baseUrl}/.netlify/functions/getMediaByRunId?runId=${warm[2]!.runId}`, { headers: { Authorization: `Bearer ${token}` } })).status, {
          timeout: 60_000,
          interval: 500,
        })
        .toBe(200);

      // Other people, each with a photo uploaded and a slow run to submit.
      const others = await Promise.all(
        Array.from({ length: AHEAD }, async (_, i) => {
          const session = await signInThroughApi(app.baseUrl, newEmail(`ahead-${label}-${i}`));
          return { token: session.accessToken, photo: await uploadAstronaut(app.baseUrl, session.accessToken) };
        }),
      );

      await page.getByTestId('composer-file-input').setInputFiles(ASTRONAUT);
      await acceptAgreement(page);
      const composer = page.getByRole('region', { name: 'Composer' });
      await composer.getByTestId('composer-preview').waitFor();
      await page.getByRole('progressbar', { name: 'Uploading' }).waitFor({ state: 'detached', timeout: 150_000 });
      await composer.getByLabel('Prompt', { exact: true }).fill('Me as a ferry captain');
      for (const [i, other] of others.entries()) {
        const res = await post(app.baseUrl, other.token, 'unified-generate', { ...SLOW_LOOK, sourceAssetId: other.photo.secure_url, runId: `ahead-${i}-${Date.now().toString(36)}` });
        expect(res.status).toBe(202);
      }
      await composer.getByRole('button', { name: 'Generate' }).click();
      await page.waitForURL(`${app.baseUrl}${runsPage}`);
      await recordLine(page, line);
      await page.locator(line).getByText(/^In queue · \d+ ahead/).waitFor({ timeout: 20_000 });
      await settle(page);
      await screenshot(page, `queue-card-queued-${label}`);
      await expect.poll(() => page.evaluate(() => window.queueLineLog?.at(-1)?.text === null), { timeout: 120_000, interval: 500 }).toBe(true);
      const log = (await page.evaluate(() => window.queueLineLog))!;

      // The lines once the server told the run's place (before it, the card says "In queue").
      const queued = log.filter((s) => /^In queue · (next|\d+ ahead)/.test(s.text ?? ''));
      const places = queued.map((s) => placeOf(s.text!));
      // While a wait of 5 s or more is shown (under it the line says "a few s" and only the place moves).
      const counting = queued.filter((s) => /about\s\d+\s/.test(s.text!));
      const gaps = counting.slice(1).map((s, i) => s.t - counting[i]!.t);
      const lineGaps = queued.slice(1).map((s, i) => s.t - queued[i]!.t);
      console.log(
        `queue card (${label}): places ${places.join(',')}; ${counting.length} waits shown, longest unchanged ${Math.round(Math.max(...lineGaps))} ms; ` +
          `first line "${queued[0]?.text}", ${((log.at(-1)!.t - (queued[0]?.t ?? 0)) / 1000).toFixed(1)} s before done`,
      );
      // The first line already tells a wait in seconds ("a few s" it is not, with a dozen ahead).
      const first = queued[0]!;
      expect(first.text).toMatch(/ · about\s\d+\s(s|min)$/);
      const actual = (log.at(-1)!.t - first.t) / 1000;
      const longest = gaps.indexOf(Math.max(...gaps));
      console.log(
        `queue card (${label}): first wait ${waitOf(first.text!)} s, actual ${actual.toFixed(1)} s; longest wait unchanged between ` +
          counting.slice(Math.max(0, longest - 1), longest + 3).map((s) => `${Math.round(s.t)} "${s.text}"`).join(', '),
      );

      expect(places[0]).toBeGreaterThanOrEqual(AHEAD - 2);
      expect(places).toEqual([...places].sort((a, b) => b - a));
      // A change each second: half the changes within 1.2 s of the one before, none more than 4 s
      // after it. The slack is for a box running two browser files beside the local engine's renders:
      // an event that re-anchors the wait a second up can show the number already shown (3.0 s seen
      // there once); the old card kept its line for 16 s.
      expect(counting.length).toBeGreaterThan(10);
      expect([...gaps].sort((a, b) => a - b)[Math.floor(gaps.length / 2)]).toBeLessThanOrEqual(1_200);
      expect(Math.max(...gaps)).toBeLessThanOrEqual(4_000);
      // Near the real wait (the 30 % goal is measured over several runs in queue-position.test.ts;
      // one run on a busy machine gets some slack).
      expect(Math.abs(waitOf(first.text!) - actual) / actual).toBeLessThanOrEqual(0.5);
      await page.close();
    }, 300_000);
  }
});
