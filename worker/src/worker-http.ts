import http from 'node:http';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import type { RedisClient } from '@app/shared/server/redis';
import { metricsAccess } from '@app/shared/server/access';
import { withTimeout } from '@app/shared/server/concurrency';
import type { Logger } from '@app/shared/server/logger';
import { type Metrics, type PrometheusQueue, renderMetrics } from '@app/shared/server/metrics';

/** A worker whose event loop stalled this long within the last window is reported unhealthy. */
const BLOCKED_LOOP_MS = 5_000;
const WINDOW_MS = 10_000;

/**
 * A worker's own small http server: GET /metrics (Prometheus, same access rule as the api's)
 * and GET /healthz (Redis answers and the event loop has not stalled), for scrapers and
 * orchestrators' probes. Started only when WORKER_METRICS_PORT is set.
 */
export async function startWorkerHttp(options: {
  port: number;
  host: string;
  metrics: Metrics;
  queues: PrometheusQueue[];
  metricsToken: string | undefined;
  redis: Pick<RedisClient, 'ping'>;
  logger: Logger;
}): Promise<{ port: number; close: () => Promise<void> }> {
  const loop = monitorEventLoopDelay({ resolution: 50 });
  loop.enable();
  let worstRecentMs = 0;
  const window = setInterval(() => {
    worstRecentMs = loop.max / 1e6;
    loop.reset();
  }, WINDOW_MS);
  window.unref();

  const server = http.createServer((req, res) => {
    void (async () => {
      const path = (req.url ?? '/').split('?')[0];
      if (req.method === 'GET' && path === '/healthz') {
        const problems: string[] = [];
        await withTimeout(options.redis.ping(), 2_000).catch((error: Error) => problems.push(`redis: ${error.message}`));
        const stalled = Math.max(worstRecentMs, loop.max / 1e6);
        if (stalled > BLOCKED_LOOP_MS) problems.push(`event loop blocked for ${Math.round(stalled)} ms`);
        res.writeHead(problems.length ? 503 : 200, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ status: problems.length ? 'unavailable' : 'ok', problems }));
        return;
      }
      if (req.method === 'GET' && path === '/metrics' && metricsAccess(options.metricsToken, req, req.headers.authorization) === 'allowed') {
        res.writeHead(200, { 'content-type': options.metrics.registry.contentType });
        res.end(await renderMetrics(options.metrics, options.queues));
        return;
      }
      res.writeHead(404, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ success: false, error: 'Not found' }));
    })().catch((error: unknown) => {
      options.logger.error({ err: error }, 'worker http request failed');
      if (!res.headersSent) res.writeHead(500);
      res.end();
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host, () => resolve());
  });
  const address = server.address();
  return {
    port: typeof address === 'object' && address ? address.port : options.port,
    close: async () => {
      clearInterval(window);
      loop.disable();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
