import { getConfig } from '@app/shared/server/config';
import { openInfrastructure } from '@app/shared/server/infrastructure';
import { exitOnStartupFailure, handleShutdownSignals } from '@app/shared/server/lifecycle';
import { createLogger } from '@app/shared/server/logger';
import { StartupError } from '@app/shared/server/startup-error';
import { startTracing } from '@app/shared/server/tracing';
import { composeApi, listen } from './compose';

/** The api process on its own (`npm run start:api`): needs Postgres and Redis servers. */
async function main() {
  const config = getConfig();
  const tracing = await startTracing(config.tracing, 'mirrorverse-api');
  const logger = createLogger(config, 'api');
  const infra = await openInfrastructure(config, logger, { requireServers: true, telemetry: tracing.telemetry });
  const http = await listen(composeApi(config, logger, infra), config.http.port, config.http.host).catch(async (error) => {
    await infra.close();
    throw new StartupError(`PORT: cannot listen on ${config.http.host}:${config.http.port} — ${error.message}`);
  });
  logger.info({ url: config.http.publicUrl, port: http.port }, 'api listening');
  handleShutdownSignals(logger, async () => {
    await http.close();
    await infra.close();
    await tracing.shutdown();
  }, config.shutdownTimeoutMs);
}

main().catch((error: unknown) => exitOnStartupFailure(error));
