import type { Logger } from './logger';
import { ConfigError } from './config';
import { StartupError } from './startup-error';

/**
 * Runs `stop` once on SIGTERM or SIGINT, then exits. A second signal, or a stop that takes
 * longer than the timeout, exits at once.
 */
export function handleShutdownSignals(logger: Logger, stop: () => Promise<void>, timeoutMs: number): void {
  let stopping = false;
  const onSignal = (signal: NodeJS.Signals) => {
    if (stopping) {
      logger.warn({ signal }, 'second signal: exiting now');
      process.exit(1);
    }
    stopping = true;
    logger.info({ signal }, 'shutting down');
    const timer = setTimeout(() => {
      logger.error({ timeoutMs }, 'shutdown timed out');
      process.exit(1);
    }, timeoutMs);
    timer.unref();
    stop().then(
      () => {
        logger.info('stopped');
        process.exit(0);
      },
      (error: unknown) => {
        logger.error({ err: error }, 'error during shutdown');
        process.exit(1);
      },
    );
  };
  process.on('SIGTERM', onSignal);
  process.on('SIGINT', onSignal);
}

/** Start-up failures a person can fix get one clear message, not a stack trace. */
export function exitOnStartupFailure(error: unknown, logger?: Logger): never {
  if (error instanceof ConfigError || error instanceof StartupError) {
    process.stderr.write(`\n${error.message}\n\n`);
  } else if (logger) {
    logger.fatal({ err: error }, 'failed to start');
  } else {
    process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  }
  process.exit(1);
}
