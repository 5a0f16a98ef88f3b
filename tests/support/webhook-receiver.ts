import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** One POST the receiver took: its path, headers and the exact body bytes (as text). */
export interface ReceivedWebhook {
  path: string;
  headers: Record<string, string>;
  body: string;
  /** The status the receiver answered it with. */
  answered: number;
}

/**
 * An endpoint on 127.0.0.1 that takes runs' webhooks (issue 45 §2): it keeps every POST as it came
 * and answers each path with the statuses `script` names, in order (200 once they run out).
 */
export interface WebhookReceiver {
  /** `http://127.0.0.1:<port>` */
  origin: string;
  received: ReceivedWebhook[];
  /** What `path` answers next: these statuses in order, then 200. */
  script(path: string, statuses: number[]): void;
  at(path: string): ReceivedWebhook[];
  close(): Promise<void>;
}

export async function startWebhookReceiver(): Promise<WebhookReceiver> {
  const received: ReceivedWebhook[] = [];
  const scripts = new Map<string, number[]>();
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const path = req.url ?? '/';
      const answered = scripts.get(path)?.shift() ?? 200;
      const headers = Object.fromEntries(Object.entries(req.headers).flatMap(([name, value]) => (typeof value === 'string' ? [[name, value]] : [])));
      received.push({ path, headers, body: Buffer.concat(chunks).toString('utf8'), answered });
      res.writeHead(answered, { 'content-type': 'text/plain' }).end(answered < 300 ? 'ok' : 'not now');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    received,
    script: (path, statuses) => void scripts.set(path, [...statuses]),
    at: (path) => received.filter((r) => r.path === path),
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
