import pino, { type Logger } from 'pino';
import { prettyFactory } from 'pino-pretty';
import type { Config } from './config';
import { stdoutDestination } from './log-destination';
import { traceFields } from './tracing/tracing';

export type { Logger } from 'pino';

/**
 * The root logger of a process: pretty on a developer's terminal, JSON lines otherwise, both to a
 * stdout destination that drops lines once stdout is gone instead of blocking or failing the
 * process (log-destination.ts). Pretty lines are formatted here rather than in pino's transport
 * thread, whose flush at exit waits up to 20 s on a stdout that is gone.
 */
export function createLogger(config: Pick<Config, 'log'>, name: string): Logger {
  const options = {
    name,
    level: config.log.level,
    // A line written inside a span names it, so logs and traces join (issue 44); nothing otherwise.
    mixin: traceFields,
    redact: {
      paths: ['req.headers.authorization', 'req.headers.cookie', 'req.headers["x-admin-secret"]', '*.password', '*.code', '*.token'],
      censor: '[redacted]',
    },
  };
  const stdout = stdoutDestination();
  if (config.log.pretty) {
    const pretty = prettyFactory({ colorize: true, ignore: 'pid,hostname', translateTime: 'HH:MM:ss.l' });
    return pino(options, { write: (line: string) => stdout.write(pretty(line)) });
  }
  return pino(options, stdout);
}

/** One child logger per subsystem, so every line says where it came from. */
export function subsystem(logger: Logger, name: string): Logger {
  return logger.child({ subsystem: name });
}
