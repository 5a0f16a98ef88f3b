import type { RunEvent } from '@app/shared/api/runs';
import type { NotificationEvent } from '@app/shared/api/notifications';
import type { Logger } from '@app/shared/server/logger';
import { TooManyRequestsError } from '@app/shared/server/domain-errors';
import {
  type RunQueueEvent,
  type RunQueueEventLog,
  type RunQueueEventReader,
  compareEventIds,
  endedRunId,
  movesQueue,
  parseEventId,
} from '@app/shared/server/queue';
import type { PersonEvent, RunEventMapper } from './run-event-mapper';
import type { QueuePositions, RunOwner } from './queue-positions';

/** An event as a stream sends it: with the queue stream's id, or without one (run.queued, current state). */
export interface SentEvent {
  id?: string;
  /** A run's event, or a new notification's (no id: it is no entry of the queue's stream). */
  event: RunEvent | NotificationEvent;
}

/** New notifications heard from any process (issue 46 §3), and the count told to the person's streams. */
export interface NotificationFeed {
  /** Hears the people who have something new until the returned function is called. */
  listen(heard: (userId: string) => void): Promise<() => void>;
  unreadCount(userId: string): Promise<number>;
}

/** One open stream of a person. */
export interface Subscriber {
  readonly userId: string;
  send(event: SentEvent): void;
  /** Ends the stream (the process is shutting down). */
  end(): void;
}

export const TOO_MANY_STREAMS = 'Too many live streams are open for this account. Close a tab and try again.';

export interface RunEventsHubDeps {
  /** The generation queue's event log (`RunQueue.events`). */
  events: Pick<RunQueueEventLog, 'lastId' | 'firstId' | 'range' | 'openReader'>;
  mapper: Pick<RunEventMapper, 'map'>;
  positions: Pick<QueuePositions, 'forPeople' | 'owners'>;
  /** A person's runs under way right now, as events without ids (a new stream, or a resume past the stream's trimming). */
  currentState(userId: string): Promise<RunEvent[]>;
  logger: Logger;
  notifications?: NotificationFeed;
  maxStreamsPerPerson?: number;
  positionsEveryMs?: number;
  /** How long the shared reader stays up after the last stream closed. */
  idleStopMs?: number;
  blockMs?: number;
}

interface Attached {
  sub: Subscriber;
  /** Until its catch-up is sent, live events are left to the catch-up. */
  pending: boolean;
  /** The id of the last stream entry this subscriber was sent (or has seen). */
  after: string;
  /** The run.queued last sent for each waiting run, as `position:eta`. */
  queued: Map<string, string>;
}

const PAGE = 500;
/** After the queue moved, positions are read again within this delay (coalesced). */
const POSITIONS_SOON_MS = 200;
/**
 * Positions are read at most once a second (or every `positionsEveryMs`, when sooner): a queue that
 * moves all the time would otherwise be read back to back, every waiting run told anew each time,
 * and that CPU is taken from the workers the ETA measures. A client counts the ETA down in between.
 */
const POSITIONS_MIN_GAP_MS = 1_000;
const MAPPED_CACHE_SIZE = 5_000;

/**
 * The live stream's one subscription per api process: a single reader follows the generation
 * queue's event log (a blocking read on a connection of its own) and fans each entry out to the
 * open streams of the run's owner, with the entry's id as the SSE id. A stream that resumes from
 * an id reads what it missed from the log first, under the same lock as the live delivery, so
 * nothing is lost or sent twice at the switch-over. Queue positions are polled every 2 s for the
 * people connected here and sent when they change. The reader runs only while streams are open.
 */
export class RunEventsHub {
  private readonly byPerson = new Map<string, Set<Attached>>();
  private readonly mapped = new Map<string, PersonEvent | null>();
  private cursor = '0-0';
  private reader: { connection: RunQueueEventReader; generation: number } | undefined;
  private stopListening: (() => void) | undefined;
  private generation = 0;
  private lock: Promise<unknown> = Promise.resolve();
  private idleTimer: NodeJS.Timeout | undefined;
  private positionsTimer: NodeJS.Timeout | undefined;
  private positionsDueAt = 0;
  /** When the latest positions read started. */
  private positionsReadAt = 0;
  private positionsBusy = false;
  /** A read was asked for while one ran: the queue may have moved since it started. */
  private positionsAgain = false;

  constructor(private readonly deps: RunEventsHubDeps) {}

  /** Streams open in this process (all people). */
  get openStreams(): number {
    let count = 0;
    for (const set of this.byPerson.values()) count += set.size;
    return count;
  }

