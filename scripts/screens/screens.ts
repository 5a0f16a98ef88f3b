/**
 * `npm run screens`: full-page screenshots of every screen of a web build, and a pixel diff of
 * two such sets — the check that a CSS refactor changed nothing on screen (issue 29 item 8).
 *
 *   npm run screens -- capture <web dist dir> <out dir>
 *   npm run screens -- compare <before dir> <after dir> [<diff dir>]
 *
 * SCREENS_ONLY=<pattern> keeps either to the screens whose names match (e.g. `^(tag|gallery)$`).
 *
 * capture serves the given build with the built server bundle (`npm run build`) against one fixed
 * demo data set (SCREENS_DATA_DIR, default /tmp/screens-data, made once with `npm run demo` on the
 * same DATA_DIR and QUEUE_PREFIX), and photographs each screen at 1440×900 and 390×844 with the
 * clock frozen, pictures decoded, videos stopped on their first frame, animations, transitions and
 * the caret turned off and live figures painted over, shooting again until two shots agree.
 * compare prints, per screen, how many pixels differ, and writes an image of the differing pixels
 * for each screen that is not 0. A screen the capture logs as "still moving" can differ between
 * two captures of one build (see docs/web-structure.md); elsewhere a count is a real change.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { type Browser, type BrowserContext, type Page, chromium } from 'playwright-core';
import { Redis } from 'ioredis';
import sharp from 'sharp';

const ROOT = path.resolve(import.meta.dirname, '../..');
const DATA_DIR = process.env.SCREENS_DATA_DIR ?? '/tmp/screens-data';
const PORT = Number(process.env.SCREENS_PORT ?? 4790);
const BASE = `http://127.0.0.1:${PORT}`;
const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
/** The demo data's queue prefix: its queues and rate limits in Redis. */
const QUEUE_PREFIX = 'screens';
const ADMIN_SECRET = 'screens-admin-secret-0123456789';
const EDITOR_TOKEN = 'screens-story-editor-token-0123';
/** A demo person with creations, a credits ledger and accepted terms (scripts/demo.ts). */
const PERSON = 'mira@demo.mirrorverse.local';
const PERSON_USERNAME = 'mira';
/** Every capture sees the same "now", so relative times ("3 days ago") read the same. */
const FROZEN_NOW = new Date(process.env.SCREENS_NOW ?? '2026-12-01T12:00:00Z');
const SIZES = { desktop: { width: 1440, height: 900 }, phone: { width: 390, height: 844 } } as const;
type Size = keyof typeof SIZES;

/** Values that change from one moment to the next on their own (uptime, memory, latencies): painted over. */
const VOLATILE = ['[data-testid^="stat-"]', '[data-testid="admin-health-banner"]', '.admin-diagnosis section', '.admin-diagnosis [role="region"]', 'time'];

/**
 * Raster every tile and decode every picture before a frame is drawn, on one thread: without these,
 * blurred glass and large pictures came out a few pixels apart from one shot to the next.
 */
const DETERMINISTIC_RASTER = [
  '--run-all-compositor-stages-before-draw',
  '--disable-checker-imaging',
  '--disable-threaded-animation',
  '--disable-threaded-scrolling',
  '--disable-partial-raster',
  '--num-raster-threads=1',
];

/**
 * Run in every page: once the screen has settled, IntersectionObserver callbacks stop. A full-page
 * shot paints beyond the window, and the observers saw that as a scroll: the home's composer left
 * its spot for the bottom of the window in some shots (pages/home/use-composer-dock.ts).
 */
const FROZEN_OBSERVERS = `{
  const Native = window.IntersectionObserver;
  window.IntersectionObserver = class extends Native {
    constructor(callback, options) {
      super((entries, observer) => { if (!window.__screensFrozen) callback(entries, observer); }, options);
    }
  };
}`;

/** Injected before each shot: nothing moves, so two shots of one screen are the same pixels. */
const FROZEN_MOTION = `*, *::before, *::after {
  animation: none !important;
  transition: none !important;
  caret-color: transparent !important;
}`;

