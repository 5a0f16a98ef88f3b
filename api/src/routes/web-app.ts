import fs from 'node:fs';
import path from 'node:path';
import express, { Router } from 'express';
import { type PageMeta, injectMeta } from '../http/inject-meta';

/** Finds the meta tags of a page crawlers read (a story, a tag page); undefined = the app's defaults. */
export type PageMetaResolver = (pathname: string) => Promise<PageMeta | undefined>;

/**
 * Serves the built web app, with index.html for every client-side route; pages with meta of
 * their own get it injected, so link previews and crawlers see it without running the app.
 */
export function webAppRoutes(distDir: string, pageMeta?: PageMetaResolver): Router {
  const router = Router();
  const indexFile = path.join(distDir, 'index.html');
  if (!fs.existsSync(indexFile)) return router;
  const indexHtml = fs.readFileSync(indexFile, 'utf8');

  // Vite fingerprints everything under assets/, so it can be cached for good.
  router.use('/assets', express.static(path.join(distDir, 'assets'), { immutable: true, maxAge: '1y', fallthrough: false }));
  router.use(express.static(distDir, { index: false, maxAge: '1h' }));
  router.get('/{*path}', async (req, res, next) => {
    if (!req.accepts('html')) return next();
    res.setHeader('Cache-Control', 'no-cache');
    const meta = await pageMeta?.(req.path);
    res.type('html').send(meta ? injectMeta(indexHtml, meta) : indexHtml);
  });
  return router;
}