  /**
   * Opens a stream for `sub`: sends what it missed after `lastEventId` (or the current state of
   * the person's runs), then follows live. The returned function closes it.
   */
  async subscribe(sub: Subscriber, lastEventId?: string): Promise<() => void> {
    const set = this.byPerson.get(sub.userId) ?? new Set<Attached>();
    if (set.size >= (this.deps.maxStreamsPerPerson ?? 5)) throw new TooManyRequestsError(TOO_MANY_STREAMS, 'TOO_MANY_STREAMS', 30);
    const attached: Attached = { sub, pending: true, after: '0-0', queued: new Map() };
    set.add(attached);
    this.byPerson.set(sub.userId, set);
    clearTimeout(this.idleTimer);
    const close = () => this.detach(attached);
    try {
      await this.exclusive(async () => {
        await this.ensureReading();
        await this.catchUp(attached, lastEventId);
        attached.pending = false;
      });
    } catch (error) {
      close();
      throw error;
    }
    this.schedulePositions(0);
    return close;
  }

  /** Ends every stream and stops the reader (shutdown: open streams would hold the server open). */
  async close(): Promise<void> {
    const open = [...this.byPerson.values()].flatMap((set) => [...set]);
    this.byPerson.clear();
    this.stopReading();
    for (const attached of open) attached.sub.end();
  }

  private detach(attached: Attached): void {
    const set = this.byPerson.get(attached.sub.userId);
    if (!set?.delete(attached)) return;
    if (set.size === 0) this.byPerson.delete(attached.sub.userId);
    if (this.byPerson.size === 0) {
      clearTimeout(this.idleTimer);
      this.idleTimer = setTimeout(() => {
        if (this.byPerson.size === 0) this.stopReading();
      }, this.deps.idleStopMs ?? 30_000);
      this.idleTimer.unref();
    }
  }

  private async catchUp(attached: Attached, lastEventId: string | undefined): Promise<void> {
    const { userId } = attached.sub;
    const from = parseEventId(lastEventId) ? lastEventId! : undefined;
    if (!from) {
      await this.sendState(attached);
      attached.after = this.cursor;
      return;
    }
    const first = await this.deps.events.firstId();
    // The stream was trimmed past the id (or emptied): what it no longer holds comes from the database.
    if (!first || compareEventIds(from, first) < 0) await this.sendState(attached);
    let after = from;
    while (compareEventIds(after, this.cursor) < 0) {
      const page = await this.deps.events.range(after, this.cursor, PAGE);
      if (page.length === 0) break;
      for (const { entry, event } of await this.eventsOf(page, new Set([userId]))) {
        if (event.userId === userId) attached.sub.send({ id: entry.id, event: event.event });
      }
      after = page.at(-1)!.id;
    }
    attached.after = compareEventIds(from, this.cursor) > 0 ? from : this.cursor;
  }

  private async sendState(attached: Attached): Promise<void> {
    for (const event of await this.deps.currentState(attached.sub.userId)) attached.sub.send({ event });
  }

  /** Starts the shared reader from the stream's end, unless it runs. Called under the lock. */
  private async ensureReading(): Promise<void> {
    if (this.deps.notifications && !this.stopListening) {
      const listening = this.deps.notifications.listen((userId) => void this.tellNotification(userId));
      this.stopListening = () => void listening.then((stop) => stop());
      await listening;
    }
    if (this.reader) return;
    this.cursor = await this.deps.events.lastId();
    const reader = { connection: this.deps.events.openReader(), generation: ++this.generation };
    this.reader = reader;
    void this.follow(reader);
  }

  private stopReading(): void {
    this.stopListening?.();
    this.stopListening = undefined;
    clearTimeout(this.idleTimer);
    clearTimeout(this.positionsTimer);
    this.positionsTimer = undefined;
    const reader = this.reader;
    this.reader = undefined;
    reader?.connection.close();
  }

  private async follow(reader: { connection: RunQueueEventReader; generation: number }): Promise<void> {
    const current = () => this.reader?.generation === reader.generation;
    while (current()) {
      try {
        const entries = await reader.connection.read(this.cursor, this.deps.blockMs ?? 5_000, PAGE);
        if (entries.length > 0 && current()) await this.exclusive(() => this.deliver(entries));
      } catch (error) {
        if (!current()) return;
        this.deps.logger.warn({ err: error }, 'run events: reading the queue events failed');
        await new Promise((resolve) => setTimeout(resolve, 1_000));
      }
    }
  }

