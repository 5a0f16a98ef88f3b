import type { ApiErrorBody, RefreshTokenResponse } from '@app/shared';
import type { ApiCall, CallRequest, CallResponse } from '@app/shared/api/define-call';
import { safeParse } from 'zod/mini';
import type { $ZodType } from 'zod/v4/core';
import { ApiError } from './api-error';

/**
 * The shared authenticated request helper (spec 1 §7): every call of the app goes through
 * `callApi` with a call defined in `shared/src/api`. JSON in and out; the signed-in user's bearer token is attached when it looks
 * like a JWT; a 401 refreshes the session once (one refresh for all the calls that got a 401
 * at the same time, and across tabs) and retries the call once. When the refresh fails the
 * session has expired: the app is told (`ApiSession.expire`) and the call fails.
 */

/** Every call is served under this base (and identically under /api). */
export const FUNCTIONS_BASE = '/.netlify/functions';

export interface SessionTokens {
  accessToken: string | null;
  refreshToken: string | null;
}

/** How the client reaches the signed-in session; the app wires it at start-up. */
export interface ApiSession {
  /** The current tokens, read again on every call (another tab may have rotated them). */
  read(): SessionTokens;
  /** Keeps the tokens a refresh answered; the refresh token rotates, the old one is spent. */
  store(accessToken: string, refreshToken: string): void;
  /** The refresh failed: sign out and tell the user. Called once per failed refresh. */
  expire(): void;
}

const signedOut: ApiSession = {
  read: () => ({ accessToken: null, refreshToken: null }),
  store: () => {},
  expire: () => {},
};

let session: ApiSession = signedOut;

export function configureApiSession(next: ApiSession): void {
  session = next;
}

/** A token is sent only when it has exactly three dot-separated parts (spec 1 §5). */
export function isValidJwt(token: string | null | undefined): token is string {
  if (!token) return false;
  const parts = token.split('.');
  return parts.length === 3 && parts.every((part) => part.length > 0);
}

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

export interface RequestOptions {
  /** Defaults to POST when there is a body, else GET. */
  method?: HttpMethod;
  /** Sent as JSON. */
  body?: unknown;
  query?: Record<string, string | number | boolean | undefined>;
  headers?: Record<string, string>;
  /**
   * 'session' (default): the signed-in user's token, refreshed on a 401.
   * 'none': no Authorization header (sign-in calls).
   */
  auth?: 'session' | 'none';
  /** A token to send as is, never refreshed (logging out a session already cleared locally). */
  bearer?: string | null;
  signal?: AbortSignal;
}

async function request<T>(name: string, options: RequestOptions = {}): Promise<T> {
  const usesSession = (options.auth ?? 'session') === 'session' && options.bearer === undefined;
  const token = options.bearer !== undefined ? options.bearer : usesSession ? session.read().accessToken : null;

  const response = await send(name, options, token);
  if (response.status !== 401 || !usesSession || !isValidJwt(token)) return readAnswer<T>(response);

  const refreshed = await refreshAfter401(token);
  if (refreshed.kind === 'unavailable') throw new ApiError(refreshed.status);
  if (refreshed.kind === 'expired') return readAnswer<T>(response);
  return readAnswer<T>(await send(name, options, refreshed.accessToken));
}

/** A call's answer: its data, or the body of a 200 that said `success: false`. */
export type ApiResult<T> = { ok: true; data: T } | { ok: false; body: ApiErrorBody & Record<string, unknown> };

export type CallOptions<C> = Omit<RequestOptions, 'body' | 'method'> & { body?: CallRequest<C> };

/**
 * Sends a call defined in `shared/src/api` and parses its answer once with the call's response
 * schema. A transport or HTTP failure throws ApiError; a 200 with `success: false` comes back as
 * `{ ok: false, body }` for the caller to read (a run that failed still carries its data).
 */
export async function callApi<C extends ApiCall<$ZodType | undefined, $ZodType>>(
  call: C,
  options: CallOptions<C> = {},
): Promise<ApiResult<CallResponse<C>>> {
  let answer: unknown;
  try {
    answer = await request<unknown>(call.name, { ...options, method: call.method });
  } catch (error) {
    if (error instanceof ApiError && error.status >= 200 && error.status < 300 && isRecord(error.body)) {
      return { ok: false, body: error.body as ApiErrorBody & Record<string, unknown> };
    }
    throw error;
  }
  const parsed = safeParse(call.response, answer);
  if (!parsed.success) {
    console.warn(`${call.name}: unexpected answer`, parsed.error.issues);
    throw new ApiError(502, 'Unexpected answer from the server. Please try again.', 'BAD_ANSWER', answer);
  }
  return { ok: true, data: parsed.data as CallResponse<C> };
}

