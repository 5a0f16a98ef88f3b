import { composeWorkers } from '@app/worker';
import { getConfig } from '@app/shared/server/config';
import { openInfrastructure } from '@app/shared/server/infrastructure';
import { exitOnStartupFailure, handleShutdownSignals } from '@app/shared/server/lifecycle';
import { createLogger } from '@app/shared/server/logger';
import { createMetrics } from '@app/shared/server/metrics';
import { StartupError } from '@app/shared/server/startup-error';
import { startTracing } from '@app/shared/server/tracing';
import { composeApi, listen } from './compose';

/**
 * `npm start`: api, workers and the built web app in one process on the embedded
 * defaults (PGlite, a redis-server child, local disk), for one person on one machine.
 */
async function main() {
  const config = getConfig();
  const tracing = await startTracing(config.tracing, 'mirrorverse');
  const logger = createLogger(config, 'mirrorverse');
  const infra = await openInfrastructure(config, logger, { telemetry: tracing.telemetry });
  // One registry: the api's /metrics shows the workers' runs too.
  const metrics = createMetrics('all-in-one');
  const workers = await composeWorkers(config, logger, infra, { metrics });
  const http = await listen(composeApi(config, logger, infra, metrics), config.http.port, config.http.host).catch(async (error) => {
    await workers.close();
    await infra.close();
    throw new StartupError(`PORT: cannot listen on ${config.http.host}:${config.http.port} — ${error.message}`);
  });
  logger.info({ url: config.http.publicUrl, database: infra.dialect, storage: infra.storage.kind }, `ready on ${config.http.publicUrl}`);

  // Stop taking requests, let jobs in flight finish, then close Redis and the database.
  handleShutdownSignals(logger, async () => {
    await http.close();
    await workers.close();
    await infra.close();
    await tracing.shutdown();
  }, config.shutdownTimeoutMs);
}

main().catch((error: unknown) => exitOnStartupFailure(error));