  /** Live entries to the open streams of their owners. Called under the lock. */
  private async deliver(entries: RunQueueEvent[]): Promise<void> {
    const fresh = entries.filter((e) => compareEventIds(e.id, this.cursor) > 0);
    if (fresh.length === 0) return;
    for (const { entry, event } of await this.eventsOf(fresh, new Set(this.byPerson.keys()))) {
      for (const attached of this.byPerson.get(event.userId) ?? []) {
        if (attached.pending || compareEventIds(entry.id, attached.after) <= 0) continue;
        attached.after = entry.id;
        attached.sub.send({ id: entry.id, event: event.event });
      }
    }
    this.cursor = fresh.at(-1)!.id;
    // The queue moved (a job added, taken, finished or removed): positions are read again soon.
    if (fresh.some(movesQueue)) this.schedulePositions(POSITIONS_SOON_MS);
  }

  /** The run events among `entries` of the given people, in stream order (mapped once per entry). */
  private async eventsOf(entries: RunQueueEvent[], people: ReadonlySet<string>): Promise<Array<{ entry: RunQueueEvent; event: PersonEvent }>> {
    const ended = entries.map(endedRunId).filter((id): id is string => id !== undefined);
    const owners = ended.length > 0 ? await this.deps.positions.owners(ended) : new Map<string, RunOwner>();
    const events: Array<{ entry: RunQueueEvent; event: PersonEvent }> = [];
    for (const entry of entries) {
      const runId = endedRunId(entry);
      const owner = runId ? owners.get(runId)?.userId : entry.kind === 'progress' ? entry.progress.userId : undefined;
      if (!owner || !people.has(owner)) continue;
      const event = await this.mapOnce(entry);
      if (event) events.push({ entry, event });
    }
    return events;
  }

  private async mapOnce(entry: RunQueueEvent): Promise<PersonEvent | undefined> {
    const known = this.mapped.get(entry.id);
    if (known !== undefined) return known ?? undefined;
    const event = (await this.deps.mapper.map(entry)) ?? null;
    if (this.mapped.size >= MAPPED_CACHE_SIZE) this.mapped.delete(this.mapped.keys().next().value!);
    this.mapped.set(entry.id, event);
    return event ?? undefined;
  }

  /** A person connected here has a new notification: their streams get the unread count. */
  private async tellNotification(userId: string): Promise<void> {
    if (!this.byPerson.has(userId) || !this.deps.notifications) return;
    try {
      const unreadCount = await this.deps.notifications.unreadCount(userId);
      for (const attached of this.byPerson.get(userId) ?? []) attached.sub.send({ event: { type: 'notification', unreadCount } });
    } catch (error) {
      this.deps.logger.warn({ err: error }, 'run events: a notification count not read');
    }
  }

  /** Reads positions in `delayMs`, unless a read is already due sooner. */
  private schedulePositions(delayMs: number): void {
    if (this.byPerson.size === 0) return;
    const gap = Math.min(POSITIONS_MIN_GAP_MS, this.deps.positionsEveryMs ?? 2_000);
    const at = Math.max(Date.now() + delayMs, this.positionsReadAt + gap);
    delayMs = at - Date.now();
    if (this.positionsTimer && this.positionsDueAt <= at) return;
    clearTimeout(this.positionsTimer);
    this.positionsDueAt = at;
    this.positionsTimer = setTimeout(() => {
      this.positionsTimer = undefined;
      void this.sendPositions();
    }, delayMs);
    this.positionsTimer.unref();
  }

  /** run.queued to each open stream whose waiting runs moved (or were never told). */
  private async sendPositions(): Promise<void> {
    if (this.positionsBusy) {
      this.positionsAgain = true;
      return;
    }
    this.positionsBusy = true;
    this.positionsAgain = false;
    this.positionsReadAt = Date.now();
    try {
      const waiting = await this.deps.positions.forPeople(new Set(this.byPerson.keys()));
      for (const [userId, set] of this.byPerson) {
        const runs = waiting.get(userId) ?? [];
        for (const attached of set) {
          if (attached.pending) continue;
          const told = new Map<string, string>();
          for (const run of runs) {
            const key = `${run.position}:${run.etaSeconds}`;
            told.set(run.runId, key);
            if (attached.queued.get(run.runId) !== key) attached.sub.send({ event: { type: 'run.queued', runId: run.runId, position: run.position, etaSeconds: run.etaSeconds } });
          }
          attached.queued = told;
        }
      }
    } catch (error) {
      this.deps.logger.warn({ err: error }, 'run events: queue positions not read');
    } finally {
      this.positionsBusy = false;
      this.schedulePositions(this.positionsAgain ? 0 : (this.deps.positionsEveryMs ?? 2_000));
    }
  }

  /** Runs `fn` after every earlier locked call: catch-ups and live deliveries never interleave. */
  private exclusive<T>(fn: () => Promise<T>): Promise<T> {
    const run = this.lock.then(fn, fn);
    this.lock = run.catch(() => {});
    return run;
  }
}