/** `callApi` for callers that treat `success: false` as a failure: the data, or ApiError. */
export async function callApiData<C extends ApiCall<$ZodType | undefined, $ZodType>>(
  call: C,
  options: CallOptions<C> = {},
): Promise<CallResponse<C>> {
  const result = await callApi(call, options);
  if (result.ok) return result.data;
  const { error, code } = result.body;
  throw new ApiError(200, typeof error === 'string' ? error : undefined, typeof code === 'string' ? code : undefined, result.body);
}

function buildUrl(name: string, query: RequestOptions['query']): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined) params.set(key, String(value));
  }
  const search = params.toString();
  return `${FUNCTIONS_BASE}/${name}${search ? `?${search}` : ''}`;
}

async function send(name: string, options: RequestOptions, token: string | null): Promise<Response> {
  const headers = new Headers(options.headers);
  headers.set('Accept', 'application/json');
  if (options.body !== undefined) headers.set('Content-Type', 'application/json');
  if (isValidJwt(token)) headers.set('Authorization', `Bearer ${token}`);
  const method = options.method ?? (options.body !== undefined ? 'POST' : 'GET');
  try {
    return await fetch(buildUrl(name, options.query), {
      method,
      headers,
      body: options.body !== undefined ? JSON.stringify(options.body) : undefined,
      credentials: 'same-origin',
      signal: options.signal,
    });
  } catch (error) {
    if (options.signal?.aborted) throw error;
    throw new ApiError(0);
  }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The JSON answer, or an ApiError carrying the status and the server's `error` and `code`. */
async function readAnswer<T>(response: Response): Promise<T> {
  let body: unknown;
  try {
    body = await response.json();
  } catch {
    body = undefined;
  }
  const record = isRecord(body) ? body : undefined;
  // A list answer (story-api's stories, spec 3 §7) is an array; anything else must be an object.
  if (response.ok && Array.isArray(body)) return body as T;
  if (!response.ok || !record || record.success === false) {
    throw new ApiError(
      response.ok && !record ? 502 : response.status,
      typeof record?.error === 'string' ? record.error : undefined,
      typeof record?.code === 'string' ? record.code : undefined,
      body,
    );
  }
  return body as T;
}

type RefreshOutcome =
  | { kind: 'ok'; accessToken: string }
  /** The refresh token was refused: the session is over. */
  | { kind: 'expired' }
  /** No answer, or a passing server trouble (429, 5xx): keep the session, fail this call. */
  | { kind: 'unavailable'; status: number };

let refreshInFlight: Promise<RefreshOutcome> | null = null;

/** One refresh for every call that got a 401 with the same token. */
function refreshAfter401(staleToken: string): Promise<RefreshOutcome> {
  const current = session.read().accessToken;
  if (isValidJwt(current) && current !== staleToken) return Promise.resolve({ kind: 'ok', accessToken: current });
  refreshInFlight ??= refreshSession(staleToken).finally(() => {
    refreshInFlight = null;
  });
  return refreshInFlight;
}

const REFRESH_LOCK = 'mirrorverse-session-refresh';

/**
 * Refresh tokens rotate and a spent one revokes the whole session, so two tabs must never send
 * the same one: the refresh runs under a cross-tab lock and skips the call when another tab
 * has already replaced the token that got the 401.
 */
async function refreshSession(staleToken: string): Promise<RefreshOutcome> {
  const locks = typeof navigator !== 'undefined' ? navigator.locks : undefined;
  const outcome = locks ? await locks.request(REFRESH_LOCK, () => refreshUnlessDone(staleToken)) : await refreshUnlessDone(staleToken);
  if (outcome.kind === 'expired') session.expire();
  return outcome;
}

async function refreshUnlessDone(staleToken: string): Promise<RefreshOutcome> {
  const { accessToken, refreshToken } = session.read();
  if (isValidJwt(accessToken) && accessToken !== staleToken) return { kind: 'ok', accessToken };
  if (!refreshToken) return { kind: 'expired' };

  let response: Response;
  try {
    response = await send('refresh-token', { body: { refreshToken } }, null);
  } catch {
    return { kind: 'unavailable', status: 0 };
  }
  if (response.status === 429 || response.status >= 500) return { kind: 'unavailable', status: response.status };
  try {
    const answer = await readAnswer<RefreshTokenResponse>(response);
    if (!isValidJwt(answer.accessToken)) return { kind: 'expired' };
    session.store(answer.accessToken, answer.refreshToken || refreshToken);
    return { kind: 'ok', accessToken: answer.accessToken };
  } catch {
    return { kind: 'expired' };
  }
}
