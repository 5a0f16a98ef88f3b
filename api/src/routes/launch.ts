import { Router } from 'express';
import type { SettingsRepository } from '@app/shared/server';

/** get-launch-status: whether the product is open, or shows only the coming-soon page. */
export function launchRoutes(settings: SettingsRepository): Router {
  const router = Router();
  router.get('/get-launch-status', async (_req, res) => {
    res.json({ success: true, launch: await settings.getLaunchStatus() });
  });
  return router;
}
