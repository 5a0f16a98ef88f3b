import express, { type Express, type Router } from 'express';
import type { Config, Logger, Storage } from '@app/shared/server';
import { errorHandler, notFoundHandler } from './http/errors';
import { requestLogging } from './http/request-logging';
import { mountFunctions } from './routes/functions';
import { healthRoutes, type ReadinessCheck } from './routes/health';
import { mediaFileRoutes } from './routes/media-files';
import { webAppRoutes } from './routes/web-app';

export interface AppDependencies {
  config: Pick<Config, 'webDistDir'>;
  logger: Logger;
  storage: Storage;
  readiness: Record<string, ReadinessCheck>;
  /** Routers of the spec's calls, mounted under both function bases. */
  functions: Router[];
  /** Routers with full paths of their own (development tools, uploads). */
  routes?: Router[];
}

/** Builds the Express app from its dependencies; listening is the caller's business. */
export function createApp(deps: AppDependencies): Express {
  const app = express();
  app.disable('x-powered-by');
  app.set('trust proxy', 'loopback, linklocal, uniquelocal');

  app.use(healthRoutes(deps.readiness));
  app.use(requestLogging(deps.logger));
  app.use(express.json({ limit: '1mb' }));

  for (const router of deps.routes ?? []) app.use(router);
  mountFunctions(app, deps.functions);
  if (deps.storage.kind === 'local') app.use(mediaFileRoutes(deps.storage));

  // Unknown calls under an API base answer JSON 404, never the web app.
  app.use(['/api', '/.netlify', '/media', '/v1_1'], notFoundHandler);
  app.use(webAppRoutes(deps.config.webDistDir));
  app.use(notFoundHandler);
  app.use(errorHandler(deps.logger));
  return app;
}
