import { Router } from 'express';
import type { AppInfoService } from '../services/app-info.service';

/** get-launch-status: whether the product is open, or shows only the coming-soon page; get-app-info. */
export function launchRoutes(appInfo: AppInfoService): Router {
  const router = Router();
  router.get('/get-app-info', (_req, res) => {
    res.json(appInfo.info());
  });
  router.get('/get-launch-status', async (_req, res) => {
    res.json(await appInfo.launchStatus());
  });
  return router;
}
