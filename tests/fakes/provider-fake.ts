import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { ProviderName } from '@app/shared';
import sharp from 'sharp';

/**
 * What every provider fake offers the contract suite (`tests/integration/providers-contract.test.ts`).
 * A fake is a real HTTP server on 127.0.0.1 speaking one provider's public API exactly as
 * `../shared/research/providers.md` describes it (paths, headers, status codes, JSON), driven
 * by the behaviour set for its next submissions.
 */
export type FakeBehaviour =
  /** Normal: queued (with positions where the API reports them), running, then done. */
  | 'succeed'
  /** The first submit answers 429 with `Retry-After: 1`, then the API behaves normally. */
  | 'rate-limit-once'
  /** The first submit answers the API's 5xx (503 or 500), then normally. */
  | 'server-error-once'
  /** Submit refused for good: the API's 4xx validation error (422 or 400) with its error body. */
  | 'reject'
  /** The provider's soft moderation (fal has_nsfw_concepts, BFL "Content Moderated", Stability CONTENT_FILTERED...). */
  | 'moderate'
  /** Accepted but never finishes (stays in progress) until canceled. */
  | 'hang';

export interface FakeCalls {
  submit: number;
  status: number;
  result: number;
  /** Request ids canceled through the API's cancel call. */
  cancel: string[];
  /** Webhook deliveries made (each POST, including repeats). */
  webhooks: number;
}

export interface ProviderFake {
  readonly name: ProviderName;
  /** Base URL of the fake. */
  readonly url: string;
  /** The environment that points a worker at this fake (key, *_URL, model, webhook secret...). */
  readonly env: Record<string, string>;
  /** Whether this API reports a queue position (fal, ComfyUI). */
  readonly reportsQueuePosition: boolean;
  /** Whether this API can call back (fal, BFL, Replicate). */
  readonly sendsWebhooks: boolean;
  /** Sets what the next submissions do (until set again). */
  behave(next: FakeBehaviour): void;
  /** Status polls a job spends queued and then running before it is done (default 1 and 1). */
  pace(queuedPolls: number, runningPolls: number): void;
  /** Deliver every completion's webhook this many times (when a webhook URL was given). Default 1. */
  webhookRepeats(times: number): void;
  readonly calls: FakeCalls;
  close(): Promise<void>;
}

/**
 * The "generated" image every fake returns: the input, visibly changed (warm grade, a frame),
 * at 1024 px on the long side, so storage and the identity check run on a real picture of the
 * same person.
 */
export async function fakeRender(input: Buffer, format: 'png' | 'jpeg' | 'webp' = 'png'): Promise<Buffer> {
  const base = sharp(input).rotate().resize(1024, 1024, { fit: 'inside' }).modulate({ saturation: 1.4, hue: 12 }).tint('#ffd9b0');
  const { width = 1024, height = 1024 } = await base.clone().toBuffer({ resolveWithObject: true }).then((r) => r.info);
  const frame = Buffer.from(
    `<svg width="${width}" height="${height}"><rect x="8" y="8" width="${width - 16}" height="${height - 16}" fill="none" stroke="#ff3c8e" stroke-width="16"/></svg>`,
  );
  return base.composite([{ input: frame }]).toFormat(format).toBuffer();
}

/** A blurred copy, as providers return moderated images (Stability's CONTENT_FILTERED). */
export async function fakeBlur(input: Buffer, format: 'png' | 'jpeg' | 'webp' = 'png'): Promise<Buffer> {
  return sharp(input).rotate().resize(1024, 1024, { fit: 'inside' }).blur(40).toFormat(format).toBuffer();
}

/** Reads a request body whole. */
export async function readBody(req: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

export function sendJson(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  const text = JSON.stringify(body);
  res.writeHead(status, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text), ...headers });
  res.end(text);
}

/** Decodes a `data:<type>;base64,<data>` URI; undefined when it is not one. */
export function fromDataUri(uri: unknown): Buffer | undefined {
  if (typeof uri !== 'string') return undefined;
  const match = /^data:[^;,]+;base64,(.*)$/s.exec(uri);
  return match ? Buffer.from(match[1] ?? '', 'base64') : undefined;
}

/** Starts an HTTP server on 127.0.0.1 (a free port); errors in a handler answer 500 and never crash the test run. */
export async function listen(handler: (req: IncomingMessage, res: ServerResponse, baseUrl: string) => Promise<void> | void): Promise<{ server: Server; url: string; close: () => Promise<void> }> {
  let url = '';
  const server = createServer((req, res) => {
    Promise.resolve(handler(req, res, url)).catch((error: unknown) => {
      if (!res.headersSent) sendJson(res, 500, { error: String(error) });
      else res.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    server,
    url,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/**
 * POSTs a webhook as providers do: a delivery that is not answered 2xx is made again (here up to
 * 5 times, 200 ms apart; fal and Replicate keep trying for hours). `request` builds each attempt
 * afresh (a new timestamp and signature); `onAttempt` counts every POST.
 */
export async function postWebhook(url: string, request: () => RequestInit, onAttempt: () => void, attempts = 5, delayMs = 200): Promise<void> {
  for (let attempt = 1; attempt <= attempts; attempt++) {
    onAttempt();
    const ok = await fetch(url, { method: 'POST', ...request() }).then(
      async (response) => {
        await response.arrayBuffer();
        return response.ok;
      },
      () => false,
    );
    if (ok) return;
    await new Promise((resolve) => setTimeout(resolve, delayMs));
  }
}
