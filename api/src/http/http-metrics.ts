import type { RequestHandler } from 'express';
import type { Metrics } from '@app/shared/server/metrics';

/**
 * Times every request by the route pattern that served it (`/get-feed`, not the URL with its ids),
 * so the label set stays small; requests no route matched count as `unmatched`.
 */
export function httpMetrics(metrics: Metrics): RequestHandler {
  return (req, res, next) => {
    const end = metrics.httpRequestDuration.startTimer();
    res.on('finish', () => {
      const route = req.route?.path;
      end({ route: typeof route === 'string' ? route : 'unmatched', method: req.method, status: String(res.statusCode) });
    });
    next();
  };
}
