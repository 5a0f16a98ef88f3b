import { createHash, createPublicKey, verify, type JsonWebKey } from 'node:crypto';

/**
 * fal.ai signs webhooks with Ed25519 (`../shared/research/providers.md` §1.1): the message is
 * `request_id \n user_id \n timestamp \n sha256hex(raw body)`, the signature hex in
 * `x-fal-webhook-signature`, checked against each key of fal's published JWKS.
 */

/** How far a webhook's timestamp may be from our clock. */
export const FAL_WEBHOOK_TOLERANCE_SECONDS = 300;

/** How long fal's key set is trusted before asking again. */
const JWKS_TTL_MS = 24 * 60 * 60 * 1000;
/**
 * Any fetch of the key set — the first, a refresh after a failed verify, a retry after fal did
 * not answer — starts at most this often, so forged or unsigned calls cannot make us hammer fal.
 */
export const JWKS_MIN_FETCH_INTERVAL_MS = 60 * 1000;

type Headers = Record<string, string | string[] | undefined>;

function header(headers: Headers, name: string): string | undefined {
  const value = headers[name] ?? headers[name.toLowerCase()];
  return Array.isArray(value) ? value[0] : value;
}

/** The signature headers when all are present, well formed and within ±300 s; else undefined. */
function signedParts(headers: Headers, nowSeconds: number) {
  const requestId = header(headers, 'x-fal-webhook-request-id');
  const userId = header(headers, 'x-fal-webhook-user-id');
  const timestamp = header(headers, 'x-fal-webhook-timestamp');
  const signatureHex = header(headers, 'x-fal-webhook-signature');
  if (!requestId || !userId || !timestamp || !signatureHex) return undefined;
  if (!/^\d{1,12}$/.test(timestamp) || Math.abs(nowSeconds - Number(timestamp)) > FAL_WEBHOOK_TOLERANCE_SECONDS) return undefined;
  // An Ed25519 signature is 64 bytes.
  if (!/^[0-9a-f]{128}$/i.test(signatureHex)) return undefined;
  return { requestId, userId, timestamp, signatureHex };
}

/** Whether a request could be a fal webhook at all: worth fetching the key set for. */
export function looksSignedByFal(headers: Headers, nowSeconds = Date.now() / 1000): boolean {
  return signedParts(headers, nowSeconds) !== undefined;
}

/** Whether `rawBody` was signed by fal with one of `keys`, within ±300 s of `nowSeconds`. */
export function verifyFalWebhook(rawBody: Buffer, headers: Headers, keys: readonly JsonWebKey[], nowSeconds = Date.now() / 1000): boolean {
  const parts = signedParts(headers, nowSeconds);
  if (!parts) return false;
  const { requestId, userId, timestamp, signatureHex } = parts;
  const signature = Buffer.from(signatureHex, 'hex');
  const message = Buffer.from(`${requestId}\n${userId}\n${timestamp}\n${createHash('sha256').update(rawBody).digest('hex')}`);
  return keys.some((jwk) => {
    if (jwk.kty !== 'OKP' || jwk.crv !== 'Ed25519' || typeof jwk.x !== 'string') return false;
    try {
      return verify(null, message, createPublicKey({ key: { kty: 'OKP', crv: 'Ed25519', x: jwk.x }, format: 'jwk' }), signature);
    } catch {
      return false;
    }
  });
}

export interface FalJwksCache {
  /**
   * fal's public keys, fetched at most once a day; `refresh` asks again, e.g. after a failed
   * verify. Whatever arrives, a fetch starts at most once a minute (a failed one included).
   */
  keys(options?: { refresh?: boolean }): Promise<JsonWebKey[]>;
}

/**
 * fal's key set from `url`, cached for 24 h; a failed refetch keeps serving the keys already
 * known. Within a minute of a failed fetch with no keys known, callers get that failure again
 * without a new fetch.
 */
export function createFalJwksCache(url: string, fetchImpl: typeof fetch = fetch): FalJwksCache {
  let cached: { keys: JsonWebKey[]; at: number } | undefined;
  let pending: Promise<JsonWebKey[]> | undefined;
  let lastFetch: { at: number; error?: unknown } | undefined;

  async function load(): Promise<JsonWebKey[]> {
    const attempt: { at: number; error?: unknown } = { at: Date.now() };
    lastFetch = attempt;
    try {
      return await fetchKeys();
    } catch (error) {
      attempt.error = error;
      throw error;
    }
  }

  async function fetchKeys(): Promise<JsonWebKey[]> {
    const response = await fetchImpl(url, { headers: { accept: 'application/json' }, signal: AbortSignal.timeout(10_000) });
    if (!response.ok) throw new Error(`fal.ai JWKS answered ${response.status}`);
    const body = (await response.json()) as { keys?: unknown };
    if (!Array.isArray(body.keys)) throw new Error('fal.ai JWKS has no keys');
    const keys = body.keys.filter((k): k is JsonWebKey => typeof k === 'object' && k !== null);
    cached = { keys, at: Date.now() };
    return keys;
  }

  return {
    async keys(options) {
      const now = Date.now();
      const age = cached ? now - cached.at : Infinity;
      const wanted = age > JWKS_TTL_MS || options?.refresh === true;
      const mayFetch = !lastFetch || now - lastFetch.at >= JWKS_MIN_FETCH_INTERVAL_MS;
      if (!pending && (!wanted || !mayFetch)) {
        if (cached) return cached.keys;
        if (lastFetch?.error !== undefined) throw lastFetch.error;
      }
      pending ??= load().finally(() => {
        pending = undefined;
      });
      try {
        return await pending;
      } catch (error) {
        if (cached) return cached.keys;
        throw error;
      }
    },
  };
}
