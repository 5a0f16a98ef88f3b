import pino from 'pino';
import { afterEach, describe, expect, it } from 'vitest';
import type { RunEvent } from '@app/shared/api/runs';
import { TooManyRequestsError } from '@app/shared/server/domain-errors';
import { type RunProgress, type RunQueueEvent, type RunQueueEventReader, compareEventIds } from '@app/shared/server/queue';
import { RunEventsHub, type SentEvent } from './run-events-hub';
import type { WaitingRun } from './queue-positions';

/** The queue's event log in memory: appends, ranges, trimming and blocking readers. */
class MemoryEventLog {
  entries: RunQueueEvent[] = [];
  readonly readers: FakeReader[] = [];
  private seq = 0;
  private wake: Array<() => void> = [];

  add(userId: string, event: RunEvent): string {
    const id = `1000-${++this.seq}`;
    this.entries.push({ id, kind: 'progress', progress: { event: event as RunProgress['event'], userId } });
    for (const w of this.wake.splice(0)) w();
    return id;
  }
  trimTo(count: number): void {
    this.entries = this.entries.slice(-count);
  }
  lastId = async () => this.entries.at(-1)?.id ?? '0-0';
  firstId = async () => this.entries[0]?.id;
  range = async (after: string, until: string, count: number) =>
    this.entries.filter((e) => compareEventIds(e.id, after) > 0 && compareEventIds(e.id, until) <= 0).slice(0, count);
  openReader = (): RunQueueEventReader => {
    const reader = new FakeReader(this);
    this.readers.push(reader);
    return reader;
  };
  waitFor(reader: FakeReader, blockMs: number): Promise<void> {
    return new Promise<void>((resolve, reject) => {
      const timer = setTimeout(resolve, blockMs);
      this.wake.push(() => (clearTimeout(timer), resolve()));
      reader.onClose = () => (clearTimeout(timer), reject(new Error('disconnected')));
    });
  }
}

class FakeReader implements RunQueueEventReader {
  onClose = () => {};
  constructor(private readonly log: MemoryEventLog) {}
  async read(after: string, blockMs: number) {
    const fresh = () => this.log.entries.filter((e) => compareEventIds(e.id, after) > 0);
    if (fresh().length === 0) await this.log.waitFor(this, blockMs);
    return fresh();
  }
  close() {
    this.onClose();
  }
}

class Tab {
  readonly received: SentEvent[] = [];
  ended = false;
  constructor(readonly userId: string) {}
  send = (event: SentEvent) => void this.received.push(event);
  end = () => void (this.ended = true);
  ids = () => this.received.filter((e) => e.id).map((e) => e.id);
  async until(count: number): Promise<void> {
    const deadline = Date.now() + 2_000;
    while (this.ids().length < count && Date.now() < deadline) await new Promise((r) => setTimeout(r, 5));
  }
}

const started = (runId: string): RunEvent => ({ type: 'run.started', runId, provider: 'local' });
const video = (runId: string, done: number): RunEvent => ({ type: 'run.video', runId, done, total: 3 });

function setUp(options: { waiting?: Map<string, WaitingRun[]>; state?: RunEvent[] } = {}) {
  const stream = new MemoryEventLog();
  const positions = { waiting: options.waiting ?? new Map<string, WaitingRun[]>() };
  const hub = new RunEventsHub({
    events: stream,
    mapper: { map: async (entry) => (entry.kind === 'progress' ? entry.progress : undefined) },
    positions: { forPeople: async () => positions.waiting, owners: async () => new Map() },
    currentState: async () => options.state ?? [],
    logger: pino({ level: 'silent' }),
    positionsEveryMs: 10,
    idleStopMs: 20,
    blockMs: 50,
  });
  hubs.push(hub);
  return { stream, hub, readers: stream.readers, positions };
}

const hubs: RunEventsHub[] = [];
afterEach(async () => {
  for (const hub of hubs.splice(0)) await hub.close();
});

