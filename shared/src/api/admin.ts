/**
 * The admin calls (spec 3 §7) and the operator's settings, audit log and diagnosis beyond them.
 * Every call carries the admin secret in the `X-Admin-Secret` header, checked by the server.
 */
import { z } from 'zod/mini';
import { ADMIN_CREDIT_STEP, ADMIN_MEDIA_PAGE_SIZE } from '../constants';
import { runIdSchema } from '../generation/request-schema';
import { uuidSchema } from '../schemas/input';
import { answer, defineCall } from './define-call';
import { mediaKindSchema, mediaStatusSchema } from './media';

export const ADMIN_SECRET_HEADER = 'X-Admin-Secret';

/** A row of the Users tab (spec 3 §3), with whether the person is banned. */
export const adminUserRowSchema = z.object({
  id: z.string(),
  name: z.nullable(z.string()),
  /** Their public page is /u/<username>. */
  username: z.nullable(z.string()),
  email: z.string(),
  createdAt: z.string(),
  lastActive: z.nullable(z.string()),
  credits: z.number(),
  banned: z.boolean(),
});
export type AdminUserRow = z.infer<typeof adminUserRowSchema>;

/** A row of the Media tab (spec 3 §3: the fields spec 3 §7 lists). */
export const adminMediaRowSchema = z.object({
  id: z.string(),
  user_id: z.nullable(z.string()),
  type: mediaKindSchema,
  finalUrl: z.nullable(z.string()),
  image_url: z.nullable(z.string()),
  created_at: z.string(),
  status: mediaStatusSchema,
  prompt: z.nullable(z.string()),
  source_url: z.nullable(z.string()),
  likes_count: z.number(),
  preset_type: z.string(),
  is_public: z.boolean(),
  metadata: z.record(z.string(), z.unknown()),
  /** The run that made it, whose timeline the detail shows (issue 44); null for items made before runs. */
  run_id: z.nullable(z.string()),
});
export type AdminMediaRow = z.infer<typeof adminMediaRowSchema>;

export const adminStatsSchema = z.object({
  totalUsers: z.number(),
  totalMedia: z.number(),
  /** People active in the last 7 days. */
  activeUsers: z.number(),
  totalCredits: z.number(),
  /** Reports nobody has resolved yet (issue 42). */
  openReports: z.number(),
});
export type AdminStats = z.infer<typeof adminStatsSchema>;

export const healthStateSchema = z.enum(['healthy', 'degraded', 'down']);
export type HealthState = z.infer<typeof healthStateSchema>;

/** One measured dependency: `ok` answered, `off` not configured (not a fault), `failing` did not answer. */
export const systemCheckSchema = z.object({
  name: z.string(),
  label: z.string(),
  state: z.enum(['ok', 'off', 'failing']),
  detail: z.string(),
  latencyMs: z.nullable(z.number()),
  /** A failing check of a dependency the product needs turns the overall health down or degraded. */
  required: z.boolean(),
});
export type SystemCheck = z.infer<typeof systemCheckSchema>;

export const queueStatsSchema = z.object({
  name: z.string(),
  waiting: z.number(),
  prioritized: z.number(),
  active: z.number(),
  delayed: z.number(),
  failed: z.number(),
  completed: z.number(),
  /** Age of the oldest job waiting to be taken; null when none waits. */
  oldestWaitingSeconds: z.nullable(z.number()),
  /** Jobs finished per 5 minutes over the last hour, oldest first (12 buckets). */
  lastHour: z.array(z.number()),
  /** Live workers serving this queue. */
  workers: z.number(),
});
export type QueueStats = z.infer<typeof queueStatsSchema>;

export const workerHeartbeatSchema = z.object({
  id: z.string(),
  hostname: z.string(),
  pid: z.number(),
  queues: z.array(z.string()),
  concurrency: z.record(z.string(), z.number()),
  version: z.string(),
  startedAt: z.string(),
  lastHeartbeat: z.string(),
  /** Times a stuck queue worker of this process was made again (absent from older workers). */
  recoveries: z.optional(z.number()),
});
export type WorkerHeartbeat = z.infer<typeof workerHeartbeatSchema>;

