import { RUN_EVENTS_PATH, runEventSchema, runEventsTicketCall, type RunEvent, type RunEventType } from '@app/shared/api/runs';
import { notificationEventSchema, type NotificationEvent } from '@app/shared/api/notifications';
import { systemTimers, type TimerHandle, type Timers } from '../lib/scheduler';
import { callApiData } from './client';

/** The part of the browser's EventSource the stream uses (tests pass a fake). */
export interface EventSourceLike {
  onopen: ((event: Event) => void) | null;
  onerror: ((event: Event) => void) | null;
  addEventListener(type: string, listener: (event: MessageEvent<string>) => void): void;
  close(): void;
}

export interface RunStreamListener {
  /** `id`: the event's position in the stream (a replay repeats it). */
  onEvent(event: RunEvent, id: string | null): void;
  /** The stream is open (again): events flow; anything missed meanwhile is replayed or must be checked. */
  onUp?(): void;
  /** The stream broke or could not open: follow by polling until it is up again. */
  onDown?(): void;
  /** A new notification: the person's unread count now (issue 46 §3). */
  onNotification?(event: NotificationEvent): void;
}

export interface RunEventStream {
  /** Opens the stream with the first listener and closes it with the last. */
  subscribe(listener: RunStreamListener): () => void;
  isUp(): boolean;
}

export interface RunEventStreamDeps {
  /** POST run-events/ticket: a single-use ticket for one connection. */
  ticket(): Promise<string>;
  open(url: string): EventSourceLike;
  timers: Timers;
  /** Where the stream is served (`/api/run-events`). */
  url?: string;
}

const EVENT_TYPES: readonly RunEventType[] = ['run.queued', 'run.started', 'run.attempt', 'run.video', 'run.done', 'run.failed', 'run.canceled'];
/** Reconnect backoff: 1 s, 2 s, 4 s … at most 30 s. */
export const RECONNECT_BASE_MS = 1_000;
export const RECONNECT_MAX_MS = 30_000;

export function reconnectDelay(failures: number): number {
  return Math.min(RECONNECT_MAX_MS, RECONNECT_BASE_MS * 2 ** Math.max(0, failures - 1));
}

/**
 * The signed-in person's run events over one EventSource (issue 16). Every connection takes a
 * fresh ticket, so reconnects are ours, not EventSource's own (that would reuse the spent
 * ticket): on an error the source is closed and reopened with backoff, passing the last event
 * id as `lastEventId` so the server resumes without losing or repeating an event.
 */
export function createRunEventStream(deps: RunEventStreamDeps): RunEventStream {
  const listeners = new Set<RunStreamListener>();
  const base = deps.url ?? `/api/${RUN_EVENTS_PATH}`;
  let source: EventSourceLike | null = null;
  let up = false;
  let failures = 0;
  let lastEventId: string | null = null;
  let retry: TimerHandle | undefined;
  /** Bumped on every (re)connect and on close, so a late ticket or event of an old one is dropped. */
  let generation = 0;

  const each = (call: (listener: RunStreamListener) => void) => {
    for (const listener of [...listeners]) call(listener);
  };

  function down() {
    source?.close();
    source = null;
    const wasUp = up;
    up = false;
    failures += 1;
    if (wasUp || failures === 1) each((listener) => listener.onDown?.());
    retry = deps.timers.setTimeout(() => void connect(), reconnectDelay(failures));
  }

  function receive(message: MessageEvent<string>, mine: number) {
    if (mine !== generation) return;
    const id = message.lastEventId || null;
    if (id) lastEventId = id;
    let parsed;
    try {
      parsed = runEventSchema.safeParse(JSON.parse(message.data));
    } catch {
      return;
    }
    if (parsed.success) each((listener) => listener.onEvent(parsed.data, id));
  }

  function receiveNotification(message: MessageEvent<string>, mine: number) {
    if (mine !== generation) return;
    let parsed;
    try {
      parsed = notificationEventSchema.safeParse(JSON.parse(message.data));
    } catch {
      return;
    }
    if (parsed.success) each((listener) => listener.onNotification?.(parsed.data));
  }

  async function connect() {
    const mine = (generation += 1);
    let ticket: string;
    try {
      ticket = await deps.ticket();
    } catch {
      if (mine === generation && listeners.size > 0) down();
      return;
    }
    if (mine !== generation || listeners.size === 0) return;
    const query = new URLSearchParams({ ticket });
    if (lastEventId) query.set('lastEventId', lastEventId);
    let opened: EventSourceLike;
    try {
      opened = deps.open(`${base}?${query.toString()}`);
    } catch {
      down();
      return;
    }
    source = opened;
    opened.onopen = () => {
      if (mine !== generation) return;
      up = true;
      failures = 0;
      each((listener) => listener.onUp?.());
    };
    opened.onerror = () => {
      if (mine === generation) down();
    };
    for (const type of EVENT_TYPES) opened.addEventListener(type, (message) => receive(message, mine));
    opened.addEventListener('notification', (message) => receiveNotification(message, mine));
    opened.addEventListener('message', (message) => receive(message, mine));
  }

  function close() {
    generation += 1;
    deps.timers.clearTimeout(retry);
    source?.close();
    source = null;
    up = false;
    failures = 0;
    // A later stream starts from now: its followers check their run once it opens.
    lastEventId = null;
  }

  return {
    subscribe(listener) {
      listeners.add(listener);
      if (listeners.size === 1) void connect();
      else if (up) listener.onUp?.();
      else if (failures > 0) listener.onDown?.();
      return () => {
        if (!listeners.delete(listener)) return;
        if (listeners.size === 0) close();
      };
    },
    isUp: () => up,
  };
}

let shared: RunEventStream | null | undefined;

/**
 * The page's one stream of the signed-in person's events (runs, notifications), shared by whoever
 * follows them: one connection per tab, open while anyone listens. Null where the browser has no
 * EventSource (the engine polls, the bell refetches).
 */
export function sharedRunEventStream(): RunEventStream | null {
  if (shared !== undefined) return shared;
  shared =
    typeof EventSource === 'undefined'
      ? null
      : createRunEventStream({ ticket: async () => (await callApiData(runEventsTicketCall)).ticket, open: (url) => new EventSource(url), timers: systemTimers });
  return shared;
}
