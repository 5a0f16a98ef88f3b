import type { Logger } from './logger';
import { ConfigError } from './config';
import { StartupError } from './startup-error';

/**
 * Runs `stop` once on SIGTERM or SIGINT, then exits. A second signal, or a stop that takes
 * longer than the timeout, exits at once.
 *
 * Failures nobody caught: a promise rejected with no handler is logged and the process keeps
 * serving (one request's bug must not end everyone's); an exception thrown out of a callback
 * leaves state unknown, so it is logged and the process stops the same graceful way (children
 * such as the embedded redis-server included), exiting 1 for the supervisor to restart it.
 */
export function handleShutdownSignals(logger: Logger, stop: () => Promise<void>, timeoutMs: number): void {
  let stopping = false;
  const shutDown = (reason: Record<string, unknown>, exitCode: 0 | 1) => {
    stopping = true;
    logger.info(reason, 'shutting down');
    const timer = setTimeout(() => {
      logger.error({ timeoutMs }, 'shutdown timed out');
      process.exit(1);
    }, timeoutMs);
    timer.unref();
    stop().then(
      () => {
        logger.info('stopped');
        process.exit(exitCode);
      },
      (error: unknown) => {
        logger.error({ err: error }, 'error during shutdown');
        process.exit(1);
      },
    );
  };
  const onSignal = (signal: NodeJS.Signals) => {
    if (stopping) {
      logger.warn({ signal }, 'second signal: exiting now');
      process.exit(1);
    }
    shutDown({ signal }, 0);
  };
  process.on('SIGTERM', onSignal);
  process.on('SIGINT', onSignal);
  process.on('unhandledRejection', (reason) => {
    logger.error({ err: reason }, 'unhandled promise rejection (the process keeps serving)');
  });
  process.on('uncaughtException', (error) => {
    logger.fatal({ err: error }, 'uncaught exception');
    if (stopping) process.exit(1);
    shutDown({ reason: 'uncaught exception' }, 1);
  });
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
