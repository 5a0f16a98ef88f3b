import type { RunEvent } from '@app/shared/api/runs';
import type { User } from '@app/shared/server/db';
import type { Repositories } from '@app/shared/server/repositories';
import { InvalidInputError, NotAllowedError, NotAuthenticatedError } from '@app/shared/server/domain-errors';
import { parseEventId } from '@app/shared/server/queue';
import type { RunEventsHub, Subscriber } from './run-events-hub';
import type { RunEventTickets } from './tickets';

export const TICKET_INVALID = 'This live-updates ticket is unknown, used or expired. Ask for a new one.';
export const INVALID_LAST_EVENT_ID = 'lastEventId: Invalid lastEventId (an event id this stream sent: <milliseconds>-<sequence>)';

export type RunEventsRepositories = {
  users: Pick<Repositories['users'], 'findById'>;
  runEvents: Pick<Repositories['runEvents'], 'listStarted'>;
};

/** The live stream of a person's runs: tickets for EventSource, and opening the stream. */
export class RunEventsService {
  constructor(
    private readonly repos: RunEventsRepositories,
    private readonly tickets: RunEventTickets,
    private readonly hub: RunEventsHub,
  ) {}

  issueTicket(user: User): Promise<{ ticket: string; expiresInSeconds: number }> {
    return this.tickets.issue(user.id);
  }

  /** The person a ticket opens the stream of: the one who asked for it, once, within its time. */
  async personOfTicket(ticket: string): Promise<User> {
    const userId = await this.tickets.redeem(ticket);
    const user = userId ? await this.repos.users.findById(userId) : undefined;
    if (!user) throw new NotAuthenticatedError(TICKET_INVALID, 'UNAUTHORIZED');
    if (user.banned) throw new NotAllowedError('This account has been suspended.', 'ACCOUNT_SUSPENDED');
    return user;
  }

  /** Opens a stream; resolves with its close once what it missed has been sent. */
  async open(subscriber: Subscriber, lastEventId: string | undefined): Promise<() => void> {
    // Only ids this stream sent come back from a browser; anything else is a hand-made request.
    if (lastEventId !== undefined && !parseEventId(lastEventId)) throw new InvalidInputError(INVALID_LAST_EVENT_ID, 'BAD_REQUEST');
    return this.hub.subscribe(subscriber, lastEventId);
  }
}

/** A person's runs a worker is on right now, as the run.started each would have had. */
export function currentStateOf(repos: RunEventsRepositories): (userId: string) => Promise<RunEvent[]> {
  return async (userId) => (await repos.runEvents.listStarted(userId)).map(({ runId, provider }) => ({ type: 'run.started', runId, provider }));
}
