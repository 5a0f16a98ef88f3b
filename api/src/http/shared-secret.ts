import type { Request, RequestHandler } from 'express';
import type { RedisClient } from '@app/shared/server/redis';
import { sameSecret } from '@app/shared/server/access';
import { NotAuthenticatedError, TooManyRequestsError, UnavailableError } from '@app/shared/server/domain-errors';
import { TOO_MANY_REQUESTS, isDependencyUnavailable } from './errors';
import { byIp } from './rate-limits';

export interface SharedSecretGate {
  /** Which secret (`admin`, `story-editor`): tries are counted per kind and client. */
  kind: string;
  /** The configured secret; unset turns the feature off (503 with `disabled`). */
  secret: string | undefined;
  /** The secret the request presents; a value that is not a string is the caller's 400 to throw. */
  presented: (req: Request) => string | undefined;
  invalid: { message: string; code: string };
  disabled: { message: string; code: string };
  /** Told of every wrong secret, after the answer is decided (the admin audit log records it). */
  refused?: (req: Request, kind: string) => Promise<void>;
}

/** Waits put in front of checking operator secrets, so guessing is slow and the right secret is never shut out. */
export interface SecretGuessPacing {
  /** Waits until this client's secret may be checked; a 429 (nothing checked) when that is more than the cap away. */
  turn(kind: string, client: string): Promise<void>;
  /** The client presented the right secret: its own count starts again. */
  succeeded(kind: string, client: string): Promise<void>;
}

/**
 * The shape of the waits, all from one base (SECRET_GUESS_DELAY_MS, 100 ms by default). Each
 * address has 3 tries in 15 minutes checked at once; every later one waits its turn, spaced by
 * base × 2^(n−4) up to 20× base (2 s) for its n-th try, one at a time per address. Tries past
 * an address's first 3 are also spaced 2× base (200 ms) apart across every address together,
 * so many addresses buy no more than 5 slowed tries a second. A turn more than 300× base (30 s)
 * away is a 429 without a check. Tries are counted when they arrive, so a parallel burst from
 * one address is paced like a sequence; the right secret resets its address's count.
 */
export const SECRET_GUESS_RULES = {
  windowMs: 15 * 60 * 1000,
  freeTries: 3,
  maxAddressFactor: 20,
  globalFactor: 2,
  maxWaitFactor: 300,
};

/** Reserves the next turn on a queue: returns its wait in ms, or -1 (nothing reserved) past the cap. */
const RESERVE = `
local now = tonumber(ARGV[1])
local nextFree = tonumber(redis.call('GET', KEYS[1]) or '0')
local slot = math.max(now, nextFree)
if slot - now > tonumber(ARGV[3]) then return -1 end
redis.call('SET', KEYS[1], slot + tonumber(ARGV[2]), 'PX', ARGV[4])
return slot - now
`;

/** `SecretGuessPacing` in Redis, so every api process paces together. */
export class SecretGuessThrottle implements SecretGuessPacing {
  constructor(
    private readonly redis: RedisClient,
    private readonly prefix: string,
    private readonly baseMs: number,
    private readonly sleep: (ms: number) => Promise<void> = (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
    private readonly now: () => number = Date.now,
  ) {}

  /** While Redis is away: the next free turn of this process's own queue (ms since the epoch). */
  private localNextFree = 0;

  async turn(kind: string, client: string): Promise<void> {
    try {
      await this.sharedTurn(kind, client);
    } catch (error) {
      if (!isDependencyUnavailable(error)) throw error;
      await this.localTurn();
    }
  }

  /**
   * Redis away (a failover, an outage): the admin must still reach the diagnosis, so the right
   * secret is not refused for it. Tries are paced here instead, one queue per process spaced as
   * every address together is (2× base): no faster than guessing ever is.
   */
  private async localTurn(): Promise<void> {
    const now = this.now();
    const slot = Math.max(now, this.localNextFree);
    if (slot - now > this.baseMs * SECRET_GUESS_RULES.maxWaitFactor) throw new TooManyRequestsError(TOO_MANY_REQUESTS, 'RATE_LIMITED', Math.ceil((slot - now) / 1000));
    this.localNextFree = slot + this.baseMs * SECRET_GUESS_RULES.globalFactor;
    if (slot > now) await this.sleep(slot - now);
  }

  private async sharedTurn(kind: string, client: string): Promise<void> {
    const rules = SECRET_GUESS_RULES;
    const tries = this.key(kind, 'tries', client);
    const [[, count] = []] = (await this.redis.multi().incr(tries).pexpire(tries, rules.windowMs).exec()) ?? [];
    const n = Number(count) || 0;
    if (n <= rules.freeTries) return;
    const spacing = Math.min(this.baseMs * 2 ** (n - rules.freeTries - 1), this.baseMs * rules.maxAddressFactor);
    const cap = this.baseMs * rules.maxWaitFactor;
    let wait = 0;
    for (const [queue, gap] of [
      [this.key(kind, 'turn', client), spacing],
      [this.key(kind, 'turn', '*'), this.baseMs * rules.globalFactor],
    ] as const) {
      const reserved = Number(await this.redis.eval(RESERVE, 1, queue, this.now(), gap, cap - wait, rules.windowMs));
      if (reserved < 0) throw new TooManyRequestsError(TOO_MANY_REQUESTS, 'RATE_LIMITED', Math.ceil(cap / 1000));
      wait = Math.max(wait, reserved);
    }
    if (wait > 0) await this.sleep(wait);
  }

  async succeeded(kind: string, client: string): Promise<void> {
    await this.redis.del(this.key(kind, 'tries', client)).catch((error: unknown) => {
      // Redis away: the count runs out with its window instead.
      if (!isDependencyUnavailable(error)) throw error;
    });
  }

  private key(kind: string, what: string, client: string): string {
    return `${this.prefix}:secret-guess:${kind}:${what}:${client}`;
  }
}

/**
 * Checks a secret shared by the operators (the admin secret, the story editor's token) in
 * constant time. Nothing shuts the right secret out for long: wrong ones only slow their
 * address (and, together, every address that keeps guessing) down, as `SECRET_GUESS_RULES` says.
 * A call without any secret costs nothing and waits for nothing.
 */
export function requireSharedSecret(gate: SharedSecretGate, pacing: SecretGuessPacing): RequestHandler {
  return async (req, _res, next) => {
    try {
      if (gate.secret === undefined) throw new UnavailableError(gate.disabled.message, gate.disabled.code);
      const given = gate.presented(req);
      if (!given) throw new NotAuthenticatedError(gate.invalid.message, gate.invalid.code);
      const client = byIp(req);
      await pacing.turn(gate.kind, client);
      if (!sameSecret(given, gate.secret)) {
        await gate.refused?.(req, gate.kind);
        throw new NotAuthenticatedError(gate.invalid.message, gate.invalid.code);
      }
      // Not waited for: resetting the count must not hold the admin up while Redis is slow or away.
      void pacing.succeeded(gate.kind, client).catch(() => {});
      next();
    } catch (error) {
      next(error);
    }
  };
}

/** The token of an `Authorization: Bearer <token>` header. */
export function bearerToken(req: Request): string | undefined {
  const header = req.get('authorization');
  return header?.startsWith('Bearer ') ? header.slice('Bearer '.length).trim() || undefined : undefined;
}
