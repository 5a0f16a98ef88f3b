import http from 'node:http';
import https from 'node:https';
import { webhookUrlProblem } from '@app/shared/server/generation/run-webhooks';
import { PRIVATE_ADDRESS_CODE, publicLookup } from '@app/shared/server/private-address';

/** The longest a webhook's endpoint may take to answer. */
export const WEBHOOK_TIMEOUT_MS = 10_000;

/** The address is not one we send to (any more): trying again changes nothing. */
export class WebhookRefusedError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'WebhookRefusedError';
  }
}

/** What the endpoint answered: its status, or why there was no answer. */
export type WebhookResponse = { status: number } | { status: null; error: string };

export interface WebhookRequest {
  url: string;
  /** The exact bytes signed. */
  body: string;
  headers: Record<string, string>;
}

/** The port the delivery job sends through (tests substitute it). */
export type WebhookSender = (request: WebhookRequest) => Promise<WebhookResponse>;

/**
 * POSTs a webhook under the rules of issue 45 §2: the address checked again as a submit checks it
 * (https, not a literal private address), the name's resolved address checked when connecting
 * (a name moved to a private address since is refused), an answer within `timeoutMs`, and no
 * redirect followed (a 3xx is an answer like any non-2xx). `allowPrivate`: WEBHOOK_ALLOW_PRIVATE.
 */
export function httpWebhookSender(options: { allowPrivate: boolean; timeoutMs?: number }): WebhookSender {
  const timeoutMs = options.timeoutMs ?? WEBHOOK_TIMEOUT_MS;
  return (request) => {
    const problem = webhookUrlProblem(request.url, options.allowPrivate);
    if (problem) return Promise.reject(new WebhookRefusedError(problem));
    const url = new URL(request.url);
    const signal = AbortSignal.timeout(timeoutMs);
    return new Promise<WebhookResponse>((resolve, reject) => {
      const client = url.protocol === 'https:' ? https : http;
      const req = client.request(
        url,
        {
          method: 'POST',
          signal,
          headers: { ...request.headers, 'content-length': String(Buffer.byteLength(request.body)) },
          ...(options.allowPrivate ? {} : { lookup: publicLookup }),
        },
        (res) => {
          // Nothing of the answer is kept but its status.
          res.resume();
          res.on('error', () => {});
          resolve({ status: res.statusCode ?? 0 });
        },
      );
      req.on('error', (error: NodeJS.ErrnoException) => {
        if (error.code === PRIVATE_ADDRESS_CODE) reject(new WebhookRefusedError(error.message));
        else if (signal.aborted) resolve({ status: null, error: `no answer within ${timeoutMs / 1000} s` });
        else resolve({ status: null, error: error.message || error.code || 'the connection failed' });
      });
      req.end(request.body);
    });
  };
}
