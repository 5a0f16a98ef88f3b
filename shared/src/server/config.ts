import { isIP } from 'node:net';
import path from 'node:path';
import { z } from 'zod';
import { SERVICE_MODES } from '../generation/modes';
import { isAiProvider, modeEnvSuffix, PROVIDER_NAMES, type ProviderName } from '../generation/providers';
import type { ServiceMode } from '../generation/types';
import { parseHostPorts, type RedisEndpoint } from './redis/redis-endpoint';

/**
 * Every setting of every process, parsed once from the environment at start-up.
 * All problems are reported together, each naming its variable.
 */
const bool = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((v) => v === 'true' || v === '1' || v === 'yes');
const portMessage = 'must be a whole number from 1 to 65535';
const port = z.coerce.number({ error: portMessage }).int(portMessage).min(1, portMessage).max(65535, portMessage);
const positiveInt = z.coerce.number({ error: 'must be a positive whole number' }).int().positive();
const url = z.url({ error: 'must be an absolute URL' });
/**
 * Where a provider's output URLs may point: comma-separated host names, `*.domain` for its
 * subdomains (https only, public addresses only), or a whole origin such as
 * `http://127.0.0.1:4010` that is allowed exactly as named (a fake, an in-house mirror).
 */
const outputHosts = z
  .string()
  .transform((value) => value.split(',').map((entry) => entry.trim()).filter(Boolean))
  .refine(
    (entries) => entries.every((entry) => (entry.includes('://') ? URL.canParse(entry) && new URL(entry).origin === entry.replace(/\/$/, '') : /^(\*\.)?[a-z0-9-]+(\.[a-z0-9-]+)+$/i.test(entry))),
    'must be comma-separated host names, *.domain patterns or origins (https://host:port)',
  );
/** An API base address; a trailing slash is dropped so paths can be appended. */
const baseUrl = url.transform((value) => value.replace(/\/+$/, ''));
const optionalString = z.string().min(1).optional();

/** Express's named ranges for `trust proxy`. */
const PROXY_RANGE_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

/** An address, a subnet (`10.0.0.0/8`, `10.0.0.0/255.0.0.0`, `fd00::/8`) or a named range, as proxy-addr reads them. */
function isProxyAddress(entry: string): boolean {
  if (PROXY_RANGE_NAMES.has(entry)) return true;
  const [address = '', range, ...rest] = entry.split('/');
  const family = isIP(address);
  if (family === 0 || rest.length > 0) return false;
  if (range === undefined) return true;
  if (/^\d{1,3}$/.test(range)) return Number(range) <= (family === 4 ? 32 : 128);
  return family === 4 && isIP(range) === 4;
}

const trustProxyMessage = 'must be false, true, a hop count, or a comma-separated list of addresses/subnets (loopback, linklocal, uniquelocal, 10.0.0.0/8 ...)';
/** What Express's `trust proxy` accepts: off, on (every hop), a hop count, or the proxies' addresses. */
const trustProxy = z
  .string()
  .trim()
  .transform((value, ctx): boolean | number | string[] => {
    const lower = value.toLowerCase();
    if (['false', 'no', 'off'].includes(lower)) return false;
    if (['true', 'yes', 'on'].includes(lower)) return true;
    if (/^\d+$/.test(value)) return Number(value);
    const entries = value.split(',').map((entry) => entry.trim()).filter(Boolean);
    if (entries.length === 0 || !entries.every(isProxyAddress)) {
      ctx.addIssue({ code: 'custom', message: trustProxyMessage });
      return z.NEVER;
    }
    return entries;
  });

/**
 * Secrets published somewhere (this repository's old docker-compose default, MinIO's default
 * login) or common placeholders: in production they are as good as no secret.
 */
const PUBLISHED_SECRETS = new Set([
  'dev-only-insecure-jwt-secret-change-me-000000',
  'minioadmin',
  'changeme',
  'change-me',
  'secret',
  'password',
  'admin',
  'mirrorverse',
]);
const PLACEHOLDER_WORDS = ['changeme', 'change-me', 'change_me', 'change me', 'insecure', 'replaceme', 'replace-me', 'replace_me', 'placeholder', 'yoursecret', 'your-secret', 'your_secret'];

/** Why a secret can be guessed (a published value, a placeholder, a repeated pattern), or undefined. */
export function guessableSecretReason(secret: string): string | undefined {
  const lower = secret.trim().toLowerCase();
  if (PUBLISHED_SECRETS.has(lower)) return 'is a published default';
  const placeholder = PLACEHOLDER_WORDS.find((word) => lower.includes(word));
  if (placeholder) return `looks like a placeholder (contains "${placeholder}")`;
  for (let unit = 1; unit <= lower.length / 2; unit++) {
    if (lower.length % unit === 0 && lower.slice(0, unit).repeat(lower.length / unit) === lower) {
      return unit === 1 ? 'is one character repeated' : 'is a short text repeated';
    }
  }
  if (new Set(lower).size < 8) return 'uses fewer than 8 different characters';
  return undefined;
}