export type IdentityCounts = Omit<z.infer<typeof identityStatsSchema>, 'passRate' | 'retryRate'>;
export type RunStats = z.infer<typeof runStatsSchema>;

export const runStatsSchema = z.object({
  mode: z.string(),
  provider: z.string(),
  done: z.number(),
  failed: z.number(),
});

export const identityStatsSchema = z.object({
  mode: z.string(),
  /** Outputs whose source had a face, so the check applied. */
  checked: z.number(),
  passed: z.number(),
  /** Outputs that needed more than one attempt. */
  retried: z.number(),
  passRate: z.nullable(z.number()),
  retryRate: z.nullable(z.number()),
});

export const debugInfoSchema = z.object({
  checkedAt: z.string(),
  health: healthStateSchema,
  /** Why the health is not `healthy`, in an operator's words. */
  reasons: z.array(z.string()),
  systems: z.array(systemCheckSchema),
  queues: z.array(queueStatsSchema),
  workers: z.array(workerHeartbeatSchema),
  runs: z.object({
    lastHour: z.array(runStatsSchema),
    medianSeconds: z.nullable(z.number()),
    p95Seconds: z.nullable(z.number()),
  }),
  identity: z.array(identityStatsSchema),
  /** The backfill of image variants (make-media-variants): items done (or with none possible) of all. */
  mediaVariants: z.object({ done: z.number(), total: z.number() }),
  versions: z.object({ app: z.string(), node: z.string() }),
  /** Which engine makes each service mode (GENERATION_PROVIDER and its per-mode overrides). */
  engines: z.array(z.object({ mode: z.string(), provider: z.string(), label: z.string() })),
  thresholds: z.object({ oldestWaitingSeconds: z.number() }),
});
export type DebugInfo = z.infer<typeof debugInfoSchema>;

export const systemConfigSchema = z.object({
  database_enabled: z.boolean(),
  fal_ai_enabled: z.boolean(),
  bfl_api_enabled: z.boolean(),
  stability_enabled: z.boolean(),
  cloudinary_enabled: z.boolean(),
  email_enabled: z.boolean(),
  overall_health: healthStateSchema,
  features: z.object({ likes_system: z.boolean(), referral_system: z.boolean(), studio_mode: z.boolean() }),
});
export type SystemConfig = z.infer<typeof systemConfigSchema>;

export const adminSettingsSchema = z.object({
  isLaunched: z.boolean(),
  /** New sign-ups close once this many accounts exist; null = no cap. */
  betaAccountCap: z.nullable(z.number().check(z.int(), z.minimum(0))),
});
export type AdminSettings = z.infer<typeof adminSettingsSchema>;

