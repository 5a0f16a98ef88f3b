import type { ProviderName } from '@app/shared';
import { PROVIDER_LABELS } from '@app/shared';
import { PermanentGenerationError, TransientProviderError } from '../provider';

/**
 * HTTP for provider clients: one place that turns a provider's answer into our two kinds of
 * failure. Transient (429 with its Retry-After, 408, 5xx, connection errors) are retried by the
 * driver with backoff; permanent ones (400, 401/403, 402, 404, 413, 422) fail the run at once
 * with a sentence a person can read, the provider's own words going to the log.
 */

/** A provider answered with an error status (or could not be reached). */
export class ProviderHttpError extends Error {
  constructor(
    readonly provider: ProviderName,
    readonly status: number,
    /** The provider's own explanation (its error body), for the log and operators. */
    readonly detail: string,
    readonly transient: boolean,
    /** From Retry-After (seconds or a date), when the provider sent one. */
    readonly retryAfterMs?: number,
  ) {
    super(`${PROVIDER_LABELS[provider]} answered ${status}: ${detail}`);
    this.name = 'ProviderHttpError';
  }
}

/** A failure retrying cannot fix, with what a person reads (`message`) and what happened (`detail`). */
export class PermanentProviderError extends PermanentGenerationError {
  constructor(
    message: string,
    readonly provider: ProviderName,
    readonly status: number,
    readonly detail: string,
  ) {
    super(message);
    this.name = 'PermanentProviderError';
  }
}

/** The provider's safety system refused or blurred the output: the run ends `moderated`, refunded in full. */
export class ModeratedError extends PermanentGenerationError {
  constructor(
    readonly provider: ProviderName,
    readonly reason: string,
  ) {
    super(`${PROVIDER_LABELS[provider]}'s safety filter blocked this image (${reason}). Try another photo or prompt.`);
    this.name = 'ModeratedError';
  }
}

/** Retry-After in milliseconds: delta-seconds or an HTTP date; undefined when absent or unreadable. */
export function retryAfterMs(header: string | null, now = Date.now()): number | undefined {
  if (!header) return undefined;
  const seconds = Number(header);
  if (Number.isFinite(seconds) && seconds >= 0) return seconds * 1000;
  const date = Date.parse(header);
  return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}

/** Statuses worth trying again: rate limits, timeouts and server errors. */
export function isTransientStatus(status: number): boolean {
  return status === 408 || status === 425 || status === 429 || status >= 500;
}

/** What a person reads for a refused request, by status (the provider's detail is added for 400/413/422). */
export function permanentMessage(provider: ProviderName, status: number, detail: string): string {
  const label = PROVIDER_LABELS[provider];
  switch (status) {
    case 401:
    case 403:
      return `${label} is not available right now (its access was refused). Your credits were refunded.`;
    case 402:
      return `${label} is out of credits right now. Your credits were refunded.`;
    case 413:
      return 'The photo is too large for the AI service. Try a smaller photo.';
    case 404:
      return `${label} does not know the requested model.`;
    default:
      return `${label} could not use this photo or prompt: ${detail}`;
  }
}

/** Reads an error body as text for the log: JSON compacted, other text cut short. */
export async function errorDetail(response: Response): Promise<{ text: string; json: unknown }> {
  const text = await response.text().catch(() => '');
  let json: unknown;
  try {
    json = text ? JSON.parse(text) : undefined;
  } catch {
    json = undefined;
  }
  return { text: text.slice(0, 500), json };
}

export interface ProviderFetchOptions {
  provider: ProviderName;
  signal: AbortSignal;
  /** Reads the provider's error body into a short explanation; the raw text otherwise. */
  describe?: (status: number, body: unknown, text: string, headers: Headers) => string;
  /** A provider-specific rule that overrides the status (fal's X-Fal-Error-Type runner_* errors). */
  transient?: (status: number, headers: Headers, body: unknown) => boolean | undefined;
}

/**
 * fetch, with errors classified: resolves with an ok (2xx) response; throws ProviderHttpError
 * for an error status (transient or not) or a connection failure (status 0, transient). An
 * abort of `signal` is rethrown as is.
 */
export async function providerFetch(url: string, init: RequestInit, options: ProviderFetchOptions): Promise<Response> {
  let response: Response;
  try {
    response = await fetch(url, { ...init, signal: options.signal });
  } catch (error) {
    if (options.signal.aborted) throw options.signal.reason ?? error;
    throw new ProviderHttpError(options.provider, 0, `connection failed: ${(error as Error).message}`, true);
  }
  if (response.ok) return response;
  const { text, json } = await errorDetail(response);
  const detail = options.describe?.(response.status, json, text, response.headers) ?? (text || response.statusText);
  const transient = options.transient?.(response.status, response.headers, json) ?? isTransientStatus(response.status);
  throw new ProviderHttpError(options.provider, response.status, detail, transient, retryAfterMs(response.headers.get('retry-after')));
}

/** The error the run ends with when a provider call fails for good. */
export function toRunError(error: ProviderHttpError): Error {
  if (error.transient) return new TransientProviderError(error.message, { cause: error });
  return new PermanentProviderError(permanentMessage(error.provider, error.status, error.detail), error.provider, error.status, error.detail);
}

/** A data URI of an image, for APIs that take the photo inline (fal, BFL, Replicate). */
export function dataUri(data: Buffer, contentType: string): string {
  return `data:${contentType};base64,${data.toString('base64')}`;
}