export const ADMIN_SECRET_MIN_LENGTH = 16;

/** `GENERATION_PROVIDER_<MODE>` for every service mode, e.g. GENERATION_PROVIDER_CYBER_SIREN=fal. */
const MODE_PROVIDER_VARIABLES = Object.fromEntries(
  SERVICE_MODES.map((mode) => [modeProviderVariable(mode), z.enum(PROVIDER_NAMES).optional()]),
) as Record<`GENERATION_PROVIDER_${string}`, z.ZodOptional<z.ZodEnum<{ [K in ProviderName]: K }>>>;

/** The variable a provider cannot run without. */
const PROVIDER_KEY_VARIABLE: Record<Exclude<ProviderName, 'local' | 'instant'>, keyof Env> = {
  fal: 'FAL_KEY',
  bfl: 'BFL_API_KEY',
  stability: 'STABILITY_API_KEY',
  replicate: 'REPLICATE_API_TOKEN',
  comfyui: 'COMFYUI_URL',
};

/** The classes nsfwjs scores (each 0..1; the five add up to 1). */
export const SCREENING_CLASSES = ['Drawing', 'Hentai', 'Neutral', 'Porn', 'Sexy'] as const;
export type ScreeningClass = (typeof SCREENING_CLASSES)[number];

/** A class's two thresholds: a score at or above `review` waits for an admin, at or above `block` is held private. Null = never. */
export interface ScreeningThreshold {
  review: number | null;
  block: number | null;
}

/**
 * The defaults (docs/operations.md, "Screening"): explicit classes review at 0.6 and block at 0.85;
 * "Sexy" (swimwear, underwear, low necklines) only reviews, at 0.8, since a beach portrait is
 * not something to hold; Drawing and Neutral never count.
 */
const SCREENING_DEFAULTS: Record<ScreeningClass, ScreeningThreshold> = {
  Drawing: { review: null, block: null },
  Hentai: { review: 0.6, block: 0.85 },
  Neutral: { review: null, block: null },
  Porn: { review: 0.6, block: 0.85 },
  Sexy: { review: 0.8, block: null },
};

/** A threshold: a score from 0 to 1, or `off`. */
const threshold = z.union([
  z.literal('off').transform(() => null),
  z.coerce.number({ error: 'must be a score from 0 to 1, or off' }).min(0, 'must be a score from 0 to 1, or off').max(1, 'must be a score from 0 to 1, or off'),
]);

function screeningVariable(name: ScreeningClass, level: keyof ScreeningThreshold): `SCREENING_${string}` {
  return `SCREENING_${name.toUpperCase()}_${level.toUpperCase()}`;
}

