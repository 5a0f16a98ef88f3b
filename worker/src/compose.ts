import type { Config, Infrastructure, Logger } from '@app/shared/server';
import type { JobHandlers } from './job-handlers';
import { startWorkers } from './worker';

/**
 * Wires every job handler from opened infrastructure. Used by the worker process and by
 * the all-in-one process. Handlers are added here as features land.
 */
export function composeWorkers(config: Config, logger: Logger, infra: Infrastructure) {
  const handlers: JobHandlers = {};
  return startWorkers({ config, logger, redisUrl: infra.redisUrl, handlers, prefix: config.queuePrefix });
}