interface Screen {
  name: string;
  /** Who looks: a visitor, the demo person, or the admin / story editor with their secret. */
  as: 'visitor' | 'person' | 'admin' | 'editor';
  open: (page: Page, links: Links) => Promise<void>;
  /** Only at 1440×900: a phone is sent away from the route (app/mobile-route-guard), or the control is desktop-only. */
  desktopOnly?: true;
}

interface Links {
  session: Session;
  tag: string;
  creator: string;
  media: string;
  story: string;
}

/** Opens `href`, then does `then` (a click, a wait…) where the screen needs more than the page. */
const go = (href: string, then?: (page: Page) => Promise<unknown>) => async (page: Page) => {
  await page.goto(BASE + href);
  await then?.(page);
};

const SCREENS: Screen[] = [
  { name: 'home', as: 'visitor', open: go('/') },
  { name: 'tag', as: 'visitor', open: (page, links) => go(links.tag)(page) },
  { name: 'creator', as: 'visitor', open: (page, links) => go(links.creator)(page) },
  {
    name: 'creation-viewer',
    as: 'visitor',
    open: (page, links) => go(links.media, () => page.getByRole('dialog', { name: 'Media viewer' }).waitFor())(page),
  },
  { name: 'stories', as: 'visitor', open: go('/story') },
  { name: 'story', as: 'visitor', open: (page, links) => go(links.story)(page) },
  { name: 'guide', as: 'visitor', open: go('/bestpractices') },
  { name: 'developers', as: 'visitor', open: go('/developers') },
  { name: 'terms', desktopOnly: true, as: 'visitor', open: go('/terms') },
  { name: 'privacy', desktopOnly: true, as: 'visitor', open: go('/privacy') },
  { name: 'cookies', desktopOnly: true, as: 'visitor', open: go('/cookies') },
  { name: 'coming-soon', as: 'visitor', open: go('/coming-soon') },
  { name: 'auth-email', as: 'visitor', open: go('/auth') },
  {
    name: 'auth-code',
    as: 'visitor',
    open: go('/auth', async (page) => {
      await page.getByLabel('Email address').fill('screens-visitor@example.com');
      await page.getByRole('button', { name: 'Send login code' }).click();
      await page.getByRole('heading', { name: 'Check your email' }).waitFor();
    }),
  },
  {
    name: 'waitlist-modal',
    desktopOnly: true,
    as: 'visitor',
    open: go('/', async (page) => {
      const join = page.getByRole('button', { name: 'Join Waitlist' });
      if (!(await join.isVisible())) await page.getByRole('button', { name: /menu/i }).first().click();
      await join.first().click();
      await page.getByRole('dialog').first().waitFor();
    }),
  },
  ...(['all-media', 'liked', 'draft', 'account', 'tokens', 'invite-friends', 'developers'] as const).map(
    (tab): Screen => ({ name: `profile-${tab}`, desktopOnly: true, as: 'person', open: go(`/profile?tab=${tab}`) }),
  ),
  { name: 'gallery', as: 'person', open: go('/gallery') },
  { name: 'home-signed-in', as: 'person', open: go('/') },
  {
    name: 'composer-phone',
    as: 'person',
    open: go('/', async (page) => {
      const edit = page.getByText('Tap to Edit');
      if (await edit.isVisible()) await edit.click();
    }),
  },
  {
    name: 'composer-more',
    desktopOnly: true,
    as: 'person',
    open: go('/', (page) => page.getByRole('region', { name: 'Composer' }).getByRole('button', { name: 'More', exact: true }).click()),
  },
  { name: 'composer-custom-prompt', desktopOnly: true, as: 'person', open: (page) => composerMode(page, 'Custom Prompt') },
  { name: 'composer-story-time', desktopOnly: true, as: 'person', open: (page) => composerMode(page, 'Story Time') },
  {
    name: 'upload-agreement',
    as: 'person',
    open: go('/', async (page) => {
      // The demo person accepted the agreement long ago: forget it here, and the server's answer says they have not.
      await page.addInitScript(() => {
        for (const key of Object.keys(localStorage)) if (key.startsWith('media_upload_agreed:')) localStorage.removeItem(key);
      });
      await page.route(/\/user-settings(\?|$)/, async (route) => {
        const answer = (await (await route.fetch()).json()) as { settings: Record<string, unknown> };
        await route.fulfill({ json: { ...answer, settings: { ...answer.settings, media_upload_agreed: false } } });
      });
      await page.getByTestId('composer-file-input').setInputFiles(path.join(ROOT, 'tests/fixtures/faces/astronaut.png'));
      await page.getByRole('dialog', { name: 'Media Upload Agreement' }).waitFor();
    }),
  },
  { name: 'admin-login', desktopOnly: true, as: 'visitor', open: go('/dashboard/management/control') },
  ...['System Diagnosis', 'Users', 'Media'].map(
    (tab): Screen => ({
      name: `admin-${tab.split(' ')[0]!.toLowerCase()}`,
      desktopOnly: true,
      as: 'admin',
      open: go('/dashboard/management/control', async (page) => {
        await page.getByRole('tab', { name: tab }).click();
        await page.getByRole('tab', { name: tab, selected: true }).waitFor();
      }),
    }),
  ),
  { name: 'story-editor-gate', desktopOnly: true, as: 'visitor', open: go('/StoryCreation') },
  {
    name: 'story-editor',
    desktopOnly: true,
    as: 'editor',
    open: go('/StoryCreation', (page) => page.locator('.story-list__row').first().waitFor()),
  },
];

