import { Router } from 'express';
import { withTimeout } from '@app/shared/server/concurrency';

export type ReadinessCheck = () => Promise<void>;

/** /healthz: the process answers. /readyz: every dependency answers, else 503 naming the failing ones. */
export function healthRoutes(checks: Record<string, ReadinessCheck>): Router {
  const router = Router();
  router.get('/healthz', (_req, res) => {
    res.json({ status: 'ok' });
  });
  router.get('/readyz', async (_req, res) => {
    const results = await Promise.all(
      Object.entries(checks).map(async ([name, check]) => {
        try {
          await withTimeout(check(), 2_000);
          return [name, 'ok'] as const;
        } catch (error) {
          return [name, error instanceof Error ? error.message : String(error)] as const;
        }
      }),
    );
    const ready = results.every(([, result]) => result === 'ok');
    res.status(ready ? 200 : 503).json({ status: ready ? 'ready' : 'unavailable', checks: Object.fromEntries(results) });
  });
  return router;
}
