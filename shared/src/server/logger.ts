import pino, { type Logger } from 'pino';
import type { Config } from './config';

export type { Logger } from 'pino';

/** The root logger of a process: pretty on a developer's terminal, JSON lines otherwise. */
export function createLogger(config: Pick<Config, 'log'>, name: string): Logger {
  return pino({
    name,
    level: config.log.level,
    redact: {
      paths: ['req.headers.authorization', 'req.headers.cookie', 'req.headers["x-admin-secret"]', '*.password', '*.code', '*.token'],
      censor: '[redacted]',
    },
    ...(config.log.pretty
      ? { transport: { target: 'pino-pretty', options: { colorize: true, ignore: 'pid,hostname', translateTime: 'HH:MM:ss.l' } } }
      : {}),
  });
}

/** One child logger per subsystem, so every line says where it came from. */
export function subsystem(logger: Logger, name: string): Logger {
  return logger.child({ subsystem: name });
}