/** Opens the composer on a mode: its own button, or the More menu where the mode is not shown. */
async function composerMode(page: Page, mode: string): Promise<void> {
  await go('/')(page);
  const composer = page.getByRole('region', { name: 'Composer' });
  const edit = page.getByText('Tap to Edit');
  if (await edit.isVisible()) await edit.click();
  const direct = composer.getByRole('group', { name: 'Modes' }).getByRole('button', { name: mode, exact: true });
  if ((await direct.count()) > 0 && (await direct.isVisible())) await direct.click();
  else {
    await composer.getByRole('button', { name: 'More', exact: true }).click();
    await page.getByRole('menuitem', { name: new RegExp(mode) }).click();
  }
}

/**
 * Waits until the screen is still: the data first (the page's height depends on it), then every
 * picture — lazy ones load as they come into view, so the page is scrolled through once — and
 * the fonts, then a last quiet moment at the top.
 */
async function settle(page: Page): Promise<void> {
  await page.waitForLoadState('networkidle').catch(() => {});
  await page.evaluate(async () => {
    for (let y = 0; y <= document.documentElement.scrollHeight; y += window.innerHeight / 2) {
      for (const img of Array.from(document.querySelectorAll('img[loading="lazy"]'))) img.setAttribute('loading', 'eager');
      window.scrollTo(0, y);
      // (No named helper in here: tsx would wrap it in a __name() the page does not have.)
      await new Promise((resolve) => setTimeout(resolve, 120));
    }
  });
  await page.waitForLoadState('networkidle').catch(() => {});
  await page.evaluate(() => document.fonts.ready);
  // Every picture decoded, and every feed tile past its fade-in (it turns .is-loaded on its picture's load event).
  await page
    .waitForFunction(() => Array.from(document.images).every((img) => img.complete) && !document.querySelector('.feed-tile:not(.is-loaded)'), undefined, { timeout: 15_000 })
    .catch(async () => {
      const waiting = await page.evaluate(() =>
        Array.from(document.querySelectorAll<HTMLImageElement>('img')).filter((img) => !img.complete || img.closest('.feed-tile:not(.is-loaded)')).map((img) => img.currentSrc || img.src),
      );
      console.warn(`pictures still loading after 15 s: ${waiting.join(' ')}`);
    });
  await page.evaluate(async () => {
    // A loaded picture off screen may still be undecoded when the full-page shot paints it (an
    // empty tile): each one is decoded now, and decoded before it is painted from now on.
    const images = Array.from(document.images);
    for (const img of images) img.decoding = 'sync';
    await Promise.all(images.map((img) => img.decode().catch(() => {})));
    // A playing video is at another frame in each shot: every video stops on its first frame, and
    // nothing plays again (a phone's feed tile plays while in view).
    HTMLMediaElement.prototype.play = () => Promise.resolve();
    await Promise.all(
      Array.from(document.querySelectorAll('video')).map(async (video) => {
        video.pause();
        video.autoplay = false;
        if (video.readyState === 0 || video.currentTime === 0) return;
        const seeked = new Promise((resolve) => video.addEventListener('seeked', resolve, { once: true }));
        video.currentTime = 0;
        await Promise.race([seeked, new Promise((resolve) => setTimeout(resolve, 2000))]);
      }),
    );
  });
  // Motion stopped for good: infinite animations (a pulsing badge), transitions and the caret.
  await page.addStyleTag({ content: FROZEN_MOTION });
  await page.evaluate(() => window.scrollTo(0, 0));
  // Back at the top, the home's composer returns to its spot between the hero and the feed
  // (pages/home/use-composer-dock.ts); shot before that, it was still docked at the bottom.
  await page
    .waitForFunction(() => {
      const slot = document.querySelector('.composer-slot');
      return !slot || window.innerWidth <= 768 || slot.classList.contains('composer-slot--inline');
    }, undefined, { timeout: 5_000 })
    .catch(() => console.warn('the composer stayed docked at the top of the page'));
  await page.waitForLoadState('networkidle').catch(() => {});
  await page.waitForTimeout(500);
  await page.evaluate(() => Object.assign(window, { __screensFrozen: true }));
}

