import type { RedisClient } from '../redis/redis';
import { type RunProgress, runProgressSchema } from './run-progress';

/**
 * What a generation job's handler answers when its run was already settled (a duplicate job): its
 * events were told, so the queue's `completed` entry of it is no run event.
 */
export const RUN_ALREADY_SETTLED = 'skipped';

/**
 * An entry of the generation queue's event log as the api needs it, without BullMQ's fields. Its
 * `id` orders entries (`compareEventIds`) and is what the live stream sends as the SSE id.
 */
export type RunQueueEvent = { id: string } & (
  /** A worker's event of a run as it works (run.started, run.attempt, run.video), and whose run it is. */
  | { kind: 'progress'; progress: RunProgress }
  /** The run's job ended: `failed` may be an attempt the queue retries; `skipped` a duplicate job of a settled run. */
  | { kind: 'ended'; runId: string; outcome: 'completed' | 'failed' | 'skipped' }
  /** The run's job was removed; `wasWaiting` when no worker had taken it (a cancel of a queued run). */
  | { kind: 'removed'; runId: string; wasWaiting: boolean }
  /** A job was added, became waiting or was taken: the queue's order changed. */
  | { kind: 'moved' }
  | { kind: 'other' }
);

/** The run a finished or removed job was for; undefined for any other event. */
export function endedRunId(event: RunQueueEvent): string | undefined {
  return event.kind === 'ended' || event.kind === 'removed' ? event.runId : undefined;
}

/** Whether waiting runs' positions may have changed with this event. */
export function movesQueue(event: RunQueueEvent): boolean {
  return event.kind !== 'progress' && event.kind !== 'other';
}

/** The largest part of an event id (a Redis stream id `<ms>-<seq>`): RedisClient refuses a bigger one. */
const MAX_ID_PART = 2n ** 64n - 1n;

/** An event id's two parts; undefined for anything that is not one (a client's Last-Event-ID). */
export function parseEventId(id: string | undefined): [bigint, bigint] | undefined {
  const match = id ? /^(\d{1,20})-(\d{1,20})$/.exec(id) : null;
  if (!match) return undefined;
  const parts: [bigint, bigint] = [BigInt(match[1]!), BigInt(match[2]!)];
  return parts[0] <= MAX_ID_PART && parts[1] <= MAX_ID_PART ? parts : undefined;
}

/** Negative when `a` comes before `b` (both well-formed). */
export function compareEventIds(a: string, b: string): number {
  const [am, as] = parseEventId(a) ?? [0n, 0n];
  const [bm, bs] = parseEventId(b) ?? [0n, 0n];
  return am === bm ? Number(as - bs) : am < bm ? -1 : 1;
}

/**
 * A removed job's `prev` in which no worker had it yet. BullMQ 6 has no paused state (a paused
 * queue's jobs stay in `wait`); `paused` is only what it answers for a job still in the paused
 * list BullMQ 5 kept, until a resume moves that list back to `wait`.
 */
const WAITING_STATES = new Set(['wait', 'waiting', 'prioritized', 'delayed', 'paused']);
const SETTLED_RETURN = JSON.stringify(RUN_ALREADY_SETTLED);

/** One entry of BullMQ's event stream (`<prefix>:<queue>:events`) as a run queue event. */
export function toRunQueueEvent(id: string, fields: Record<string, string>): RunQueueEvent {
  const runId = fields.jobId;
  switch (fields.event) {
    case 'progress': {
      const progress = parseProgress(fields.data);
      return progress ? { id, kind: 'progress', progress } : { id, kind: 'other' };
    }
    case 'completed':
      return runId ? { id, kind: 'ended', runId, outcome: fields.returnvalue === SETTLED_RETURN ? 'skipped' : 'completed' } : { id, kind: 'other' };
    case 'failed':
      return runId ? { id, kind: 'ended', runId, outcome: 'failed' } : { id, kind: 'other' };
    case 'removed':
      return runId ? { id, kind: 'removed', runId, wasWaiting: WAITING_STATES.has(fields.prev ?? '') } : { id, kind: 'other' };
    case 'added':
    case 'waiting':
    case 'active':
      return { id, kind: 'moved' };
    default:
      return { id, kind: 'other' };
  }
}

function parseProgress(data: string | undefined): RunProgress | undefined {
  if (!data) return undefined;
  try {
    const parsed = runProgressSchema.safeParse(JSON.parse(data));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined; // progress some other writer put there: not a run event
  }
}

type RawEntry = [id: string, fields: string[]];

function toEvent([id, flat]: RawEntry): RunQueueEvent {
  const fields: Record<string, string> = {};
  for (let i = 0; i + 1 < flat.length; i += 2) fields[flat[i]!] = flat[i + 1]!;
  return toRunQueueEvent(id, fields);
}

/** A blocking reader of the log: it holds a connection of its own while it waits. */
export interface RunQueueEventReader {
  /** Waits up to `blockMs` for events after `after` (exclusive), at most `count`. */
  read(after: string, blockMs: number, count: number): Promise<RunQueueEvent[]>;
  close(): void;
}

/**
 * The generation queue's event log (BullMQ's event stream of the queue, which it trims to its
 * `maxLenEvents`): the newest and oldest ids, a range, and blocking readers.
 */
export class RunQueueEventLog {
  constructor(
    private readonly redis: RedisClient,
    private readonly key: string,
    /** A new connection for a blocking reader (XREAD BLOCK holds it). */
    private readonly connect: () => RedisClient,
  ) {}

  /** The newest event's id; `0-0` for an empty log. */
  async lastId(): Promise<string> {
    const [newest] = (await this.redis.xrevrange(this.key, '+', '-', 'COUNT', 1)) as RawEntry[];
    return newest?.[0] ?? '0-0';
  }

  /** The oldest event still kept. */
  async firstId(): Promise<string | undefined> {
    const [oldest] = (await this.redis.xrange(this.key, '-', '+', 'COUNT', 1)) as RawEntry[];
    return oldest?.[0];
  }

  /** Events after `after` (exclusive) up to `until` (inclusive), at most `count`. */
  async range(after: string, until: string, count: number): Promise<RunQueueEvent[]> {
    return ((await this.redis.xrange(this.key, `(${after}`, until, 'COUNT', count)) as RawEntry[]).map(toEvent);
  }

  openReader(): RunQueueEventReader {
    const connection = this.connect();
    return {
      read: async (after, blockMs, count) => {
        const answer = (await connection.xread('COUNT', count, 'BLOCK', blockMs, 'STREAMS', this.key, after)) as Array<[string, RawEntry[]]> | null;
        return (answer?.[0]?.[1] ?? []).map(toEvent);
      },
      close: () => connection.disconnect(),
    };
  }
}
