import type { Server } from 'node:http';
import { sql } from 'kysely';
import { type Config, type Infrastructure, type Logger, SettingsRepository, subsystem } from '@app/shared/server';
import { createApp } from './app';
import { launchRoutes } from './routes/launch';

/**
 * Wires the api from opened infrastructure: repositories, services, routers.
 * Used by the api process and by the all-in-one process, so both serve the same thing.
 */
export function composeApi(config: Config, logger: Logger, infra: Infrastructure) {
  const settings = new SettingsRepository(infra.db);

  return createApp({
    config,
    logger: subsystem(logger, 'http'),
    storage: infra.storage,
    readiness: {
      database: async () => {
        await sql`select 1`.execute(infra.db);
      },
      redis: async () => {
        await infra.redis.ping();
      },
    },
    functions: [launchRoutes(settings)],
  });
}

/** Starts listening; the returned close stops taking connections and ends idle ones. */
export async function listen(
  app: ReturnType<typeof createApp>,
  port: number,
  host: string,
): Promise<{ server: Server; port: number; close: () => Promise<void> }> {
  const server = await new Promise<Server>((resolve, reject) => {
    const s = app.listen(port, host, (error?: Error) => (error ? reject(error) : resolve(s)));
  });
  server.keepAliveTimeout = 65_000;
  const address = server.address();
  const boundPort = typeof address === 'object' && address ? address.port : port;
  return {
    server,
    port: boundPort,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        server.closeIdleConnections();
      }),
  };
}