/**
 * The full-page shot, taken again until two in a row are the same: the first one paints the parts
 * below the fold, and a picture there that the page had not painted yet can be missing from it.
 */
async function stillShot(page: Page): Promise<{ png: Buffer; still: boolean }> {
  const shoot = () =>
    page.screenshot({
      fullPage: true,
      animations: 'disabled',
      caret: 'hide',
      mask: VOLATILE.map((selector) => page.locator(selector)),
      maskColor: '#ff00ff',
    });
  let png = await shoot();
  for (let attempt = 1; attempt < 5; attempt++) {
    await page.waitForTimeout(250);
    const next = await shoot();
    if (next.equals(png)) return { png, still: true };
    png = next;
  }
  return { png, still: false };
}

/** Each capture signs in and asks for codes: the sign-in budgets of earlier captures are forgotten. */
async function forgetRateLimits(): Promise<void> {
  const redis = new Redis(REDIS_URL);
  const keys = await redis.keys(`${QUEUE_PREFIX}:rl:*`);
  if (keys.length > 0) await redis.del(...keys);
  await redis.quit();
}

function startServer(webDist: string): ChildProcess {
  // The bundle itself, not scripts/start.mjs: that one rebuilds web/dist whenever a source is newer,
  // which is every step of a CSS change, and the build under test is WEB_DIST_DIR anyway.
  const bundle = path.join(ROOT, 'dist/all-in-one.js');
  if (!fs.existsSync(bundle)) throw new Error('No server bundle: run `npm run build:server` first.');
  const server = spawn(process.execPath, [bundle], {
    cwd: ROOT,
    env: {
      ...process.env,
      NODE_ENV: 'development',
      DATA_DIR,
      PORT: String(PORT),
      REDIS_URL,
      QUEUE_PREFIX,
      WEB_DIST_DIR: path.resolve(webDist),
      ADMIN_SECRET,
      STORY_EDITOR_TOKEN: EDITOR_TOKEN,
      LOG_LEVEL: 'error',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  return server;
}

async function waitForServer(server: ChildProcess): Promise<void> {
  for (let i = 0; i < 300; i++) {
    if (server.exitCode !== null) throw new Error(`the server stopped (exit ${server.exitCode})`);
    const ok = await fetch(`${BASE}/healthz`).then((res) => res.ok).catch(() => false);
    if (ok) return;
    await sleep(200);
  }
  throw new Error('the server did not answer within 60 s');
}

/** The newest sign-in code mailed to `email` after `after`, from the development outbox. */
async function codeFor(email: string, after: number): Promise<string> {
  for (let i = 0; i < 150; i++) {
    const { messages } = (await (await fetch(`${BASE}/api/dev/outbox?email=${encodeURIComponent(email)}`)).json()) as { messages: Array<{ text: string; sentAt: string }> };
    const code = messages.find((m) => Date.parse(m.sentAt) >= after)?.text.match(/\b(\d{6})\b/)?.[1];
    if (code) return code;
    await sleep(200);
  }
  throw new Error(`no sign-in code reached ${email}`);
}

interface Session {
  accessToken: string;
  refreshToken: string;
  user: unknown;
}

/** A session for `email`, signed in through the API with the code from the outbox (as /auth does). */
async function sessionOf(email: string): Promise<Session> {
  const asked = Date.now() - 1000;
  const post = (name: string, body: unknown) =>
    fetch(`${BASE}/api/${name}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  await post('request-otp', { email });
  return (await (await post('verify-otp', { email, code: await codeFor(email, asked) })).json()) as Session;
}

/**
 * The creation, tag, creator and story each screen opens. The demo gives nobody a username, so the
 * demo person gets one here (the same every time) for their page /u/<username>.
 */
async function findLinks(browser: Browser, session: Session): Promise<Links> {
  const token = session.accessToken;
  const update = await fetch(`${BASE}/api/update-profile`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify({ username: PERSON_USERNAME }),
  });
  if (!update.ok) throw new Error(`update-profile answered ${update.status}`);
  const feed = (await (await fetch(`${BASE}/api/getPublicFeed`)).json()) as { items: Array<{ id: string; tags: string[] }> };
  const item = feed.items[0];
  const page = await browser.newPage({ viewport: SIZES.desktop, bypassCSP: true });
  await page.goto(`${BASE}/story`);
  await settle(page);
  const story = (await page.$$eval('a[href^="/story/"]', (links) => links.map((link) => link.getAttribute('href')!))).sort()[0];
  await page.close();
  if (!item?.tags[0] || !story) throw new Error('the demo data lacks a creation with tags or a story: run `npm run demo` on SCREENS_DATA_DIR');
  return { session, media: `/m/${item.id}`, tag: `/tag/${item.tags[0]}`, creator: `/u/${PERSON_USERNAME}`, story };
}

async function newContext(browser: Browser, size: Size, as: Screen['as'], session: Session): Promise<BrowserContext> {
  const context = await browser.newContext({
    viewport: SIZES[size],
    deviceScaleFactor: 1,
    isMobile: size === 'phone',
    hasTouch: size === 'phone',
    reducedMotion: 'reduce',
    timezoneId: 'UTC',
    locale: 'en-US',
    // The app's CSP allows no inline style; the shots' FROZEN_MOTION sheet is one.
    bypassCSP: true,
  });
  await context.clock.setFixedTime(FROZEN_NOW);
  await context.addInitScript({ content: FROZEN_OBSERVERS });
  if (as === 'admin') await context.addInitScript((secret) => localStorage.setItem('admin_secret', secret), ADMIN_SECRET);
  if (as === 'editor') await context.addInitScript((token) => localStorage.setItem('story_editor_token', token), EDITOR_TOKEN);
  // The keys web/src/state/auth-storage.ts keeps a session in.
  if (as === 'person') {
    await context.addInitScript((s) => {
      localStorage.setItem('auth_token', s.accessToken);
      localStorage.setItem('refresh_token', s.refreshToken);
      localStorage.setItem('user_data', JSON.stringify(s.user));
    }, session);
  }
  return context;
}

async function capture(webDist: string, outDir: string, only?: RegExp): Promise<void> {
  if (!fs.existsSync(path.join(webDist, 'index.html'))) throw new Error(`${webDist} holds no web build (index.html)`);
  fs.mkdirSync(outDir, { recursive: true });
  await forgetRateLimits();
  const server = startServer(webDist);
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu', '--font-render-hinting=none', ...DETERMINISTIC_RASTER] });
  try {
    await waitForServer(server);
    const links = await findLinks(browser, await sessionOf(PERSON));
    for (const screen of SCREENS.filter((s) => !only || only.test(s.name))) {
      for (const size of Object.keys(SIZES) as Size[]) {
        if (size !== 'desktop' && screen.desktopOnly) continue;
        const context = await newContext(browser, size, screen.as, links.session);
        const page = await context.newPage();
        page.setDefaultTimeout(10_000);
        try {
          await screen.open(page, links);
          await settle(page);
          const shot = await stillShot(page);
          fs.writeFileSync(path.join(outDir, `${screen.name}-${size}.png`), shot.png);
          console.log(`${screen.name}-${size}${shot.still ? '' : ' (still moving after 5 shots)'}`);
        } catch (error) {
          console.error(`${screen.name}-${size}: ${error instanceof Error ? error.message.split('\n')[0] : String(error)}`);
          process.exitCode = 1;
        } finally {
          await page.close();
          await context.close();
        }
      }
    }
  } finally {
    await browser.close();
    server.kill('SIGTERM');
    await new Promise((resolve) => server.once('exit', resolve));
  }
}

/** Per screen, the number of pixels that differ (a size change counts every pixel of the larger one). */
async function compare(beforeDir: string, afterDir: string, diffDir: string, only?: RegExp): Promise<void> {
  const names = [...new Set([...fs.readdirSync(beforeDir), ...fs.readdirSync(afterDir)])]
    .filter((name) => name.endsWith('.png') && (!only || only.test(name.replace(/-(desktop|phone)\.png$/, ''))))
    .sort();
  fs.mkdirSync(diffDir, { recursive: true });
  let total = 0;
  for (const name of names) {
    const [before, after] = [path.join(beforeDir, name), path.join(afterDir, name)];
    if (!fs.existsSync(before) || !fs.existsSync(after)) {
      console.log(`${name.padEnd(40)} missing in ${fs.existsSync(before) ? 'after' : 'before'}`);
      total += 1;
      continue;
    }
    const [a, b] = await Promise.all([before, after].map((file) => sharp(file).ensureAlpha().raw().toBuffer({ resolveWithObject: true })));
    const width = Math.max(a!.info.width, b!.info.width);
    const height = Math.max(a!.info.height, b!.info.height);
    const diff = Buffer.alloc(width * height * 4);
    let differing = 0;
    for (let y = 0; y < height; y++) {
      for (let x = 0; x < width; x++) {
        const at = (y * width + x) * 4;
        const pa = x < a!.info.width && y < a!.info.height ? (y * a!.info.width + x) * 4 : -1;
        const pb = x < b!.info.width && y < b!.info.height ? (y * b!.info.width + x) * 4 : -1;
        const same = pa >= 0 && pb >= 0 && a!.data.readUInt32LE(pa) === b!.data.readUInt32LE(pb);
        if (same) {
          // The unchanged picture, faded, so the red marks stand out.
          const gray = (a!.data[pa]! + a!.data[pa + 1]! + a!.data[pa + 2]!) / 3;
          diff.fill(Math.round(200 + gray / 5), at, at + 3);
        } else {
          differing += 1;
          diff[at] = 255;
        }
        diff[at + 3] = 255;
      }
    }
    const sizes = a!.info.width === b!.info.width && a!.info.height === b!.info.height ? '' : ` (size ${a!.info.width}×${a!.info.height} → ${b!.info.width}×${b!.info.height})`;
    console.log(`${name.replace(/\.png$/, '').padEnd(40)} ${String(differing).padStart(9)}${sizes}`);
    if (differing > 0) await sharp(diff, { raw: { width, height, channels: 4 } }).png().toFile(path.join(diffDir, name));
    total += differing;
  }
  console.log(`${'total'.padEnd(40)} ${String(total).padStart(9)}`);
  if (total > 0) process.exitCode = 1;
}

const [command, first, second, third] = process.argv.slice(2);
/** SCREENS_ONLY: a pattern of screen names (without -desktop / -phone) to capture or compare. */
const only = process.env.SCREENS_ONLY ? new RegExp(process.env.SCREENS_ONLY) : undefined;
if (command === 'capture' && first && second) await capture(first, second, only);
else if (command === 'compare' && first && second) await compare(first, second, third ?? `${second.replace(/\/+$/, '')}-diff`, only);
else {
  console.error('usage: npm run screens -- capture <web dist dir> <out dir> | compare <before dir> <after dir> [<diff dir>]');
  process.exitCode = 2;
}
