import express, { type Express, type Router } from 'express';
import type { Config } from '@app/shared/server/config';
import type { Logger } from '@app/shared/server/logger';
import type { Storage } from '@app/shared/server/storage';
import type { Metrics } from '@app/shared/server/metrics';
import { compressResponses } from './http/compression';
import { errorHandler, notFoundHandler } from './http/errors';
import { httpMetrics } from './http/http-metrics';
import { limitJsonDepth } from './http/json-depth';
import { requestLogging } from './http/request-logging';
import { originOf, securityHeaders } from './http/security-headers';
import { rejectUnstorableText } from './http/validation';
import { mountFunctions } from './routes/functions';
import { healthRoutes, type ReadinessCheck } from './routes/health';
import { type MediaFileGuards, mediaFileRoutes } from './routes/media-files';
import { type HomeRenderer, type MediaRenderer, type PageMetaResolver, webAppRoutes } from './routes/web-app';

export interface AppDependencies {
  /** `http` is optional for tests that build a bare app: no proxy trusted, no HSTS. */
  config: Pick<Config, 'webDistDir'> & { http?: Pick<Config['http'], 'publicUrl' | 'trustProxy'> };
  logger: Logger;
  storage: Storage;
  /** Who may read each file under /media (absent in tests that build a bare app: no /media then). */
  mediaFiles?: MediaFileGuards;
  /** Records every request's duration; absent in tests that build a bare app. */
  metrics?: Metrics;
  readiness: Record<string, ReadinessCheck>;
  /** Routers of the spec's calls, mounted under both function bases. */
  functions: Router[];
  /** Routers that read the raw body themselves (signed provider webhooks): mounted before the JSON parser. */
  rawBodyRoutes?: Router[];
  /** Routers with full paths of their own (development tools, uploads). */
  routes?: Router[];
  /** The meta tags of pages crawlers read, injected into index.html. */
  pageMeta?: PageMetaResolver;
  /** The home's first screen drawn on the server for visitors. */
  home?: HomeRenderer;
  /** A creation's page (/m/<id>) drawn on the server for visitors. */
  media?: MediaRenderer;
}

/** Builds the Express app from its dependencies; listening is the caller's business. */
export function createApp(deps: AppDependencies): Express {
  const app = express();
  app.disable('x-powered-by');
  // Off unless TRUST_PROXY says which proxies may set X-Forwarded-For: otherwise anyone
  // could pick their own req.ip and slip past the per-IP rate limits.
  app.set('trust proxy', deps.config.http?.trustProxy ?? false);

  app.use(securityHeaders({ publicUrl: deps.config.http?.publicUrl, mediaOrigins: mediaOrigins(deps) }));
  app.use(healthRoutes(deps.readiness));
  app.use(requestLogging(deps.logger));
  if (deps.metrics) app.use(httpMetrics(deps.metrics));
  app.use(compressResponses());
  for (const router of deps.rawBodyRoutes ?? []) app.use(router);
  app.use(express.json({ limit: '1mb' }));
  app.use(limitJsonDepth());
  app.use(rejectUnstorableText());

  for (const router of deps.routes ?? []) app.use(router);
  mountFunctions(app, deps.functions);
  // Every stored file is addressed here, local or S3: the route decides who may read it (issue 42).
  if (deps.mediaFiles) app.use(mediaFileRoutes(deps.storage, deps.mediaFiles));

  // Unknown calls under an API base answer JSON 404, never the web app.
  app.use(['/api', '/.netlify', '/media', '/v1_1', '/admin/queues', '/webhooks'], notFoundHandler);
  app.use(webAppRoutes(deps.config.webDistDir, { pageMeta: deps.pageMeta, home: deps.home, media: deps.media }));
  app.use(notFoundHandler);
  app.use(errorHandler(deps.logger));
  return app;
}

/** Where pages load media from: PUBLIC_URL's origin and the storage's public origin (S3_PUBLIC_URL). */
function mediaOrigins(deps: AppDependencies): string[] {
  let storageOrigin: string | undefined;
  try {
    storageOrigin = originOf(deps.storage.publicUrl('probe'));
  } catch {
    storageOrigin = undefined; // a stand-in storage without URLs (tests)
  }
  // S3: an owner's signed address redirects to a presigned GET on the bucket's own address.
  const presignOrigin = deps.storage.presignOrigin;
  return [originOf(deps.config.http?.publicUrl), storageOrigin, presignOrigin].filter((o): o is string => o !== undefined);
}
