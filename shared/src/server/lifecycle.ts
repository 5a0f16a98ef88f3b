import type { Logger } from './logger';
import { ConfigError } from './config';
import { StartupError } from './startup-error';
import { armStopWatchdog } from './stop-watchdog';

/** What the stop watchdog leaves the stop's own deadline, to log it and exit (its final log flush included). */
export const STOP_WATCHDOG_GRACE_MS = 1_000;

/**
 * The same signal again this soon is the same request arriving twice, not a person asking to
 * exit now: a process group killed under npm gets it from the kill and again from npm, which
 * forwards it (Ctrl-C in a terminal does the same).
 */
const REPEATED_SIGNAL_MS = 1_000;

/**
 * Runs `stop` once on SIGTERM or SIGINT, then exits. A second signal, or a stop that takes
 * longer than the timeout, exits at once. Should the main thread be stuck (so neither can run),
 * a watchdog thread armed when the stop begins kills the child processes and the process
 * `STOP_WATCHDOG_GRACE_MS` after the timeout.
 *
 * Failures nobody caught: a promise rejected with no handler is logged and the process keeps
 * serving (one request's bug must not end everyone's); an exception thrown out of a callback
 * leaves state unknown, so it is logged and the process stops the same graceful way (children
 * such as the embedded redis-server included), exiting 1 for the supervisor to restart it.
 */
export function handleShutdownSignals(logger: Logger, stop: () => Promise<void>, timeoutMs: number): void {
  let stopping = false;
  let firstSignal: { signal: NodeJS.Signals; at: number } | undefined;
  const shutDown = (reason: Record<string, unknown>, exitCode: 0 | 1) => {
    stopping = true;
    try {
      armStopWatchdog(timeoutMs + STOP_WATCHDOG_GRACE_MS);
    } catch (error) {
      logger.warn({ err: error }, 'the stop watchdog could not start; the stop keeps its own deadline');
    }
    logger.info({ ...reason, timeoutMs }, 'shutting down');
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
      if (firstSignal?.signal === signal && Date.now() - firstSignal.at < REPEATED_SIGNAL_MS) return;
      logger.warn({ signal }, 'second signal: exiting now');
      process.exit(1);
    }
    firstSignal = { signal, at: Date.now() };
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