/** `SCREENING_<CLASS>_REVIEW` and `SCREENING_<CLASS>_BLOCK` for every class, e.g. SCREENING_PORN_BLOCK=0.9. */
const SCREENING_VARIABLES = Object.fromEntries(
  SCREENING_CLASSES.flatMap((name) => (['review', 'block'] as const).map((level) => [screeningVariable(name, level), threshold.optional()])),
) as Record<`SCREENING_${string}`, z.ZodOptional<typeof threshold>>;

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: port.default(3000),
  HOST: z.string().min(1).default('127.0.0.1'),
  TRUST_PROXY: trustProxy.optional(),
  PUBLIC_URL: url.optional(),
  DATA_DIR: z.string().min(1).default('./data'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  LOG_PRETTY: bool.optional(),

  DATABASE_URL: z.url({ protocol: /^postgres(ql)?$/, error: 'must be a postgres:// URL' }).optional(),
  DATABASE_POOL_SIZE: positiveInt.default(10),
  /** Off behind a pooler that cannot keep named statements (PgBouncer in transaction mode without max_prepared_statements). */
  DATABASE_PREPARED_STATEMENTS: bool.default(true),
  REDIS_URL: z.url({ protocol: /^rediss?$/, error: 'must be a redis:// URL' }).optional(),
  // Sentinel (issue 43): the sentinels' host:port list and the master group they watch.
  REDIS_SENTINELS: optionalString,
  REDIS_SENTINEL_NAME: optionalString,
  REDIS_SENTINEL_PASSWORD: optionalString,
  // Cluster: seed nodes, host:port comma-separated.
  REDIS_CLUSTER_NODES: optionalString,
  /** Of the data nodes with Sentinel or Cluster (a REDIS_URL carries its own). */
  REDIS_PASSWORD: optionalString,
  /** TLS to the data nodes (and sentinels) with Sentinel or Cluster; a REDIS_URL says rediss://. */
  REDIS_TLS: bool.optional(),
  REDIS_SERVER_BIN: z.string().min(1).default('redis-server'),
  // A name, or a name in braces: `{mirrorverse}` is a Redis Cluster hash tag, so every key of every queue hashes to
  // one slot (BullMQ's multi-key scripts need that on a cluster; Dragonfly locks per tag). Plain Redis takes either.
  QUEUE_PREFIX: z
    .string()
    .regex(/^(?:[A-Za-z0-9_-]+|\{[A-Za-z0-9_-]+\})$/, 'letters, digits, _ and - only, optionally all in braces (a hash tag, e.g. {mirrorverse})')
    .default('mirrorverse'),

  S3_BUCKET: optionalString,
  S3_ENDPOINT: url.optional(),
  S3_REGION: z.string().min(1).default('us-east-1'),
  S3_ACCESS_KEY_ID: optionalString,
  S3_SECRET_ACCESS_KEY: optionalString,
  S3_FORCE_PATH_STYLE: bool.default(true),
  S3_PUBLIC_URL: url.optional(),
  S3_PRESIGN_ENDPOINT: url.optional(),

  WEB_DIST_DIR: z.string().min(1).default('web/dist'),
  ADMIN_SECRET: z.string().min(ADMIN_SECRET_MIN_LENGTH, `must be at least ${ADMIN_SECRET_MIN_LENGTH} characters`).optional(),
  JWT_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  SMTP_URL: z.url({ protocol: /^smtps?$/, error: 'must be an smtp:// or smtps:// URL' }).optional(),
  MAIL_FROM: z.string().min(3).default('Mirrorverse <hello@mirrorverse.local>'),
  CONTACT_EMAIL: z.email().default('hello@mirrorverse.app'),
  BETA_ACCOUNT_CAP: z.coerce.number({ error: 'must be a whole number' }).int().min(0).optional(),

  PROMPT_ENHANCER_URL: url.optional(),
  PROMPT_ENHANCER_API_KEY: optionalString,
  PROMPT_ENHANCER_MODEL: z.string().min(1).default('gpt-4o-mini'),
  PROVIDER_TIMEOUT_MS: positiveInt.default(120_000),
  LOCAL_PROVIDER_DELAY_MS: z.coerce.number({ error: 'must be a whole number' }).int().min(0).default(0),
  WORKER_LOCK_DURATION_MS: positiveInt.default(30_000),
  WORKER_STALLED_INTERVAL_MS: positiveInt.default(30_000),
  /** A queue worker with free slots that takes none of the waiting jobs this long is made again (issue 43 §4). */
  WORKER_STUCK_AFTER_SECONDS: positiveInt.default(60),
  // OpenTelemetry (issue 44): tracing is on only with an OTLP endpoint; the SDK reads the other OTEL_* variables itself.
  OTEL_EXPORTER_OTLP_ENDPOINT: optionalString,
  OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: optionalString,
  /** Where an admin opens a run's trace: `{traceId}` is replaced (e.g. https://jaeger.example/trace/{traceId}). */
  TRACE_URL_TEMPLATE: z
    .url({ protocol: /^https?$/, error: 'must be an http(s) URL' })
    .refine((value) => value.includes('{traceId}'), { error: 'must contain {traceId}' })
    .optional(),
  WORKER_GENERATION_CONCURRENCY: positiveInt.default(2),
  WORKER_RENDER_THREADS: positiveInt.optional(),
  WORKER_EMAIL_CONCURRENCY: positiveInt.default(5),
  WORKER_MAINTENANCE_CONCURRENCY: positiveInt.default(1),
  WORKER_WEBHOOK_CONCURRENCY: positiveInt.default(5),
  /**
   * Runs' webhooks (issue 45 §2) may go to loopback, private, link-local and unique-local
   * addresses, and to http:// on this machine: development and tests, never a public deployment.
   */
  WEBHOOK_ALLOW_PRIVATE: bool.default(false),
  /** The first wait before a webhook is tried again; the rest of the schedule scales with it (30 s → 24 h of tries). */
  WEBHOOK_RETRY_BASE_MS: positiveInt.default(30_000),
  SHUTDOWN_TIMEOUT_MS: positiveInt.default(10_000),

  STORY_EDITOR_TOKEN: z.string().min(16, 'must be at least 16 characters').optional(),
  /** The first wait after wrong operator secrets from one address; it doubles up to 20× (docs/decisions.md). */
  SECRET_GUESS_DELAY_MS: positiveInt.default(100),
  /** Calls one personal API key may make per minute (issue 45 §1); one more is answered 429. */
  API_KEY_REQUESTS_PER_MINUTE: positiveInt.default(600),
  GENERATION_PROVIDER: z.enum(PROVIDER_NAMES).default('local'),
  ...MODE_PROVIDER_VARIABLES,
  /** Every output and source photo is classified before it can be public; `off` only where another system screens. */
  SCREENING: z.enum(['on', 'off']).default('on'),
  ...SCREENING_VARIABLES,
  PROVIDER_WEBHOOK_URL: baseUrl.optional(),
  FAL_KEY: optionalString,
  FAL_QUEUE_URL: baseUrl.default('https://queue.fal.run'),
  FAL_IMAGE_MODEL: z.string().min(1).default('fal-ai/flux-pro/kontext'),
  FAL_VIDEO_MODEL: optionalString,
  FAL_JWKS_URL: url.default('https://rest.alpha.fal.ai/.well-known/jwks.json'),
  /** fal serves outputs from its CDN (docs/providers.md, "Output downloads"). */
  FAL_OUTPUT_HOSTS: outputHosts.default(['fal.media', '*.fal.media']),
  BFL_OUTPUT_HOSTS: outputHosts.default(['*.bfl.ai', '*.bfl.ml']),
  REPLICATE_OUTPUT_HOSTS: outputHosts.default(['replicate.delivery', '*.replicate.delivery']),
  /** The largest provider output file copied into our storage. */
  PROVIDER_OUTPUT_MAX_BYTES: positiveInt.default(200 * 1024 * 1024),
  FAL_CONCURRENCY: positiveInt.default(2),
  BFL_API_KEY: optionalString,
  BFL_API_URL: baseUrl.default('https://api.bfl.ai'),
  BFL_MODEL: z.string().regex(/^[a-z0-9.-]+$/, 'a model path such as flux-kontext-pro').default('flux-kontext-pro'),
  BFL_CONCURRENCY: positiveInt.default(24),
  BFL_WEBHOOK_SECRET: z.string().min(16, 'must be at least 16 characters').optional(),
  STABILITY_API_KEY: optionalString,
  STABILITY_API_URL: baseUrl.default('https://api.stability.ai'),
  STABILITY_MODEL: z.string().min(1).default('ultra'),
  STABILITY_REQUESTS_PER_10S: positiveInt.default(150),
  REPLICATE_API_TOKEN: optionalString,
  REPLICATE_API_URL: baseUrl.default('https://api.replicate.com'),
  REPLICATE_MODEL: z.string().regex(/^[\w.-]+\/[\w.-]+(:[0-9a-f]+)?$/, 'owner/name or owner/name:version').default('black-forest-labs/flux-kontext-pro'),
  REPLICATE_VIDEO_MODEL: z.string().regex(/^[\w.-]+\/[\w.-]+(:[0-9a-f]+)?$/, 'owner/name or owner/name:version').optional(),
  REPLICATE_WEBHOOK_SECRET: z.string().regex(/^whsec_[A-Za-z0-9+/=]+$/, 'must be the whsec_… secret Replicate gives').optional(),
  REPLICATE_CREATES_PER_MINUTE: positiveInt.default(600),
  COMFYUI_URL: baseUrl.optional(),
  COMFYUI_WORKFLOWS_DIR: z.string().min(1).default('worker/comfyui-workflows'),
  COMFYUI_CONCURRENCY: positiveInt.default(1),
  APP_VERSION: z.string().min(1).default('development'),
  METRICS_TOKEN: z.string().min(16, 'must be at least 16 characters').optional(),
  WORKER_METRICS_PORT: port.optional(),
  QUEUE_STALE_SECONDS: positiveInt.default(120),
  MAX_RUNS_IN_FLIGHT: positiveInt.default(10),
  RECONCILE_GRACE_SECONDS: positiveInt.default(60),
  RECONCILE_DEADLINE_SECONDS: positiveInt.default(1800),
  RECONCILE_EVERY_SECONDS: positiveInt.default(60),
});

