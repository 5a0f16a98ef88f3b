import fs from 'node:fs';
import path from 'node:path';
import express, { type Request, type RequestHandler, Router } from 'express';
import { SIGNED_IN_COOKIE } from '@app/shared/api/first-screen';
import { injectFirstScreen } from '../http/inject-first-screen';
import { injectMeta } from '../http/inject-meta';
import type { DrawnFirstScreen } from '../services/first-screen.service';
import type { PageMeta } from '../services/page-meta';

/** Finds the meta tags of a page crawlers read (a story, a tag page); undefined = the app's defaults. */
export type PageMetaResolver = (pathname: string, options?: { imagePreloads?: boolean }) => Promise<PageMeta | undefined>;

/** The home's first screen drawn on the server for a visitor on this kind of device; undefined = the app draws it. */
export type HomeRenderer = (device: { phone: boolean }) => Promise<DrawnFirstScreen | undefined>;

/** A creation's page (/m/<id>) drawn on the server for a visitor; undefined = the app draws it (or its not-found). */
export type MediaRenderer = (id: string, device: { phone: boolean }) => Promise<DrawnFirstScreen | undefined>;

export interface WebAppOptions {
  pageMeta?: PageMetaResolver;
  home?: HomeRenderer;
  media?: MediaRenderer;
}

/** A creation's page, /m/<id> (paths.media in the web): its id, still encoded. */
const MEDIA_PAGE = /^\/m\/([^/]+)\/?$/;

/** Vite fingerprints everything under assets/, so it can be cached for good. */
const IMMUTABLE = { maxAge: '1y', immutable: true } as const;
const SHORT = { maxAge: '1h' } as const;

/** The precompressed variants the build wrote beside a file, best first (scripts/… writes .br and .gz). */
const VARIANTS = [
  { encoding: 'br', suffix: '.br' },
  { encoding: 'gzip', suffix: '.gz' },
] as const;
type Encoding = (typeof VARIANTS)[number]['encoding'];

/**
 * Serves the built web app, with index.html for every client-side route; pages with meta of
 * their own get it injected, so link previews and crawlers see it without running the app.
 */
export function webAppRoutes(distDir: string, { pageMeta, home, media }: WebAppOptions = {}): Router {
  const router = Router();
  const indexFile = path.join(distDir, 'index.html');
  if (!fs.existsSync(indexFile)) return router;
  const indexHtml = fs.readFileSync(indexFile, 'utf8');

  router.use('/assets', precompressed(path.join(distDir, 'assets'), IMMUTABLE));
  router.use('/assets', express.static(path.join(distDir, 'assets'), { ...IMMUTABLE, fallthrough: false }));
  router.use(precompressed(distDir, SHORT));
  router.use(express.static(distDir, { index: false, ...SHORT }));
  // index.html is compressed on the fly (by the app's compression), since its meta differs per page.
  router.get('/{*path}', async (req, res, next) => {
    if (!req.accepts('html')) return next();
    res.setHeader('Cache-Control', 'no-cache');
    let screen: DrawnFirstScreen | undefined;
    const mediaId = MEDIA_PAGE.exec(req.path)?.[1];
    if ((home && req.path === '/') || (media && mediaId !== undefined)) {
      // A drawn page depends on the device and on whether someone is signed in here.
      res.vary('User-Agent').vary('Sec-CH-UA-Mobile').vary('Cookie');
      if (drawsPage(req)) screen = mediaId !== undefined ? await media?.(safeDecode(mediaId), { phone: isPhone(req) }) : await home?.({ phone: isPhone(req) });
    }
    const meta = await pageMeta?.(req.path, { imagePreloads: !screen });
    let html = meta ? injectMeta(indexHtml, meta) : indexHtml;
    if (screen) html = injectFirstScreen(html, screen);
    res.status(meta?.status ?? 200).type('html').send(html);
  });
  return router;
}

