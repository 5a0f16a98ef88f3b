import type { Redis } from 'ioredis';

/** One entry of a BullMQ queue's event stream: its stream id and its fields. */
export interface StreamEntry {
  id: string;
  fields: Record<string, string>;
}

/** The largest part of a stream id: Redis refuses a bigger one in XRANGE and XREAD. */
const MAX_ID_PART = 2n ** 64n - 1n;

/** Stream ids (`<ms>-<seq>`, each part an unsigned 64-bit number) in order; a malformed id is undefined. */
export function parseStreamId(id: string | undefined): [bigint, bigint] | undefined {
  const match = id ? /^(\d{1,20})-(\d{1,20})$/.exec(id) : null;
  if (!match) return undefined;
  const parts: [bigint, bigint] = [BigInt(match[1]!), BigInt(match[2]!)];
  return parts[0] <= MAX_ID_PART && parts[1] <= MAX_ID_PART ? parts : undefined;
}

/** Negative when `a` comes before `b` (both well-formed). */
export function compareStreamIds(a: string, b: string): number {
  const [am, as] = parseStreamId(a) ?? [0n, 0n];
  const [bm, bs] = parseStreamId(b) ?? [0n, 0n];
  return am === bm ? Number(as - bs) : am < bm ? -1 : 1;
}

type RawEntry = [id: string, fields: string[]];

function toEntry([id, flat]: RawEntry): StreamEntry {
  const fields: Record<string, string> = {};
  for (let i = 0; i + 1 < flat.length; i += 2) fields[flat[i]!] = flat[i + 1]!;
  return { id, fields };
}

/**
 * Reads the event stream BullMQ writes for a queue (`<prefix>:<queue>:events`: progress,
 * completed, failed, removed...). Its ids are what the live stream sends as SSE ids.
 */
export class QueueEventStream {
  constructor(
    private readonly redis: Redis,
    readonly key: string,
  ) {}

  /** The newest entry's id; `0-0` for an empty stream. */
  async lastId(): Promise<string> {
    const [newest] = (await this.redis.xrevrange(this.key, '+', '-', 'COUNT', 1)) as RawEntry[];
    return newest?.[0] ?? '0-0';
  }

  /** The oldest entry still kept (BullMQ trims the stream to its maxLenEvents). */
  async firstId(): Promise<string | undefined> {
    const [oldest] = (await this.redis.xrange(this.key, '-', '+', 'COUNT', 1)) as RawEntry[];
    return oldest?.[0];
  }

  /** Entries after `after` (exclusive) up to `until` (inclusive), at most `count`. */
  async range(after: string, until: string, count: number): Promise<StreamEntry[]> {
    return ((await this.redis.xrange(this.key, `(${after}`, until, 'COUNT', count)) as RawEntry[]).map(toEntry);
  }

  /** Waits up to `blockMs` on `reader` (a connection of its own: XREAD BLOCK holds it) for entries after `after`. */
  async readAfter(reader: Redis, after: string, blockMs: number, count: number): Promise<StreamEntry[]> {
    const answer = (await reader.xread('COUNT', count, 'BLOCK', blockMs, 'STREAMS', this.key, after)) as Array<[string, RawEntry[]]> | null;
    return (answer?.[0]?.[1] ?? []).map(toEntry);
  }
}
