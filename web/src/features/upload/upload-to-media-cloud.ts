import {
  checkSecureUrl,
  checkUploadFile,
  cloudUploadFailedMessage,
  NON_FILE_STRING_MESSAGE,
  retryDelayMs,
  shouldRetryUpload,
  UPLOAD_MAX_ATTEMPTS,
  UPLOAD_TIMEOUT_MESSAGE,
  UPLOAD_TIMEOUT_MS,
} from '@app/shared';
import { dataUrlToBlob, isDataUrl } from './data-url';
import { mediaCloudUploadUrl, signUpload } from './media-cloud-api';
import { abortError, sleep, systemRandom, systemTimers, throwIfAborted } from '../../lib/scheduler';
import { startSimulatedProgress } from './simulated-progress';
import type { UploadDeps, UploadInput, UploadOptions, UploadResult, UploadSignature } from './upload-types';

export const DEFAULT_UPLOAD_FOLDER = 'sources';

const defaultDeps: UploadDeps = {
  sign: signUpload,
  fetch: (input, init) => globalThis.fetch(input, init),
  timers: systemTimers,
  random: systemRandom,
};

/**
 * The input as a checked Blob (spec 1 §5): a non-`data:` string gives 'Non-file string passed
 * to upload'; an empty, untyped or non-media file gives the file check's message.
 */
export function toUploadBlob(input: UploadInput): Blob {
  let blob: Blob | null = null;
  if (typeof input === 'string') {
    if (!isDataUrl(input)) throw new Error(NON_FILE_STRING_MESSAGE);
    blob = dataUrlToBlob(input);
  } else if (input instanceof Blob) {
    blob = input;
  }
  const check = checkUploadFile(blob);
  if (!check.ok) throw new Error(check.error);
  return blob as Blob;
}

function fileNameOf(blob: Blob): string {
  const name = (blob as Partial<File>).name;
  if (typeof name === 'string' && name) return name;
  const subtype = blob.type.split('/')[1]?.split('+')[0] ?? 'bin';
  return `upload.${subtype}`;
}

function toText(value: unknown): string | undefined {
  return typeof value === 'string' ? value : undefined;
}

function toDimension(value: unknown): number | null {
  return typeof value === 'number' && Number.isFinite(value) ? value : null;
}

/** The provider's `error.message` of a failed answer (`{ error: { message } }`), if any. */
function providerMessage(body: unknown): string | undefined {
  if (!body || typeof body !== 'object') return undefined;
  const error = (body as { error?: unknown }).error;
  if (typeof error === 'string') return error;
  if (error && typeof error === 'object') return toText((error as { message?: unknown }).message);
  return undefined;
}

function buildForm(blob: Blob, signature: UploadSignature, folder: string, options: UploadOptions): FormData {
  const form = new FormData();
  form.append('file', blob, fileNameOf(blob));
  form.append('timestamp', String(signature.timestamp));
  form.append('signature', signature.signature);
  form.append('api_key', signature.apiKey);
  form.append('folder', signature.folder ?? folder);
  if (signature.upload_preset) form.append('upload_preset', signature.upload_preset);
  if (options.resourceType) form.append('resource_type', options.resourceType);
  return form;
}

/** One attempt: sign, then the multipart POST, which must answer within 60 s. */
async function attemptUpload(blob: Blob, options: UploadOptions, deps: UploadDeps): Promise<UploadResult> {
  const folder = options.folder ?? DEFAULT_UPLOAD_FOLDER;
  const { signal } = options;
  const signature = await deps.sign(
    options.resourceType ? { folder, resource_type: options.resourceType } : { folder },
    signal,
  );
  throwIfAborted(signal);

  const controller = new AbortController();
  const onOuterAbort = () => controller.abort(signal?.reason);
  signal?.addEventListener('abort', onOuterAbort, { once: true });
  let timedOut = false;
  const timer = deps.timers.setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, UPLOAD_TIMEOUT_MS);

  let response: Response;
  let body: unknown;
  try {
    response = await deps.fetch(mediaCloudUploadUrl(signature.cloudName), {
      method: 'POST',
      body: buildForm(blob, signature, folder, options),
      credentials: 'same-origin',
      signal: controller.signal,
    });
    body = await response.json().catch(() => undefined);
  } catch (error) {
    if (timedOut) throw new Error(UPLOAD_TIMEOUT_MESSAGE, { cause: error });
    if (signal?.aborted) throw abortError(signal);
    throw error;
  } finally {
    deps.timers.clearTimeout(timer);
    signal?.removeEventListener('abort', onOuterAbort);
  }
  // The answer came in time, but a timer firing in the same turn still means it was too late.
  if (timedOut) throw new Error(UPLOAD_TIMEOUT_MESSAGE);

  const failure = providerMessage(body);
  if (!response.ok || failure !== undefined) {
    throw new Error(cloudUploadFailedMessage(failure || response.statusText));
  }
  const record = (body ?? {}) as Record<string, unknown>;
  const secureUrl = record.secure_url;
  const urlProblem = checkSecureUrl(secureUrl);
  if (urlProblem) throw new Error(urlProblem);
  return {
    url: secureUrl as string,
    resource_type: toText(record.resource_type) ?? (blob.type.startsWith('video/') ? 'video' : 'image'),
    width: toDimension(record.width),
    height: toDimension(record.height),
    public_id: toText(record.public_id) ?? null,
  };
}

/**
 * Uploads a file (or a `data:` URL) straight to the media cloud (spec 1 §4, §5, §7, §8):
 * the file check, then up to 3 attempts of sign + multipart POST. Retryable errors (timeouts,
 * network trouble, 5xx…) wait 1000 ms doubling per attempt plus a jitter below 300 ms (at most
 * 8000 ms); fatal and other errors fail at once. Each POST times out after 60 s with the spec's
 * message. Aborting `signal` stops at once with an AbortError and is never retried.
 * `onProgress` gets the simulated progress: at most 90 until the upload is done, then 100.
 */
export async function uploadToMediaCloud(input: UploadInput, options: UploadOptions = {}): Promise<UploadResult> {
  const deps: UploadDeps = { ...defaultDeps, ...options.deps };
  const { signal } = options;
  throwIfAborted(signal);
  const blob = toUploadBlob(input);

  const progress = options.onProgress
    ? startSimulatedProgress(options.onProgress, { timers: deps.timers, random: deps.random })
    : null;
  try {
    for (let attempt = 1; ; attempt += 1) {
      try {
        const result = await attemptUpload(blob, options, deps);
        progress?.complete();
        return result;
      } catch (error) {
        if (signal?.aborted) throw abortError(signal);
        if (attempt >= UPLOAD_MAX_ATTEMPTS || !shouldRetryUpload(error, attempt)) throw error;
        await sleep(retryDelayMs(attempt, deps.random), { timers: deps.timers, signal });
      }
    }
  } finally {
    progress?.stop();
  }
}