/**
 * The parsed variables. z.object's type keeps only named keys, so the `GENERATION_PROVIDER_<MODE>`
 * ones the schema also checks (MODE_PROVIDER_VARIABLES) are added here by their pattern.
 */
export type Env = z.infer<typeof envSchema> & { [variable: `GENERATION_PROVIDER_${string}`]: ProviderName | undefined } & {
  [variable: `SCREENING_${string}`]: number | null | undefined;
};

/** The variable that routes one service mode to a provider. */
function modeProviderVariable(mode: ServiceMode): `GENERATION_PROVIDER_${string}` {
  return `GENERATION_PROVIDER_${modeEnvSuffix(mode)}`;
}

export interface Config {
  env: Env['NODE_ENV'];
  isProduction: boolean;
  http: {
    port: number;
    /** Default 127.0.0.1: only this machine; containers set HOST=0.0.0.0. */
    host: string;
    publicUrl: string;
    /** Express's `trust proxy`: false (default) = req.ip is the socket's peer and X-Forwarded-For is ignored. */
    trustProxy: boolean | number | string[];
  };
  dataDir: string;
  log: { level: Env['LOG_LEVEL']; pretty: boolean };
  database: { url: string; poolSize: number; preparedStatements: boolean } | { pgliteDir: string };
  redis: { endpoint: RedisEndpoint } | { embedded: { bin: string; dir: string } };
  /** Starts every Redis key (BullMQ's and ours), so several deployments (or test runs) can share one Redis; `{name}` keeps them in one cluster slot. */
  queuePrefix: string;
  /** OpenTelemetry traces: on when an OTLP endpoint is set (the SDK is not loaded otherwise). */
  tracing: { enabled: boolean; traceUrlTemplate: string | null };
  storage:
    | { driver: 'local'; root: string; publicBaseUrl: string }
    | {
        driver: 's3';
        bucket: string;
        endpoint?: string;
        region: string;
        accessKeyId?: string;
        secretAccessKey?: string;
        forcePathStyle: boolean;
        /** The api's /media path (default), or a CDN in front of it: the bucket itself stays private. */
        publicBaseUrl?: string;
        /** The S3 endpoint as browsers reach it, for presigned downloads (S3_PRESIGN_ENDPOINT; default the endpoint). */
        presignEndpoint?: string;
      };
  webDistDir: string;
  adminSecret: string | undefined;
  /** The story authoring tool's token, checked by the server; unset = editing off. */
  storyEditorToken: string | undefined;
  /** The first wait before checking a secret from an address that sent wrong ones (SECRET_GUESS_DELAY_MS). */
  secretGuessDelayMs: number;
  /** Calls one personal API key may make per minute (API_KEY_REQUESTS_PER_MINUTE). */
  apiKeyRequestsPerMinute: number;
  jwtSecret: string | undefined;
  mail: { smtpUrl: string | undefined; from: string; devOutbox: boolean };
  contactEmail: string;
  /** New sign-ups close once this many accounts exist; undefined = no cap. */
  betaAccountCap: number | undefined;
  worker: {
    concurrency: { generation: number; email: number; maintenance: number; webhooks: number };
    /** Threads the local engine renders on (off the event loop); default one per generation slot. */
    renderThreads: number;
    /** How long a job's lock lasts without renewal, and how often stalled jobs are looked for. */
    lockDurationMs: number;
    stalledIntervalMs: number;
    /** A worker with free slots that takes none of the waiting jobs this long is made again. */
    stuckAfterMs: number;
  };
  generation: {
    providerTimeoutMs: number;
    /** Extra latency of the local provider, to see (and test) the queue as with a remote one. */
    localProviderDelayMs: number;
    /** The engine of each service mode (GENERATION_PROVIDER, overridden per mode). */
    routes: Record<ServiceMode, ProviderName>;
    /** Public base address providers call back (`<it>/webhooks/<provider>`); undefined = poll them. */
    webhookBaseUrl: string | undefined;
    /** The largest provider output file copied into our storage (PROVIDER_OUTPUT_MAX_BYTES). */
    providerOutputMaxBytes: number;
    /** Runs one person may have processing at once; one more is answered 429. */
    maxRunsInFlight: number;
    /**
     * The reconciler: a run processing this long with no queued job (the api died between its
     * commit and its enqueue) is queued again; past the deadline it is failed and refunded.
     * It looks every `everySeconds`.
     */
    reconcile: { graceSeconds: number; deadlineSeconds: number; everySeconds: number };
  };
  /**
   * Classifying outputs and source photos before anything is public (SCREENING, default on):
   * each class's review and block thresholds (SCREENING_<CLASS>_REVIEW / _BLOCK).
   */
  screening: { enabled: boolean; thresholds: Record<ScreeningClass, ScreeningThreshold> };
  /** An OpenAI-compatible chat endpoint for the magic wand; unset = the local enhancer. */
  promptEnhancer: { url: string; apiKey: string | undefined; model: string } | undefined;
  shutdownTimeoutMs: number;
  /** Remote image providers: configured when their key (ComfyUI: its address) is set. */
  providers: {
    /** `outputHosts`: where its output URLs may point (FAL_OUTPUT_HOSTS...; see docs/providers.md). */
    fal?: { key: string; baseUrl: string; imageModel: string; videoModel?: string; jwksUrl: string; concurrency: number; outputHosts?: string[] };
    bfl?: { key: string; baseUrl: string; model: string; concurrency: number; webhookSecret?: string; outputHosts?: string[] };
    stability?: { key: string; baseUrl: string; model: string; requestsPer10s: number };
    replicate?: { key: string; baseUrl: string; model: string; videoModel?: string; createsPerMinute: number; webhookSecret?: string; outputHosts?: string[] };
    comfyui?: { baseUrl: string; workflowsDir: string; concurrency: number };
  };
  /**
   * Runs' webhooks (issue 45 §2): `allowPrivate` lets them go to private addresses and to http://
   * on this machine (WEBHOOK_ALLOW_PRIVATE); `retryBaseMs` is the first wait of the retry schedule.
   */
  webhooks: { allowPrivate: boolean; retryBaseMs: number };
  /** Shown by the diagnosis and in every worker's heartbeat (the image tag in a deployment). */
  version: string;
  observability: {
    /** Bearer token for /metrics; unset = /metrics answers loopback clients only. */
    metricsToken: string | undefined;
    /** Where a worker process serves /metrics and /healthz; unset = no http server in the worker. */
    workerMetricsPort: number | undefined;
    /** A queue whose oldest waiting job is older than this makes the health degraded. */
    queueStaleSeconds: number;
  };
}

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

