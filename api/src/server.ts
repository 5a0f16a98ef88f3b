import {
  exitOnStartupFailure,
  getConfig,
  handleShutdownSignals,
  createLogger,
  openInfrastructure,
  StartupError,
} from '@app/shared/server';
import { composeApi, listen } from './compose';

/** The api process on its own (`npm run start:api`): needs Postgres and Redis servers. */
async function main() {
  const config = getConfig();
  const logger = createLogger(config, 'api');
  const infra = await openInfrastructure(config, logger, { requireServers: true });
  const http = await listen(composeApi(config, logger, infra), config.http.port, config.http.host).catch(async (error) => {
    await infra.close();
    throw new StartupError(`PORT: cannot listen on ${config.http.host}:${config.http.port} — ${error.message}`);
  });
  logger.info({ url: config.http.publicUrl, port: http.port }, 'api listening');
  handleShutdownSignals(logger, async () => {
    await http.close();
    await infra.close();
  }, config.shutdownTimeoutMs);
}

main().catch((error: unknown) => exitOnStartupFailure(error));
