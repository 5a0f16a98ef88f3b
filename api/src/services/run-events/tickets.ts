import { randomBytes } from 'node:crypto';
import type { RedisClient } from '@app/shared/server/redis';
import { RUN_EVENTS_TICKET_SECONDS } from '@app/shared/api/runs';

/**
 * Tickets that open a person's event stream once (EventSource cannot send an Authorization
 * header): random, bound to the person who asked for it, kept in Redis for 30 s so every api
 * process can redeem it, and taken with GETDEL so two redemptions never both succeed.
 */
export class RunEventTickets {
  constructor(
    private readonly redis: RedisClient,
    private readonly prefix: string,
  ) {}

  async issue(userId: string): Promise<{ ticket: string; expiresInSeconds: number }> {
    const ticket = randomBytes(24).toString('base64url');
    await this.redis.set(this.keyOf(ticket), userId, 'EX', RUN_EVENTS_TICKET_SECONDS);
    return { ticket, expiresInSeconds: RUN_EVENTS_TICKET_SECONDS };
  }

  /** The person the ticket was issued to, once; undefined for an unknown, used or expired ticket. */
  async redeem(ticket: string): Promise<string | undefined> {
    if (!/^[A-Za-z0-9_-]{16,64}$/.test(ticket)) return undefined;
    return (await this.redis.getdel(this.keyOf(ticket))) ?? undefined;
  }

  private keyOf(ticket: string): string {
    return `${this.prefix}:run-events-ticket:${ticket}`;
  }
}