/** Blank variables count as unset, so `FOO=` in a .env file means "use the default". */
function withoutBlanks(env: NodeJS.ProcessEnv): Record<string, string> {
  return Object.fromEntries(
    Object.entries(env).filter((entry): entry is [string, string] => entry[1] !== undefined && entry[1].trim() !== ''),
  );
}

export function parseConfig(rawEnv: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(withoutBlanks(rawEnv));
  if (!parsed.success) {
    throw new ConfigError(parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`));
  }
  const e: Env = parsed.data;
  const problems: string[] = [];
  const isProduction = e.NODE_ENV === 'production';
  const dataDir = path.resolve(e.DATA_DIR);
  const publicUrl = (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, '');

  if (isProduction && !e.JWT_SECRET) problems.push('JWT_SECRET: required when NODE_ENV=production');
  if (isProduction) {
    // Anyone who knows the JWT secret can sign a token for any account.
    const generate = 'generate one with `openssl rand -base64 48`';
    for (const name of ['JWT_SECRET', 'ADMIN_SECRET', 'METRICS_TOKEN', 'STORY_EDITOR_TOKEN', 'S3_SECRET_ACCESS_KEY'] as const) {
      const value = e[name];
      const reason = value === undefined ? undefined : guessableSecretReason(value);
      // An S3 key is chosen by the storage provider: only a published default (MinIO's) is refused.
      if (reason && (name !== 'S3_SECRET_ACCESS_KEY' || reason === 'is a published default')) {
        problems.push(`${name}: must not be guessable in production — it ${reason}; ${generate}`);
      }
    }
  }
  if (e.S3_BUCKET && Boolean(e.S3_ACCESS_KEY_ID) !== Boolean(e.S3_SECRET_ACCESS_KEY)) {
    problems.push('S3_ACCESS_KEY_ID / S3_SECRET_ACCESS_KEY: set both or neither');
  }
  if (!e.S3_BUCKET && (e.S3_ENDPOINT || e.S3_ACCESS_KEY_ID)) {
    problems.push('S3_BUCKET: required when other S3_* variables are set');
  }
  const routes = Object.fromEntries(SERVICE_MODES.map((mode) => [mode, e[modeProviderVariable(mode)] ?? e.GENERATION_PROVIDER])) as Record<ServiceMode, ProviderName>;
  for (const mode of SERVICE_MODES) {
    const provider = routes[mode];
    const variable = modeProviderVariable(mode);
    const chosenBy = e[variable] ? variable : 'GENERATION_PROVIDER';
    if (provider === 'instant' && isProduction) {
      problems.push(`${chosenBy}: instant is for load tests and demos, not NODE_ENV=production`);
    } else if (isAiProvider(provider) && !e[PROVIDER_KEY_VARIABLE[provider]]) {
      problems.push(`${PROVIDER_KEY_VARIABLE[provider]}: required because ${chosenBy}=${provider}`);
    }
  }
  const thresholds = screeningThresholds(e, problems);
  const redisEndpoint = redisEndpointOf(e, problems);
  if (problems.length > 0) throw new ConfigError([...new Set(problems)]);

  return {
    env: e.NODE_ENV,
    isProduction,
    http: { port: e.PORT, host: e.HOST, publicUrl, trustProxy: e.TRUST_PROXY ?? false },
    dataDir,
    log: { level: e.LOG_LEVEL, pretty: e.LOG_PRETTY ?? (e.NODE_ENV === 'development' && process.stdout.isTTY === true) },
    database: e.DATABASE_URL
      ? { url: e.DATABASE_URL, poolSize: e.DATABASE_POOL_SIZE, preparedStatements: e.DATABASE_PREPARED_STATEMENTS }
      : { pgliteDir: path.join(dataDir, 'db') },
    redis: redisEndpoint ? { endpoint: redisEndpoint } : { embedded: { bin: e.REDIS_SERVER_BIN, dir: path.join(dataDir, 'redis') } },
    queuePrefix: e.QUEUE_PREFIX,
    tracing: { enabled: Boolean(e.OTEL_EXPORTER_OTLP_ENDPOINT || e.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT), traceUrlTemplate: e.TRACE_URL_TEMPLATE ?? null },
    storage: e.S3_BUCKET
      ? {
          driver: 's3',
          bucket: e.S3_BUCKET,
          endpoint: e.S3_ENDPOINT,
          region: e.S3_REGION,
          accessKeyId: e.S3_ACCESS_KEY_ID,
          secretAccessKey: e.S3_SECRET_ACCESS_KEY,
          forcePathStyle: e.S3_FORCE_PATH_STYLE,
          // Files are addressed through the api's /media, which decides who may read each (issue 42).
          publicBaseUrl: e.S3_PUBLIC_URL ?? `${publicUrl}/media`,
          presignEndpoint: e.S3_PRESIGN_ENDPOINT,
        }
      : { driver: 'local', root: path.join(dataDir, 'media'), publicBaseUrl: `${publicUrl}/media` },
    webDistDir: path.resolve(e.WEB_DIST_DIR),
    adminSecret: e.ADMIN_SECRET,
    storyEditorToken: e.STORY_EDITOR_TOKEN,
    secretGuessDelayMs: e.SECRET_GUESS_DELAY_MS,
    apiKeyRequestsPerMinute: e.API_KEY_REQUESTS_PER_MINUTE,
    jwtSecret: e.JWT_SECRET,
    mail: { smtpUrl: e.SMTP_URL, from: e.MAIL_FROM, devOutbox: !e.SMTP_URL && !isProduction },
    contactEmail: e.CONTACT_EMAIL,
    betaAccountCap: e.BETA_ACCOUNT_CAP,
    worker: {
      concurrency: {
        generation: e.WORKER_GENERATION_CONCURRENCY,
        email: e.WORKER_EMAIL_CONCURRENCY,
        maintenance: e.WORKER_MAINTENANCE_CONCURRENCY,
        webhooks: e.WORKER_WEBHOOK_CONCURRENCY,
      },
      renderThreads: e.WORKER_RENDER_THREADS ?? e.WORKER_GENERATION_CONCURRENCY,
      lockDurationMs: e.WORKER_LOCK_DURATION_MS,
      stalledIntervalMs: e.WORKER_STALLED_INTERVAL_MS,
      stuckAfterMs: e.WORKER_STUCK_AFTER_SECONDS * 1000,
    },
    generation: {
      providerTimeoutMs: e.PROVIDER_TIMEOUT_MS,
      localProviderDelayMs: e.LOCAL_PROVIDER_DELAY_MS,
      routes,
      webhookBaseUrl: e.PROVIDER_WEBHOOK_URL,
      providerOutputMaxBytes: e.PROVIDER_OUTPUT_MAX_BYTES,
      maxRunsInFlight: e.MAX_RUNS_IN_FLIGHT,
      reconcile: { graceSeconds: e.RECONCILE_GRACE_SECONDS, deadlineSeconds: e.RECONCILE_DEADLINE_SECONDS, everySeconds: e.RECONCILE_EVERY_SECONDS },
    },
    screening: { enabled: e.SCREENING === 'on', thresholds },
    promptEnhancer: e.PROMPT_ENHANCER_URL
      ? { url: e.PROMPT_ENHANCER_URL, apiKey: e.PROMPT_ENHANCER_API_KEY, model: e.PROMPT_ENHANCER_MODEL }
      : undefined,
    shutdownTimeoutMs: e.SHUTDOWN_TIMEOUT_MS,
    providers: {
      ...(e.FAL_KEY
        ? {
            fal: {
              key: e.FAL_KEY,
              baseUrl: e.FAL_QUEUE_URL,
              imageModel: e.FAL_IMAGE_MODEL,
              ...(e.FAL_VIDEO_MODEL ? { videoModel: e.FAL_VIDEO_MODEL } : {}),
              jwksUrl: e.FAL_JWKS_URL,
              concurrency: e.FAL_CONCURRENCY,
              outputHosts: e.FAL_OUTPUT_HOSTS,
            },
          }
        : {}),
      ...(e.BFL_API_KEY
        ? {
            bfl: {
              key: e.BFL_API_KEY,
              baseUrl: e.BFL_API_URL,
              model: e.BFL_MODEL,
              concurrency: e.BFL_CONCURRENCY,
              outputHosts: e.BFL_OUTPUT_HOSTS,
              ...(e.BFL_WEBHOOK_SECRET ? { webhookSecret: e.BFL_WEBHOOK_SECRET } : {}),
            },
          }
        : {}),
      ...(e.STABILITY_API_KEY
        ? { stability: { key: e.STABILITY_API_KEY, baseUrl: e.STABILITY_API_URL, model: e.STABILITY_MODEL, requestsPer10s: e.STABILITY_REQUESTS_PER_10S } }
        : {}),
      ...(e.REPLICATE_API_TOKEN
        ? {
            replicate: {
              key: e.REPLICATE_API_TOKEN,
              baseUrl: e.REPLICATE_API_URL,
              model: e.REPLICATE_MODEL,
              ...(e.REPLICATE_VIDEO_MODEL ? { videoModel: e.REPLICATE_VIDEO_MODEL } : {}),
              createsPerMinute: e.REPLICATE_CREATES_PER_MINUTE,
              outputHosts: e.REPLICATE_OUTPUT_HOSTS,
              ...(e.REPLICATE_WEBHOOK_SECRET ? { webhookSecret: e.REPLICATE_WEBHOOK_SECRET } : {}),
            },
          }
        : {}),
      ...(e.COMFYUI_URL ? { comfyui: { baseUrl: e.COMFYUI_URL, workflowsDir: path.resolve(e.COMFYUI_WORKFLOWS_DIR), concurrency: e.COMFYUI_CONCURRENCY } } : {}),
    },
    webhooks: { allowPrivate: e.WEBHOOK_ALLOW_PRIVATE, retryBaseMs: e.WEBHOOK_RETRY_BASE_MS },
    version: e.APP_VERSION,
    observability: { metricsToken: e.METRICS_TOKEN, workerMetricsPort: e.WORKER_METRICS_PORT, queueStaleSeconds: e.QUEUE_STALE_SECONDS },
  };
}

/** Each class's thresholds: its variables over the defaults; a review above its block is a mistake. */
function screeningThresholds(e: Env, problems: string[]): Record<ScreeningClass, ScreeningThreshold> {
  const thresholds = {} as Record<ScreeningClass, ScreeningThreshold>;
  for (const name of SCREENING_CLASSES) {
    const value = (level: keyof ScreeningThreshold) => {
      const set = e[screeningVariable(name, level)];
      return set === undefined ? SCREENING_DEFAULTS[name][level] : set;
    };
    const review = value('review');
    const block = value('block');
    if (review !== null && block !== null && review > block) {
      problems.push(`${screeningVariable(name, 'review')}: ${review} is above ${screeningVariable(name, 'block')} (${block}); a score reviews before it blocks`);
    }
    thresholds[name] = { review, block };
  }
  return thresholds;
}

let cached: Config | undefined;

/** The process-wide config: parsed on first use, then cached. */
export function getConfig(): Config {
  cached ??= parseConfig();
  return cached;
}

/** For tests that change the environment between cases. */
export function resetConfigCache(): void {
  cached = undefined;
}

/**
 * Exactly one of REDIS_URL, REDIS_SENTINELS, REDIS_CLUSTER_NODES, or none (the embedded
 * redis-server); what is wrong goes into `problems`, each naming its variable.
 */
function redisEndpointOf(e: Env, problems: string[]): RedisEndpoint | undefined {
  const chosen = (['REDIS_URL', 'REDIS_SENTINELS', 'REDIS_CLUSTER_NODES'] as const).filter((name) => e[name]);
  if (chosen.length > 1) {
    problems.push(`${chosen.join(', ')}: set one of them (a single endpoint, Sentinel or Cluster), not ${chosen.length}`);
    return undefined;
  }
  const hostPorts = (name: 'REDIS_SENTINELS' | 'REDIS_CLUSTER_NODES', value: string) => {
    try {
      return parseHostPorts(value);
    } catch (error) {
      problems.push(`${name}: ${(error as Error).message}`);
      return [];
    }
  };
  const tls = e.REDIS_TLS ?? false;
  if (e.REDIS_URL) return { kind: 'standalone', url: e.REDIS_URL };
  if (e.REDIS_SENTINELS) {
    const sentinels = hostPorts('REDIS_SENTINELS', e.REDIS_SENTINELS);
    if (!e.REDIS_SENTINEL_NAME) problems.push('REDIS_SENTINEL_NAME: required with REDIS_SENTINELS (the master group the sentinels watch)');
    return {
      kind: 'sentinel',
      sentinels,
      name: e.REDIS_SENTINEL_NAME ?? '',
      sentinelPassword: e.REDIS_SENTINEL_PASSWORD,
      password: e.REDIS_PASSWORD,
      tls,
    };
  }
  if (e.REDIS_SENTINEL_NAME || e.REDIS_SENTINEL_PASSWORD) problems.push('REDIS_SENTINELS: required with REDIS_SENTINEL_NAME / REDIS_SENTINEL_PASSWORD');
  if (e.REDIS_CLUSTER_NODES) {
    // BullMQ's scripts touch several keys of a queue at once: on a cluster they must share a slot.
    if (!e.QUEUE_PREFIX.startsWith('{')) {
      problems.push(`QUEUE_PREFIX: a Redis Cluster needs a hash-tagged prefix, e.g. QUEUE_PREFIX={${e.QUEUE_PREFIX}}, so each queue's keys share one slot`);
    }
    return { kind: 'cluster', nodes: hostPorts('REDIS_CLUSTER_NODES', e.REDIS_CLUSTER_NODES), password: e.REDIS_PASSWORD, tls };
  }
  if (e.REDIS_PASSWORD || e.REDIS_TLS !== undefined) problems.push('REDIS_PASSWORD / REDIS_TLS: only with REDIS_SENTINELS or REDIS_CLUSTER_NODES (a REDIS_URL carries its own)');
  return undefined;
}
