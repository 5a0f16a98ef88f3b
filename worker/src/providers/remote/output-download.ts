import http from 'node:http';
import https from 'node:https';
import net from 'node:net';
import { PRIVATE_ADDRESS_CODE, isPrivateAddress, publicLookup } from '@app/shared/server/private-address';

/**
 * Fetching a provider's output URL. The URL comes from the provider's answer or a webhook, so
 * it is not trusted: only https to one of the provider's result hosts (`*_OUTPUT_HOSTS`), never
 * to a private, loopback or link-local address (checked on the address actually connected to,
 * so a name that resolves inside our network is refused too), at most `maxBytes`, redirects
 * checked the same way. An entry that is a whole origin (`http://127.0.0.1:4010`) allows that
 * origin exactly, private or plain http included: an operator (or a test's fake) naming it.
 */

/** Outputs larger than this are refused by default (PROVIDER_OUTPUT_MAX_BYTES): a 10 s 1080p clip is ~20 MB. */
export const DEFAULT_OUTPUT_MAX_BYTES = 200 * 1024 * 1024;
const MAX_REDIRECTS = 3;

/** The URL is not one we fetch, or its answer broke a limit: the run fails (refunded), nothing is retried. */
export class OutputRefusedError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'OutputRefusedError';
  }
}

/** A failure worth another try (the connection dropped, the host did not answer). */
export class OutputFetchError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'OutputFetchError';
  }
}

/** How `url` may be fetched under `hosts`: 'named' (an origin listed as is), 'public' (https to a listed host), or refused. */
export function outputAccess(url: URL, hosts: readonly string[]): 'named' | 'public' | 'refused' {
  if (url.username || url.password) return 'refused';
  if (hosts.some((entry) => entry.includes('://') && URL.canParse(entry) && new URL(entry).origin === url.origin)) return 'named';
  if (url.protocol !== 'https:' || (url.port !== '' && url.port !== '443')) return 'refused';
  const host = url.hostname.toLowerCase().replace(/\.$/, '');
  const listed = hosts.some((entry) => {
    if (entry.includes('://')) return false;
    const pattern = entry.toLowerCase();
    return pattern.startsWith('*.') ? host.endsWith(pattern.slice(1)) && host.length > pattern.length - 1 : host === pattern;
  });
  return listed ? 'public' : 'refused';
}

export interface FetchedOutput {
  status: number;
  contentType: string | undefined;
  /** The body, for a 2xx answer only. */
  data?: Buffer;
}

/** GETs a provider output within the rules above; a 4xx/5xx answer is returned (without body), not thrown. */
export async function fetchOutput(raw: string, options: { hosts: readonly string[]; maxBytes: number; signal: AbortSignal }): Promise<FetchedOutput> {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new OutputRefusedError('the output URL is not a URL');
  }
  for (let redirects = 0; ; redirects++) {
    const access = outputAccess(url, options.hosts);
    if (access === 'refused') throw new OutputRefusedError(`the output URL ${url.origin} is not one of this provider's result hosts over https`);
    const literal = url.hostname.replace(/^\[|\]$/g, '');
    if (access === 'public' && net.isIP(literal) !== 0 && isPrivateAddress(literal)) throw new OutputRefusedError(`the output URL points at a private address (${literal})`);
    const answer = await get(url, access === 'public', options);
    if (answer.redirect === undefined) return answer;
    if (redirects >= MAX_REDIRECTS) throw new OutputRefusedError('the output URL redirects too often');
    url = new URL(answer.redirect, url);
  }
}

function get(url: URL, publicOnly: boolean, options: { maxBytes: number; signal: AbortSignal }): Promise<FetchedOutput & { redirect?: string }> {
  return new Promise((resolve, reject) => {
    const client = url.protocol === 'https:' ? https : http;
    const req = client.get(url, { signal: options.signal, ...(publicOnly ? { lookup: publicLookup } : {}) }, (res) => {
      const status = res.statusCode ?? 0;
      const contentType = res.headers['content-type'];
      if (status >= 300 && status < 400 && res.headers.location) {
        res.resume();
        resolve({ status, contentType, redirect: res.headers.location });
        return;
      }
      if (status < 200 || status >= 300) {
        res.resume();
        resolve({ status, contentType });
        return;
      }
      const declared = Number(res.headers['content-length']);
      if (Number.isFinite(declared) && declared > options.maxBytes) {
        res.destroy();
        reject(new OutputRefusedError(`the output is ${declared} bytes, more than the ${options.maxBytes} allowed`));
        return;
      }
      const chunks: Buffer[] = [];
      let size = 0;
      res.on('data', (chunk: Buffer) => {
        size += chunk.length;
        if (size > options.maxBytes) {
          res.destroy();
          reject(new OutputRefusedError(`the output is more than the ${options.maxBytes} bytes allowed`));
          return;
        }
        chunks.push(chunk);
      });
      res.on('end', () => resolve({ status, contentType, data: Buffer.concat(chunks) }));
      res.on('error', (error) => reject(new OutputFetchError(error.message)));
    });
    req.on('error', (error: NodeJS.ErrnoException) => {
      if (options.signal.aborted) reject(options.signal.reason ?? error);
      else if (error.code === PRIVATE_ADDRESS_CODE) reject(new OutputRefusedError(error.message));
      else reject(new OutputFetchError(error.message));
    });
  });
}
