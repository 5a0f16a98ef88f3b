import type { Request, RequestHandler } from 'express';
import type { Redis } from 'ioredis';
import { RateLimiterRedis, RateLimiterRes } from 'rate-limiter-flexible';
import { HttpError } from './errors';

export const TOO_MANY_REQUESTS = 'Too many requests. Please wait a moment.';

interface Rule {
  points: number;
  durationSeconds: number;
}

/** The limits of the sign-in calls: per e-mail address and per client IP. */
export const RATE_RULES = {
  codeRequestsPerEmail: { points: 5, durationSeconds: 15 * 60 },
  codeRequestsPerIp: { points: 30, durationSeconds: 60 * 60 },
  verificationsPerIp: { points: 40, durationSeconds: 15 * 60 },
  refreshesPerIp: { points: 120, durationSeconds: 15 * 60 },
} satisfies Record<string, Rule>;

export type RateRuleName = keyof typeof RATE_RULES;

/** Rate limiters kept in Redis, so every api process counts together. */
export class RateLimits {
  private readonly limiters = new Map<RateRuleName, RateLimiterRedis>();

  constructor(redis: Redis, prefix: string, rules: Record<RateRuleName, Rule> = RATE_RULES) {
    for (const [name, rule] of Object.entries(rules) as Array<[RateRuleName, Rule]>) {
      this.limiters.set(
        name,
        new RateLimiterRedis({ storeClient: redis, keyPrefix: `${prefix}:rl:${name}`, points: rule.points, duration: rule.durationSeconds }),
      );
    }
  }

  /** Middleware consuming one point of each rule, keyed by the client IP or a body field. */
  limit(...checks: Array<{ rule: RateRuleName; key: (req: Request) => string | undefined }>): RequestHandler {
    return async (req, res, next) => {
      try {
        for (const check of checks) {
          const key = check.key(req);
          if (key) await this.limiters.get(check.rule)?.consume(key);
        }
        next();
      } catch (error) {
        if (error instanceof RateLimiterRes) {
          res.setHeader('Retry-After', String(Math.ceil(error.msBeforeNext / 1000)));
          return next(new HttpError(429, TOO_MANY_REQUESTS, 'RATE_LIMITED'));
        }
        next(error);
      }
    };
  }
}

export const byIp = (req: Request) => req.ip ?? 'unknown';
export const byBodyEmail = (field: string) => (req: Request) => {
  const value = (req.body as Record<string, unknown> | undefined)?.[field];
  return typeof value === 'string' ? value.trim().toLowerCase() : undefined;
};