/**
 * Whether the server draws this request's page (the home, a creation's page): a signed-out visitor
 * (no signed-in cookie) on the plain address. A query string may narrow the feed (?sort=, ?q=…),
 * which the app draws itself.
 */
function drawsPage(req: Request): boolean {
  return !req.originalUrl.includes('?') && !hasCookie(req.headers.cookie, SIGNED_IN_COOKIE);
}

/** A path segment decoded; one that is not valid percent-encoding is kept as it is (it names no creation). */
function safeDecode(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

/** Whether the Cookie header names `name` with a value (a cleared cookie may linger empty). */
function hasCookie(header: string | undefined, name: string): boolean {
  return (header ?? '').split(';').some((pair) => {
    const [key, value] = pair.trim().split('=', 2);
    return key === name && Boolean(value);
  });
}

/**
 * A phone, by its client hint or its user agent: the phone's layout is drawn (one feed column,
 * the docked composer). Either says so: a browser told to pass as a phone changes its user agent
 * but may still send the hint of the machine it runs on.
 */
export function isPhone(req: Pick<Request, 'headers'>): boolean {
  return req.headers['sec-ch-ua-mobile'] === '?1' || /Mobi|Android|iPhone|iPod/i.test(req.headers['user-agent'] ?? '');
}

/** Every file under `dir` (as a URL path, `/a/b.js`) that has precompressed variants, and which. */
export function findPrecompressed(dir: string): Map<string, Set<Encoding>> {
  const found = new Map<string, Set<Encoding>>();
  const visit = (sub: string) => {
    for (const entry of fs.readdirSync(path.join(dir, sub), { withFileTypes: true })) {
      const rel = path.posix.join(sub, entry.name);
      if (entry.isDirectory()) {
        visit(rel);
        continue;
      }
      const variant = VARIANTS.find((v) => entry.name.endsWith(v.suffix));
      if (!variant) continue;
      const original = rel.slice(0, -variant.suffix.length);
      if (!fs.existsSync(path.join(dir, original))) continue;
      const key = `/${original}`;
      found.set(key, (found.get(key) ?? new Set()).add(variant.encoding));
    }
  };
  if (fs.existsSync(dir)) visit('');
  return found;
}

/**
 * Answers a file that has precompressed variants with the one the client accepts best
 * (`Vary: Accept-Encoding`, the original's Content-Type, the variant's length); the plain file
 * (next handler) for clients that accept neither. Only files found at start-up are looked up,
 * so a request path never reaches the disk unchecked.
 */
function precompressed(dir: string, cache: { maxAge: string; immutable?: boolean }): RequestHandler {
  const files = findPrecompressed(dir);
  return (req, res, next) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return next();
    let urlPath: string;
    try {
      urlPath = decodeURIComponent(req.path);
    } catch {
      return next();
    }
    const available = files.get(urlPath);
    if (!available) return next();
    res.vary('Accept-Encoding');
    const encoding = chooseEncoding(req.headers['accept-encoding'], available, (e) => req.acceptsEncodings(e));
    if (!encoding) return next();
    const variant = VARIANTS.find((v) => v.encoding === encoding)!;
    res.type(path.extname(urlPath));
    res.setHeader('Content-Encoding', encoding);
    res.sendFile(`${urlPath.slice(1)}${variant.suffix}`, { root: dir, ...cache, dotfiles: 'deny' }, (error) => {
      if (error && !res.headersSent) next(error);
    });
  };
}

/**
 * The variant to send: none without an Accept-Encoding header (identity), else the smallest
 * on disk that the client accepts (brotli before gzip, as `compression` prefers for JSON).
 */
export function chooseEncoding(
  header: string | undefined,
  available: ReadonlySet<Encoding>,
  accepts: (encoding: string) => string | false,
): Encoding | undefined {
  if (!header) return undefined;
  return VARIANTS.map((v) => v.encoding).find((e) => available.has(e) && accepts(e) === e);
}
