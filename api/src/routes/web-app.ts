import fs from 'node:fs';
import path from 'node:path';
import express, { Router } from 'express';

/** Serves the built web app, with index.html for every client-side route. */
export function webAppRoutes(distDir: string): Router {
  const router = Router();
  const indexFile = path.join(distDir, 'index.html');
  if (!fs.existsSync(indexFile)) return router;

  // Vite fingerprints everything under assets/, so it can be cached for good.
  router.use('/assets', express.static(path.join(distDir, 'assets'), { immutable: true, maxAge: '1y', fallthrough: false }));
  router.use(express.static(distDir, { index: false, maxAge: '1h' }));
  router.get('/{*path}', (req, res, next) => {
    if (!req.accepts('html')) return next();
    res.setHeader('Cache-Control', 'no-cache');
    res.sendFile(indexFile);
  });
  return router;
}
