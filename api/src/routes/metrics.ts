import { Router } from 'express';
import { metricsAccess } from '@app/shared/server/access';
import { type Metrics, type PrometheusQueue, renderMetrics } from '@app/shared/server/metrics';
import { notFoundHandler } from '../http/errors';

/**
 * GET /metrics in Prometheus format: this process's metrics and every queue's job counts.
 * With METRICS_TOKEN set it wants that bearer token; without, only clients on this machine, as
 * judged by the client address `trust proxy` yields (a proxy on this host is not a local caller).
 * Anyone else gets the JSON 404 of an unknown call, never the web app's page (a 200).
 */
export function metricsRoutes(metrics: Metrics, queues: PrometheusQueue[], token: string | undefined): Router {
  const router = Router();
  router.get('/metrics', async (req, res, next) => {
    if (metricsAccess(token, req, req.get('authorization')) !== 'allowed') return notFoundHandler(req, res, next);
    res.type(metrics.registry.contentType).send(await renderMetrics(metrics, queues));
  });
  return router;
}
