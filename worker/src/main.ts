import { getConfig } from '@app/shared/server/config';
import { openInfrastructure } from '@app/shared/server/infrastructure';
import { exitOnStartupFailure, handleShutdownSignals } from '@app/shared/server/lifecycle';
import { createLogger } from '@app/shared/server/logger';
import { startTracing } from '@app/shared/server/tracing';
import { composeWorkers } from './compose';

/** A worker process (`npm run start:worker`); start as many as the load needs. */
async function main() {
  const config = getConfig();
  const tracing = await startTracing(config.tracing, 'mirrorverse-worker');
  const logger = createLogger(config, 'worker');
  const infra = await openInfrastructure(config, logger, { requireServers: true, telemetry: tracing.telemetry });
  const workers = await composeWorkers(config, logger, infra);
  logger.info({ queues: workers.queues }, 'worker started');
  handleShutdownSignals(logger, async () => {
    await workers.close();
    await infra.close();
    await tracing.shutdown();
  }, config.shutdownTimeoutMs);
}

main().catch((error: unknown) => exitOnStartupFailure(error));