describe('RunEventsHub', () => {
  it('sends a new stream the current state, then its person\'s live events with their ids, and nobody else\'s', async () => {
    const { stream, hub } = setUp({ state: [started('run-a')] });
    const mine = new Tab('me');
    const theirs = new Tab('them');
    await hub.subscribe(mine);
    await hub.subscribe(theirs);
    expect(mine.received).toEqual([{ event: started('run-a') }]);
    const id = stream.add('me', video('run-a', 1));
    stream.add('them', video('run-b', 1));
    await mine.until(1);
    await theirs.until(1);
    expect(mine.received.at(-1)).toEqual({ id, event: video('run-a', 1) });
    expect(theirs.received.filter((e) => e.id).map((e) => ('runId' in e.event ? e.event.runId : null))).toEqual(['run-b']);
  });

  it('resumes after Last-Event-ID with what was missed, then live, nothing twice', async () => {
    const { stream, hub } = setUp();
    const witness = new Tab('me');
    await hub.subscribe(witness);
    const ids = [1, 2, 3].map((n) => stream.add('me', video('run-a', n)));
    await witness.until(3);
    const resumed = new Tab('me');
    await hub.subscribe(resumed, ids[0]);
    const later = stream.add('me', video('run-a', 3));
    await resumed.until(3);
    expect(resumed.ids()).toEqual([ids[1], ids[2], later]);
    expect(resumed.received.some((e) => !e.id)).toBe(false); // no state: nothing was trimmed
  });

  it('sends the current state when the stream no longer holds the id, then what it still has', async () => {
    const { stream, hub } = setUp({ state: [started('run-a')] });
    const ids = [1, 2, 3, 4].map((n) => stream.add('me', video('run-a', n)));
    stream.trimTo(2);
    const tab = new Tab('me');
    await hub.subscribe(tab, ids[0]);
    expect(tab.received).toEqual([{ event: started('run-a') }, { id: ids[2], event: video('run-a', 3) }, { id: ids[3], event: video('run-a', 4) }]);
  });

  it('sends nothing twice to a tab that resumes from an id newer than this process has read', async () => {
    const { stream, hub } = setUp();
    const tab = new Tab('me');
    // Another api process already sent 1000-2: this one starts reading at 1000-1.
    stream.add('me', video('run-a', 1));
    await hub.subscribe(new Tab('someone'));
    stream.add('me', video('run-a', 2));
    await hub.subscribe(tab, '1000-2');
    const third = stream.add('me', video('run-a', 3));
    await tab.until(1);
    await new Promise((r) => setTimeout(r, 30));
    expect(tab.ids()).toEqual([third]);
  });

  it('caps the streams of one person, and a closed one frees its place', async () => {
    const { hub } = setUp();
    const closes = [];
    for (let i = 0; i < 5; i++) closes.push(await hub.subscribe(new Tab('me')));
    await expect(hub.subscribe(new Tab('me'))).rejects.toBeInstanceOf(TooManyRequestsError);
    await hub.subscribe(new Tab('someone else'));
    closes[0]!();
    await hub.subscribe(new Tab('me'));
    expect(hub.openStreams).toBe(6);
  });

  it('tells queue positions when they change only', async () => {
    const waiting = new Map([['me', [{ runId: 'run-a', position: 2, etaSeconds: 30 }]]]);
    const { hub, positions } = setUp({ waiting });
    const tab = new Tab('me');
    await hub.subscribe(tab);
    await new Promise((r) => setTimeout(r, 50));
    positions.waiting = new Map([['me', [{ runId: 'run-a', position: 1, etaSeconds: 20 }]]]);
    await new Promise((r) => setTimeout(r, 50));
    positions.waiting = new Map();
    await new Promise((r) => setTimeout(r, 50));
    expect(tab.received.map((e) => e.event)).toEqual([
      { type: 'run.queued', runId: 'run-a', position: 2, etaSeconds: 30 },
      { type: 'run.queued', runId: 'run-a', position: 1, etaSeconds: 20 },
    ]);
  });

  it('reads the queue once per process while streams are open, and stops when the last one closed', async () => {
    const { hub, readers } = setUp();
    const closeA = await hub.subscribe(new Tab('me'));
    const closeB = await hub.subscribe(new Tab('them'));
    expect(readers).toHaveLength(1);
    closeA();
    closeB();
    await new Promise((r) => setTimeout(r, 60));
    const tab = new Tab('me');
    await hub.subscribe(tab);
    expect(readers).toHaveLength(2);
    await hub.close();
    expect(tab.ended).toBe(true);
  });
});
