// A small HTTP load generator for the benchmarks (keep-alive sockets of node:http): closed loop
// (N connections, each sends its next request when the last answered) and open loop (requests sent
// on a clock whatever the answers; latency counted from the planned send time, so a stalled server
// is not hidden by fewer requests being sent).
import http from 'node:http';
import { performance } from 'node:perf_hooks';

export interface LoadRequest {
  method: 'GET' | 'POST';
  path: string;
  headers?: Record<string, string>;
  body?: string;
}

export interface LoadResult {
  /** Answers received (any status). */
  requests: number;
  /** Answers whose status was not `expectStatus`, plus transport errors. */
  errors: number;
  statuses: Record<string, number>;
  seconds: number;
  /** Answers per second. */
  rate: number;
  p50: number;
  p99: number;
  /** One answer that was not expected, for the report. */
  sample?: string;
}

interface Common {
  /** http://host:port */
  url: string;
  seconds: number;
  /** The i-th request to send. */
  request: (i: number) => LoadRequest;
  expectStatus: number;
}

/** The p-th percentile (0–100), nearest rank; NaN when there are none. */
export function percentile(sorted: Float64Array, p: number): number {
  if (sorted.length === 0) return Number.NaN;
  const rank = Math.ceil((p / 100) * sorted.length);
  return sorted[Math.min(sorted.length, Math.max(1, rank)) - 1]!;
}

function send(agent: http.Agent, base: URL, request: LoadRequest): Promise<{ status: number; body: string }> {
  return new Promise((resolve) => {
    const headers: Record<string, string | number> = { ...request.headers };
    if (request.body !== undefined) headers['content-length'] = Buffer.byteLength(request.body);
    const req = http.request(
      { agent, host: base.hostname, port: base.port, method: request.method, path: request.path, headers },
      (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => {
          if (body.length < 300) body += chunk;
        });
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
        res.on('error', (error) => resolve({ status: 0, body: error.message }));
      },
    );
    req.on('error', (error) => resolve({ status: 0, body: error.message }));
    req.end(request.body);
  });
}

/** How long an open loop waits for the last answers after its last request. */
const GRACE_MS = 5_000;

class Recorder {
  private latencies = new Float64Array(1 << 16);
  count = 0;
  readonly statuses: Record<string, number> = {};
  errors = 0;
  sample: string | undefined;

  constructor(private readonly expectStatus: number) {}

  record(latencyMs: number, status: number, body: string): void {
    if (this.count === this.latencies.length) {
      const grown = new Float64Array(this.latencies.length * 2);
      grown.set(this.latencies);
      this.latencies = grown;
    }
    this.latencies[this.count++] = latencyMs;
    this.statuses[status] = (this.statuses[status] ?? 0) + 1;
    if (status !== this.expectStatus) {
      this.errors++;
      this.sample ??= `${status} ${body}`;
    }
  }

  /** Requests that never answered, each counted as waiting `waitedMs`. */
  unanswered(n: number, waitedMs: number): void {
    for (let i = 0; i < n; i++) this.record(waitedMs, 0, 'no answer in time');
  }

  result(seconds: number): LoadResult {
    const sorted = this.latencies.slice(0, this.count).sort();
    return {
      requests: this.count,
      errors: this.errors,
      statuses: this.statuses,
      seconds,
      rate: this.count / seconds,
      p50: percentile(sorted, 50),
      p99: percentile(sorted, 99),
      ...(this.sample ? { sample: this.sample } : {}),
    };
  }
}

/** `connections` requests in flight at all times for `seconds`. */
export async function closedLoop(options: Common & { connections: number }): Promise<LoadResult> {
  const base = new URL(options.url);
  const agent = new http.Agent({ keepAlive: true, maxSockets: options.connections });
  const recorder = new Recorder(options.expectStatus);
  const started = performance.now();
  const deadline = started + options.seconds * 1000;
  let next = 0;
  await Promise.all(
    Array.from({ length: options.connections }, async () => {
      while (performance.now() < deadline) {
        const sentAt = performance.now();
        const { status, body } = await send(agent, base, options.request(next++));
        recorder.record(performance.now() - sentAt, status, body);
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  agent.destroy();
  return recorder.result(seconds);
}

/**
 * `rate` requests per second for `seconds`, on up to `maxConnections` sockets (beyond that they wait
 * for a socket, and the wait counts in their latency).
 */
export async function openLoop(options: Common & { rate: number; maxConnections: number }): Promise<LoadResult> {
  const base = new URL(options.url);
  const agent = new http.Agent({ keepAlive: true, maxSockets: options.maxConnections });
  const recorder = new Recorder(options.expectStatus);
  const total = Math.round(options.rate * options.seconds);
  const interval = 1000 / options.rate;
  const started = performance.now();
  const pending: Array<Promise<void>> = [];
  for (let i = 0; i < total; i++) {
    const plannedAt = started + i * interval;
    const wait = plannedAt - performance.now();
    // Timers are coarse: sleep only when a millisecond or more ahead, and send what is due in one go.
    if (wait >= 1) await new Promise((resolve) => setTimeout(resolve, wait));
    pending.push(
      send(agent, base, options.request(i)).then(({ status, body }) => {
        recorder.record(performance.now() - plannedAt, status, body);
      }),
    );
  }
  // A server that cannot keep up is not waited on for ever: what has not answered by then is
  // counted as an error with the time it had waited.
  const give = started + options.seconds * 1000 + GRACE_MS;
  const answered = pending.map((p) => p.then(() => true));
  const timedOut = await Promise.race([Promise.all(answered).then(() => false), new Promise<boolean>((resolve) => setTimeout(() => resolve(true), Math.max(0, give - performance.now())))]);
  const seconds = (performance.now() - started) / 1000;
  agent.destroy();
  if (timedOut) recorder.unanswered(total - recorder.count, performance.now() - started - options.seconds * 1000);
  return recorder.result(seconds);
}
