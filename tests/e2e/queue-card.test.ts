import path from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DESKTOP, PHONE, screenshot } from '../support/browser';
import { repoRoot } from '../support/process';
import { productInChromium } from '../support/product-in-chromium';
import { settle, submitAstronautRun, uploadAstronaut } from '../support/screen';
import { acceptAgreement, newEmail, signedInPage, signInThroughApi } from '../support/ui-sign-in';

const ASTRONAUT = path.join(repoRoot, 'tests/fixtures/faces/astronaut.png');
/** Runs of other people put ahead of the browser's. */
const AHEAD = 12;

/** The card's line as it changed, recorded in the page every 100 ms (`t` in ms since the recorder started). */
interface Seen {
  t: number;
  text: string | null;
}

declare global {
  interface Window {
    queueCardLog?: Seen[];
  }
}

/** Starts recording the pending card's line in the page (null once no card is pending). */
async function recordCard(page: Page, selector: string): Promise<void> {
  await page.evaluate((selector) => {
    const log: Seen[] = [];
    window.queueCardLog = log;
    const start = performance.now();
    const timer = window.setInterval(() => {
      const text = document.querySelector(selector)?.textContent ?? null;
      if (log.at(-1)?.text !== text) log.push({ t: performance.now() - start, text });
      if (text === null && log.length > 1) window.clearInterval(timer);
    }, 100);
  }, selector);
}

/** Where the run waits by its card: "next" is 0, "3 ahead" 3. */
const positionOf = (text: string) => (text.includes('· next') ? 0 : Number(/(\d+) ahead/.exec(text)?.[1] ?? Number.NaN));
const secondsOf = (text: string) => Number(/about (\d+)\s(s|min)/.exec(text)?.[1] ?? Number.NaN) * (/about \d+\smin/.test(text) ? 60 : 1);

async function tokenOf(page: Page): Promise<string> {
  return page.evaluate(() => localStorage.getItem('auth_token') ?? '');
}

async function runFinished(baseUrl: string, token: string, runId: string): Promise<void> {
  await expect
    .poll(async () => (await fetch(`${baseUrl}/.netlify/functions/getMediaByRunId?runId=${runId}`, { headers: { Authorization: `Bearer ${token}` } })).status, {
      timeout: 60_000,
      interval: 500,
    })
    .toBe(200);
}

describe('the queued card in Chromium (issue 41)', () => {
  // One render at a time, 1.5 s each: a dozen runs ahead make a wait of about 20 s.
  const app = productInChromium({ LOCAL_PROVIDER_DELAY_MS: '1500', WORKER_GENERATION_CONCURRENCY: '1' });

  it(`with ${AHEAD} runs of other people ahead, the card's place only falls, its wait counts down every second and starts near the real wait`, async () => {
    const page = await signedInPage(app, 'queue-card', { viewport: DESKTOP });
    const token = await tokenOf(page);
    // History: the engine's running time is measured on runs already done.
    const warm = [`warm-1-${Date.now().toString(36)}`, `warm-2-${Date.now().toString(36)}`];
    for (const runId of warm) await submitAstronautRun(app.baseUrl, token, 'A warm-up portrait', runId);
    await runFinished(app.baseUrl, token, warm[1]!);

    // Other people, each with a photo uploaded, ready to submit.
    const others = await Promise.all(
      Array.from({ length: Number(process.env.PROBE_PEOPLE ?? AHEAD) }, async (_, i) => {
        const session = await signInThroughApi(app.baseUrl, newEmail(`ahead-${i}`));
        const photo = await uploadAstronaut(app.baseUrl, session.accessToken);
        return { token: session.accessToken, photo };
      }),
    );

    await page.getByTestId('composer-file-input').setInputFiles(ASTRONAUT);
    await acceptAgreement(page);
    const composer = page.getByRole('region', { name: 'Composer' });
    await composer.getByTestId('composer-preview').waitFor();
    await page.getByRole('progressbar', { name: 'Uploading' }).waitFor({ state: 'detached', timeout: 150_000 });
    await composer.getByLabel('Prompt', { exact: true }).fill('Me as a ferry captain');
    for (let i = 0; i < AHEAD; i++) { const other = others[i % others.length]!;
      const res = await fetch(`${app.baseUrl}/.netlify/functions/unified-generate`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${other.token}`, 'Content-Type': 'application/json' },
        body: JSON.stringify({ mode: 'custom', prompt: `A portrait ${i}`, sourceAssetId: other.photo.secure_url, runId: `ahead-${i}-${Date.now().toString(36)}` }),
      });
      expect(res.status).toBe(202);
    }
    await composer.getByRole('button', { name: 'Generate' }).click();
    await page.waitForURL(`${app.baseUrl}/profile`);
    const selector = '.media-card.is-pending .live-run__text';
    await recordCard(page, selector);
    await page.locator(selector).getByText(/^In queue · \d+ ahead · about/).waitFor({ timeout: 20_000 });
    await settle(page);
    await screenshot(page, 'queue-card-queued-desktop');
    await page.getByText('Your media is ready').waitFor({ timeout: 120_000 });
    await expect.poll(() => page.evaluate(() => window.queueCardLog?.at(-1)?.text === null), { timeout: 15_000 }).toBe(true);
    const log = (await page.evaluate(() => window.queueCardLog))!;
    console.log(log.map((s) => `${(s.t / 1000).toFixed(1)} ${s.text}`).join('\n'));

    const queued = log.filter((s) => s.text?.startsWith('In queue'));
    const positions = queued.map((s) => positionOf(s.text!)).filter((p) => !Number.isNaN(p));
    const counting = queued.filter((s) => /about \d+\ss/.test(s.text!));
    const gaps = counting.slice(1).map((s, i) => s.t - counting[i]!.t);
    const firstWait = counting[0]!;
    const actual = (log.at(-1)!.t - firstWait.t) / 1000;
    console.log(`queue card: ${queued.length} texts, positions ${positions.join(',')}, longest unchanged ${Math.max(...gaps)} ms, first wait ${secondsOf(firstWait.text!)} s, actual ${actual.toFixed(1)} s`);

    
    expect(positions).toEqual([...positions].sort((a, b) => b - a));
    expect(Math.max(...gaps)).toBeLessThanOrEqual(2_000);
    expect(Math.abs(secondsOf(firstWait.text!) - actual) / actual).toBeLessThanOrEqual(0.3);
    await page.close();
  }, 300_000);
});
