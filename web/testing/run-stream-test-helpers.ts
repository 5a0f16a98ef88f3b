import type { RunEvent } from '@app/shared/api/runs';
import { systemTimers } from '../src/lib/scheduler';
import { createRunEventStream, type EventSourceLike } from '../src/api/run-event-stream';
/** A fake EventSource and a stream over it (imported by the *.test.ts files only). */
export class FakeEventSource implements EventSourceLike {
  onopen: ((event: Event) => void) | null = null;
  onerror: ((event: Event) => void) | null = null;
  closed = false;
  private readonly listeners = new Map<string, ((event: MessageEvent<string>) => void)[]>();
  private nextId = 1;

  constructor(readonly url: string) {}

  addEventListener(type: string, listener: (event: MessageEvent<string>) => void): void {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), listener]);
  }

  close(): void {
    this.closed = true;
  }

  open(): void {
    this.onopen?.(new Event('open'));
  }

  fail(): void {
    this.onerror?.(new Event('error'));
  }

  emit(event: RunEvent, id = String(this.nextId++)): void {
    const message = new MessageEvent<string>(event.type, { data: JSON.stringify(event), lastEventId: id });
    for (const listener of this.listeners.get(event.type) ?? []) listener(message);
  }
}

export function fakeStream(options: { ticketFails?: () => boolean } = {}) {
  const sources: FakeEventSource[] = [];
  let tickets = 0;
  const stream = createRunEventStream({
    ticket: async () => {
      if (options.ticketFails?.()) throw new Error('no ticket');
      tickets += 1;
      return `t${tickets}`;
    },
    open: (url) => {
      const source = new FakeEventSource(url);
      sources.push(source);
      return source;
    },
    timers: systemTimers,
  });
  const latest = () => {
    const source = sources[sources.length - 1];
    if (!source) throw new Error('no EventSource was opened');
    return source;
  };
  return { stream, sources, latest };
}
