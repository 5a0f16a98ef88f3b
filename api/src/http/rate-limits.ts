import type { Request, RequestHandler } from 'express';
import type { RedisClient } from '@app/shared/server/redis';
import { RateLimiterRedis, RateLimiterRes } from 'rate-limiter-flexible';
import { TooManyRequestsError } from '@app/shared/server/domain-errors';
import { TOO_MANY_REQUESTS } from './errors';

interface Rule {
  points: number;
  durationSeconds: number;
}

/** The limits of the sign-in calls: per e-mail address and per client IP. */
export const RATE_RULES = {
  /** Codes one client may ask for one address: a stranger's requests leave the owner's budget alone. */
  codeRequestsPerEmailAndIp: { points: 5, durationSeconds: 15 * 60 },
  /** Codes mailed to one address from every client together. */
  codeRequestsPerEmail: { points: 20, durationSeconds: 60 * 60 },
  codeRequestsPerIp: { points: 30, durationSeconds: 60 * 60 },
  verificationsPerIp: { points: 40, durationSeconds: 15 * 60 },
  refreshesPerIp: { points: 120, durationSeconds: 15 * 60 },
  /** Invitation e-mails one account may send per day, and one address may receive from everyone. */
  invitesPerAccount: { points: 20, durationSeconds: 24 * 60 * 60 },
  invitesPerRecipient: { points: 3, durationSeconds: 24 * 60 * 60 },
  /** Files stored per person per minute (a Story Time needs a handful; a script needs many). */
  uploadsPerUser: { points: 30, durationSeconds: 60 },
  /** Reports one person may send per hour (issue 42): plenty for what one finds, too few to flood the queue. */
  reportsPerUser: { points: 20, durationSeconds: 60 * 60 },
  /** Calls made with one API key (issue 45 §1), whatever the call; API_KEY_REQUESTS_PER_MINUTE sets the points. */
  apiKeyCalls: { points: 600, durationSeconds: 60 },
} satisfies Record<string, Rule>;

export type RateRuleName = keyof typeof RATE_RULES;

/** Rate limiters kept in Redis, so every api process counts together. */
export class RateLimits {
  private readonly limiters = new Map<RateRuleName, RateLimiterRedis>();

  constructor(redis: RedisClient, prefix: string, rules: Record<RateRuleName, Rule> = RATE_RULES) {
    for (const [name, rule] of Object.entries(rules) as Array<[RateRuleName, Rule]>) {
      this.limiters.set(
        name,
        new RateLimiterRedis({ storeClient: redis, keyPrefix: `${prefix}:rl:${name}`, points: rule.points, duration: rule.durationSeconds }),
      );
    }
  }

  /** Consumes one point of `rule` for `key`; over the limit it throws a 429 carrying `retryAfterSeconds`. */
  async consume(rule: RateRuleName, key: string): Promise<void> {
    try {
      await this.limiters.get(rule)?.consume(key);
    } catch (error) {
      if (error instanceof RateLimiterRes) throw new TooManyRequestsError(TOO_MANY_REQUESTS, 'RATE_LIMITED', Math.ceil(error.msBeforeNext / 1000));
      throw error;
    }
  }

  /** Whether `key` has spent every point of `rule`, without spending one; over it, a 429 like `consume`'s. */
  async assertNotExhausted(rule: RateRuleName, key: string): Promise<void> {
    const limiter = this.limiters.get(rule);
    const state = await limiter?.get(key);
    if (limiter && state && state.consumedPoints >= limiter.points) {
      throw new TooManyRequestsError(TOO_MANY_REQUESTS, 'RATE_LIMITED', Math.ceil(state.msBeforeNext / 1000));
    }
  }

  /** Middleware consuming one point of each rule, keyed by the client IP or a body field. */
  limit(...checks: Array<{ rule: RateRuleName; key: (req: Request) => string | undefined }>): RequestHandler {
    return async (req, _res, next) => {
      try {
        for (const check of checks) {
          const key = check.key(req);
          if (key) await this.consume(check.rule, key);
        }
        next();
      } catch (error) {
        next(error);
      }
    };
  }

  /**
   * The budgets of a request for a code sent to the e-mail in `field`. The (e-mail, IP) budget
   * comes before the e-mail's: a stranger who spent theirs stops drawing on the address's own,
   * so its owner still gets codes. `perEmail: false` leaves the address's own cap to the route.
   */
  limitCodeRequests(field: string, options: { perEmail: boolean } = { perEmail: true }): RequestHandler {
    return this.limit(
      { rule: 'codeRequestsPerIp', key: byIp },
      { rule: 'codeRequestsPerEmailAndIp', key: byBodyEmailAndIp(field) },
      ...(options.perEmail ? [{ rule: 'codeRequestsPerEmail' as const, key: byBodyEmail(field) }] : []),
    );
  }
}

export const byIp = (req: Request) => req.ip ?? 'unknown';
export const byBodyEmail = (field: string) => (req: Request) => {
  const value = (req.body as Record<string, unknown> | undefined)?.[field];
  return typeof value === 'string' ? value.trim().toLowerCase() : undefined;
};
/** An e-mail field together with the client IP: one client's share of an address's budget. */
export const byBodyEmailAndIp = (field: string) => (req: Request) => {
  const email = byBodyEmail(field)(req);
  return email === undefined ? undefined : `${email}|${byIp(req)}`;
};
