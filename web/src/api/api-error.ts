/**
 * What every failed call throws: the HTTP status (0 when no answer came back), the server's
 * `error` text and `code` when it sent them.
 */
export class ApiError extends Error {
  readonly status: number;
  /** The `error` field of the server's JSON answer, when there was one. */
  readonly serverError: string | undefined;
  readonly code: string | undefined;
  /** The whole JSON answer, for calls whose failures carry data (a run that failed with an image). */
  readonly body: unknown;

  constructor(status: number, serverError?: string, code?: string, body?: unknown) {
    super(serverError ?? (status === 0 ? NETWORK_ERROR_MESSAGE : `Request failed with status ${status}`));
    this.name = 'ApiError';
    this.status = status;
    this.serverError = serverError;
    this.code = code;
    this.body = body;
  }

  /** True when the request never got an answer (offline, DNS, connection refused). */
  get isNetworkError(): boolean {
    return this.status === 0;
  }
}

export const NETWORK_ERROR_MESSAGE = 'Network error. Please try again.';

/**
 * The text to show for a failed call: the network message when the server was not reached,
 * the server's own words when it sent any, else the fallback.
 */
export function errorMessage(error: unknown, fallback: string, networkMessage = NETWORK_ERROR_MESSAGE): string {
  if (!(error instanceof ApiError)) return fallback;
  if (error.isNetworkError) return networkMessage;
  return error.serverError || fallback;
}
