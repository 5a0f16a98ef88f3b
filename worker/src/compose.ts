import { type Config, type Infrastructure, type Logger, createMailer, subsystem } from '@app/shared/server';
import type { JobHandlers } from './job-handlers';
import { sendEmailHandler } from './jobs/email';
import { startWorkers } from './worker';

/**
 * Wires every job handler from opened infrastructure. Used by the worker process and by
 * the all-in-one process.
 */
export function composeWorkers(config: Config, logger: Logger, infra: Infrastructure) {
  const mailer = createMailer(config, subsystem(logger, 'mail'));
  const handlers: JobHandlers = {
    email: { 'send-email': sendEmailHandler(infra.db, mailer, subsystem(logger, 'mail')) },
  };
  const workers = startWorkers({ config, logger, redisUrl: infra.redisUrl, handlers, prefix: config.queuePrefix });
  return {
    queues: workers.queues,
    close: async () => {
      await workers.close();
      mailer.close();
    },
  };
}
