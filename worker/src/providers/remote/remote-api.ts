import type { AspectRatio, PresetDefinition, ProviderName, ServiceMode } from '@app/shared';

/**
 * What every remote provider implements (one file per provider under `worker/src/providers/`):
 * submit, status, result and cancel, each mapped onto one state machine. The driver
 * (`remote-job.ts`) owns everything around them — retries with backoff, the deadline, cancel,
 * the shared concurrency cap, resuming a stored request after a crash, webhooks — so a provider
 * file only speaks its API.
 */

/** A still image in a mode's look, from the person's photo. */
export interface RemoteImageInput {
  kind: 'image';
  mode: ServiceMode;
  /** The preset for preset-based modes (strength, guidance, steps, safety tolerance, format...). */
  preset?: PresetDefinition;
  prompt: string;
  negativePrompt?: string;
  /** The person's photo: sent as the API accepts it (data URI or multipart file), never as our URL. */
  source: Buffer;
  sourceType: 'image/jpeg' | 'image/png' | 'image/webp';
  additionalSources: Buffer[];
  aspectRatio: AspectRatio;
  seed: number;
  /** Where the provider should call back when it is done; undefined = the driver polls. */
  webhookUrl?: string;
}

/** A short clip from a still (image-to-video). */
export interface RemoteVideoInput {
  kind: 'video';
  mode: ServiceMode;
  prompt: string;
  image: Buffer;
  imageType: 'image/jpeg' | 'image/png' | 'image/webp';
  durationSeconds: number;
  aspectRatio: AspectRatio;
  seed: number;
  webhookUrl?: string;
}

export type RemoteInput = RemoteImageInput | RemoteVideoInput;

/**
 * A submitted request, enough to find it again from another process after a crash: it is stored
 * as JSON (`provider_requests.ref`), so only strings.
 */
export interface RemoteRef {
  requestId: string;
  /** Provider-specific addresses or names (fal's status/response/cancel URLs, BFL's polling URL...). */
  data?: Record<string, string>;
}

/** One state machine for every provider (the run's stage follows it). */
export type RemoteState =
  /** Waiting in the provider's queue; `position` when the provider tells it (0 = next). */
  | { state: 'queued'; position?: number }
  /** Being made; `progress` 0–1 when the provider tells it. */
  | { state: 'running'; progress?: number }
  /** Finished: `result()` returns the output (or, for soft moderation, says so). */
  | { state: 'succeeded' }
  /** Failed at the provider. `transient` = worth submitting again (fal runner errors...). */
  | { state: 'failed'; message: string; transient: boolean }
  /** Refused or blurred by the provider's safety system; `reason` is written for a person. */
  | { state: 'moderated'; reason: string }
  /** The provider no longer knows the request (BFL "Task not found", a 404, a result past its life). */
  | { state: 'expired' }
  | { state: 'canceled' };

/**
 * A finished request's output. `url` outputs are downloaded at once by the driver (BFL's
 * sample URLs live 10 minutes); `data` when the API answered with the bytes.
 */
export type RemoteOutcome =
  | { kind: 'file'; url: string; contentType?: string }
  | { kind: 'file'; data: Buffer; contentType: string }
  | { kind: 'moderated'; reason: string };

/** What `submit` answers: a request to follow, or (synchronous APIs such as Stability's) the output. */
export type SubmitResult = { ref: RemoteRef; state: RemoteState } | { ref: RemoteRef; outcome: RemoteOutcome };

/** How hard a provider may be driven, shared by every worker process (Redis). */
export interface ProviderLimit {
  /** Requests in flight at once (fal's account concurrency, BFL's 24). */
  concurrent?: number;
  /** At most `max` calls per `windowMs`; `calls` says which calls count. */
  rate?: { max: number; windowMs: number; calls: 'submit' | 'all' };
}

/** A delivered (and already verified) webhook, read into the state machine. */
export interface WebhookReading {
  requestId: string;
  state: RemoteState;
  /** Present when the body carries the output itself (fal, Replicate, BFL). */
  outcome?: RemoteOutcome;
}

export interface RemoteApi {
  readonly name: ProviderName;
  /** The model or workflow asked (recorded on the media). */
  readonly model: string;
  /** How often to ask for status: the provider's own recommendation. */
  readonly pollIntervalMs: number;
  readonly limit: ProviderLimit;
  /** Whether `submit` honours `input.webhookUrl`. */
  readonly supportsWebhooks: boolean;
  /** Where its output URLs may point (`*_OUTPUT_HOSTS`, see output-download.ts); none = no URL output is fetched. */
  readonly outputHosts?: readonly string[];

  submit(input: RemoteInput, signal: AbortSignal): Promise<SubmitResult>;
  status(ref: RemoteRef, signal: AbortSignal): Promise<RemoteState>;
  result(ref: RemoteRef, signal: AbortSignal): Promise<RemoteOutcome>;
  /** Asks the provider to stop (a deadline passed, the run was canceled); never throws for "already done". */
  cancel(ref: RemoteRef, signal: AbortSignal): Promise<void>;
  /** Reads a webhook body (its signature was checked by the api) into the state machine. */
  readWebhook?(body: unknown): WebhookReading;
}
