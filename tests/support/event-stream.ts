/** A text/event-stream reader for the tests of the live run events. */
import http from 'node:http';

export interface Received {
  id?: string;
  type: string;
  data: Record<string, unknown> & { runId?: string };
}

/** A text/event-stream reader over plain HTTP, as a browser's EventSource reads it. */
export class EventStream {
  /** Every stream a test opened, closed after it (a failed test must not leave tabs open for the next). */
  static readonly opened = new Set<EventStream>();
  readonly events: Received[] = [];
  comments = 0;
  private buffer = '';
  private waiters: Array<() => void> = [];

  private constructor(
    readonly status: number,
    readonly headers: http.IncomingHttpHeaders,
    readonly body: string,
    private readonly req: http.ClientRequest,
  ) {}

  static open(port: number, path: string, headers: Record<string, string> = {}): Promise<EventStream> {
    return new Promise((resolve, reject) => {
      const req = http.get({ host: '127.0.0.1', port, path, headers: { accept: 'text/event-stream', ...headers }, agent: false }, (res) => {
        res.setEncoding('utf8');
        if (res.statusCode !== 200) {
          let body = '';
          res.on('data', (chunk: string) => (body += chunk));
          res.on('end', () => resolve(new EventStream(res.statusCode ?? 0, res.headers, body, req)));
          return;
        }
        const stream = new EventStream(200, res.headers, '', req);
        EventStream.opened.add(stream);
        res.on('data', (chunk: string) => stream.push(chunk));
        res.on('error', () => {});
        resolve(stream);
      });
      req.on('error', reject);
    });
  }

  private push(chunk: string): void {
    this.buffer += chunk;
    let end: number;
    while ((end = this.buffer.indexOf('\n\n')) >= 0) {
      const block = this.buffer.slice(0, end);
      this.buffer = this.buffer.slice(end + 2);
      const fields: Record<string, string> = {};
      for (const line of block.split('\n')) {
        if (line.startsWith(':')) this.comments += 1;
        const match = /^(id|event|data): (.*)$/.exec(line);
        if (match) fields[match[1]!] = match[2]!;
      }
      if (fields.data) this.events.push({ ...(fields.id ? { id: fields.id } : {}), type: fields.event ?? 'message', data: JSON.parse(fields.data) });
    }
    for (const wake of this.waiters.splice(0)) wake();
  }

  of(runId: string): Received[] {
    return this.events.filter((e) => e.data.runId === runId);
  }

  /** Waits until an event of `runId` of one of `types` arrived; returns it. */
  async waitFor(runId: string, types: string[], timeoutMs = 60_000): Promise<Received> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const found = this.of(runId).find((e) => types.includes(e.type));
      if (found) return found;
      if (Date.now() > deadline) throw new Error(`no ${types.join('/')} for ${runId}; got ${JSON.stringify(this.of(runId).map((e) => e.type))}`);
      await new Promise<void>((resolve) => {
        this.waiters.push(resolve);
        setTimeout(resolve, 200);
      });
    }
  }

  close(): void {
    EventStream.opened.delete(this);
    this.req.destroy();
  }
}