export const auditEntrySchema = z.object({
  id: z.number(),
  action: z.string(),
  target: z.nullable(z.string()),
  details: z.record(z.string(), z.unknown()),
  ip: z.nullable(z.string()),
  createdAt: z.string(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

const userIdRequest = z.object({ userId: uuidSchema('userId') });
const okAnswer = answer({});

export const adminVerifyCall = defineCall({
  name: 'admin-verify',
  method: 'POST',
  request: z.object({ adminSecret: z.string().check(z.maxLength(1000)) }),
  response: okAnswer,
});
export const adminConfigCall = defineCall({
  name: 'admin-config',
  method: 'GET',
  request: undefined,
  response: answer({ stats: adminStatsSchema, debugInfo: debugInfoSchema, systemConfig: systemConfigSchema }),
});
export const adminUsersQuery = z.object({
  search: z.optional(z.string().check(z.trim(), z.maxLength(200))),
  limit: z._default(z.coerce.number().check(z.int(), z.minimum(1), z.maximum(200)), 100),
  offset: z._default(z.coerce.number().check(z.int(), z.minimum(0)), 0),
});
export const adminUsersCall = defineCall({
  name: 'admin-users',
  method: 'GET',
  request: adminUsersQuery,
  response: answer({ users: z.array(adminUserRowSchema), total: z.number(), limit: z.number(), offset: z.number() }),
});
export const adminAdjustCreditsCall = defineCall({
  name: 'admin-adjust-credits',
  method: 'POST',
  request: z.extend(userIdRequest, { adjustment: z.union([z.literal(ADMIN_CREDIT_STEP), z.literal(-ADMIN_CREDIT_STEP)]) }),
  response: answer({ userId: z.string(), credits: z.number() }),
});
export const adminBanUserCall = defineCall({
  name: 'admin-ban-user',
  method: 'POST',
  /** `banned: false` lifts a ban; absent means ban (spec 3 §7 sends only userId). */
  request: z.extend(userIdRequest, { banned: z._default(z.boolean(), true) }),
  response: answer({ userId: z.string(), banned: z.boolean() }),
});
export const adminDeleteUserCall = defineCall({ name: 'admin-delete-user', method: 'DELETE', request: userIdRequest, response: okAnswer });
export const adminMediaQuery = z.object({
  limit: z._default(z.coerce.number().check(z.int(), z.minimum(1), z.maximum(ADMIN_MEDIA_PAGE_SIZE)), ADMIN_MEDIA_PAGE_SIZE),
  offset: z._default(z.coerce.number().check(z.int(), z.minimum(0)), 0),
});
export const adminMediaCall = defineCall({
  name: 'admin-media',
  method: 'GET',
  request: adminMediaQuery,
  response: answer({ media: z.array(adminMediaRowSchema), limit: z.number(), offset: z.number() }),
});
export const adminDeleteMediaCall = defineCall({
  name: 'admin-media',
  method: 'DELETE',
  request: z.object({ id: uuidSchema('id'), type: z.optional(mediaKindSchema) }),
  response: okAnswer,
});
export const adminSettingsCall = defineCall({ name: 'admin-settings', method: 'GET', request: undefined, response: answer({ settings: adminSettingsSchema }) });
export const adminUpdateSettingsCall = defineCall({
  name: 'admin-settings',
  method: 'POST',
  request: z.partial(adminSettingsSchema),
  response: answer({ settings: adminSettingsSchema }),
});
export const adminAuditCall = defineCall({
  name: 'admin-audit',
  method: 'GET',
  request: z.object({ limit: z._default(z.coerce.number().check(z.int(), z.minimum(1), z.maximum(200)), 50) }),
  response: answer({ entries: z.array(auditEntrySchema) }),
});

/**
 * A line of a run's timeline (issue 44), written by the server from what the run recorded: what
 * happened, when and for how long. A line one `depth` deeper happened inside the one above it.
 */
export const runTimelineLineSchema = z.object({
  label: z.string(),
  /** The facts a person reads beside it: the provider's model and waits, the identity score… ('' when none). */
  detail: z.string(),
  /** When it began, from the submit. */
  atMs: z.number(),
  /** How long it took; null for a moment (submitted, settled). */
  ms: z.nullable(z.number()),
  depth: z.number(),
  tone: z.enum(['moment', 'wait', 'work', 'failed']),
});
export type RunTimelineLine = z.infer<typeof runTimelineLineSchema>;

export const adminRunTimelineCall = defineCall({
  name: 'admin-run-timeline',
  method: 'GET',
  request: z.object({ runId: runIdSchema }),
  response: answer({
    runId: z.string(),
    mode: z.string(),
    provider: z.nullable(z.string()),
    status: z.enum(['processing', 'done', 'failed']),
    error: z.nullable(z.string()),
    /** From the submit to the settlement; null while the run is in progress. */
    totalMs: z.nullable(z.number()),
    lines: z.array(runTimelineLineSchema),
    /** The run's trace, when tracing was on; its address when TRACE_URL_TEMPLATE is set. */
    traceId: z.nullable(z.string()),
    traceUrl: z.nullable(z.string()),
  }),
});
