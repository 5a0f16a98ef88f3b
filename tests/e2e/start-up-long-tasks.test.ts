import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser, PHONE, PHONE_USER_AGENT } from '../support/browser';
import { seedDemo } from '../support/demo';
import { type RunningProduct, startProduct } from '../support/product';

/**
 * What start-up costs a phone's main thread (issue 47): the long tasks (over 50 ms) of the first
 * 5 s of `/` and of a creation's page, in Chromium slowed to a quarter of its speed (Lighthouse's
 * mobile CPU, by the DevTools protocol), with the demo content.
 *
 * Blocking time is measured by the clock, so a busy machine only ever adds to it: each page is
 * loaded three times and its best load is held against the budget. The budgets are about twice
 * what a quiet 2-core machine measures (docs/performance.md "Start-up on a phone's CPU"), far
 * below what the pages cost before they were hydrated in parts (1–2 s of blocking).
 */
const CPU_SLOWDOWN = 4;
const WINDOW_MS = 5_000;
const LOADS = 3;
const BUDGET = {
  '/': { blockingMs: 400, longestMs: 250 },
  '/m/<id>': { blockingMs: 400, longestMs: 250 },
} as const;

interface StartUp {
  /** The sum over long tasks of what each takes beyond 50 ms (Lighthouse's Total Blocking Time, unbounded by TTI). */
  blockingMs: number;
  longestMs: number;
  tasks: number;
}

describe('start-up on a phone with a 4× slower CPU', () => {
  let product: RunningProduct | undefined;
  let browser: Browser | undefined;

  beforeAll(async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'mirrorverse-long-tasks-'));
    await seedDemo({ DATA_DIR: dataDir, REDIS_URL: inject('redisUrl'), QUEUE_PREFIX: `long-tasks-${process.pid}` });
    [product, browser] = await Promise.all([startProduct({ DATA_DIR: dataDir }), launchBrowser()]);
  }, 300_000);

  afterAll(async () => {
    await browser?.close();
    await product?.stop();
  });

  async function startUp(url: string): Promise<StartUp> {
    const context = await browser!.newContext({ ...PHONE });
    try {
      const page = await context.newPage();
      const cdp = await context.newCDPSession(page);
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
      await page.addInitScript(() => {
        window.__longTasks = [];
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries()) window.__longTasks.push({ start: entry.startTime, duration: entry.duration });
        }).observe({ type: 'longtask', buffered: true });
      });
      await page.goto(url);
      // The window is the page's own clock: wait until it has passed 5 s since navigation.
      await page.waitForFunction((ms) => performance.now() > ms, WINDOW_MS, { timeout: 60_000, polling: 250 });
      const tasks = (await page.evaluate(() => window.__longTasks)).filter((task) => task.start < WINDOW_MS);
      return {
        blockingMs: Math.round(tasks.reduce((sum, task) => sum + Math.max(0, task.duration - 50), 0)),
        longestMs: Math.round(Math.max(0, ...tasks.map((task) => task.duration))),
        tasks: tasks.length,
      };
    } finally {
      await context.close();
    }
  }

  async function bestOf(url: string): Promise<{ best: StartUp; all: StartUp[] }> {
    const all: StartUp[] = [];
    for (let load = 0; load < LOADS; load += 1) all.push(await startUp(url));
    const best = all.reduce((a, b) => (b.blockingMs < a.blockingMs ? b : a));
    return { best, all };
  }

  async function aCreation(): Promise<string> {
    const home = await fetch(`${product!.baseUrl}/`, { headers: { 'User-Agent': PHONE_USER_AGENT, Accept: 'text/html' } });
    const id = /data-media-id="([0-9a-f-]{36})"/.exec(await home.text())?.[1];
    if (!id) throw new Error('the drawn home shows no creation');
    return id;
  }

  it.each(Object.keys(BUDGET) as Array<keyof typeof BUDGET>)('keeps the main thread free enough on %s', async (page) => {
    const url = page === '/' ? `${product!.baseUrl}/` : `${product!.baseUrl}/m/${await aCreation()}`;
    const { best, all } = await bestOf(url);
    console.log(
      `start-up of ${page} at 4× CPU, first 5 s (best of ${LOADS}): blocking ${best.blockingMs} ms, longest task ${best.longestMs} ms, ${best.tasks} long tasks; all loads: ${all.map((s) => `${s.blockingMs}/${s.longestMs}`).join(', ')}`,
    );
    expect(best.blockingMs).toBeLessThanOrEqual(BUDGET[page].blockingMs);
    expect(best.longestMs).toBeLessThanOrEqual(BUDGET[page].longestMs);
  }, 180_000);
});
