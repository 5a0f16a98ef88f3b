import { Router } from 'express';
import type { SettingsRepository } from '@app/shared/server';

/** get-launch-status: whether the product is open, or shows only the coming-soon page; get-app-info. */
export function launchRoutes(settings: SettingsRepository, contactEmail: string): Router {
  const router = Router();
  router.get('/get-app-info', (_req, res) => {
    res.json({ success: true, contactEmail });
  });
  router.get('/get-launch-status', async (_req, res) => {
    res.json({ success: true, launch: await settings.getLaunchStatus() });
  });
  return router;
}
