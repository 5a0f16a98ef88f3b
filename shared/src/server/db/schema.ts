import type { ColumnType, Generated, Insertable, JSONColumnType, Selectable, Updateable } from 'kysely';

/** Table types for Kysely, one interface per table of migrations/. */
type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type NullableTimestamp = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
type Json<T extends object> = JSONColumnType<T, string, string>;

export interface UsersTable {
  id: Generated<string>;
  email: string;
  name: string | null;
  username: string | null;
  avatar_url: string | null;
  tier: Generated<string>;
  credits: Generated<number>;
  share_to_feed: Generated<boolean>;
  media_upload_agreed: Generated<boolean>;
  media_upload_agreed_at: NullableTimestamp;
  onboarding_completed: Generated<boolean>;
  banned: Generated<boolean>;
  banned_at: NullableTimestamp;
  referrer_id: string | null;
  referral_code: string;
  signup_ip: string | null;
  last_active_at: NullableTimestamp;
  /** The daily notifications e-mail (migration 0025): off until the person turns it on. */
  notification_digest: Generated<boolean>;
  /** What the last digest covered up to. */
  notification_digest_at: NullableTimestamp;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export type SignInCodePurpose = 'sign_in' | 'email_change';

export interface SignInCodesTable {
  id: Generated<string>;
  purpose: SignInCodePurpose;
  email: string;
  /** The client (IP) the code was mailed for; only it may use the code. '' when none was named. */
  client: Generated<string>;
  user_id: string | null;
  code_hash: string;
  attempts: Generated<number>;
  expires_at: Timestamp;
  consumed_at: NullableTimestamp;
  created_at: Timestamp;
}

export interface RefreshTokensTable {
  id: Generated<string>;
  user_id: string;
  family_id: string;
  token_hash: string;
  expires_at: Timestamp;
  used_at: NullableTimestamp;
  revoked_at: NullableTimestamp;
  user_agent: string | null;
  ip: string | null;
  created_at: Timestamp;
}

export type CreditReason =
  | 'signup'
  | 'invited_bonus'
  | 'referral_reward'
  | 'generation'
  | 'refund'
  | 'daily_topup'
  | 'admin_adjustment';

export interface CreditLedgerTable {
  id: Generated<number>;
  user_id: string;
  delta: number;
  balance_after: number;
  reason: CreditReason;
  run_id: string | null;
  idempotency_key: string | null;
  created_at: Timestamp;
}

export interface ReferralsTable {
  id: Generated<string>;
  referrer_id: string;
  friend_email: string;
  referred_user_id: string | null;
  invited_at: NullableTimestamp;
  signed_up_at: NullableTimestamp;
  rewarded_at: NullableTimestamp;
  created_at: Timestamp;
}

export interface WaitlistTable {
  id: Generated<string>;
  email: string;
  referrer_email: string | null;
  source: Generated<string>;
  created_at: Timestamp;
}

export interface UploadsTable {
  id: Generated<string>;
  public_id: string;
  user_id: string | null;
  folder: string;
  resource_type: 'image' | 'video';
  format: string;
  content_type: string;
  bytes: number;
  width: number;
  height: number;
  duration_seconds: number | null;
  storage_key: string;
  /** The screening's verdict on the photo (issue 42): null until screened. */
  screening: ColumnType<Screening | null, string | null | undefined, string | null>;
  created_at: Timestamp;
}

export type RunStatus = 'processing' | 'done' | 'failed';

export interface GenerationRunsTable {
  run_id: string;
  user_id: string;
  mode: string;
  request: Json<Record<string, unknown>>;
  status: Generated<RunStatus>;
  attempts: Generated<number>;
  error: string | null;
  credits_reserved: Generated<number>;
  credits_refunded: Generated<number>;
  /** The provider that served the run (set when a worker takes it). */
  provider: string | null;
  /** Queued until it ends; then how it ended. */
  stage: Generated<RunStage>;
  created_at: Timestamp;
  updated_at: Timestamp;
  finished_at: NullableTimestamp;
  /** When a worker started the run (its run.started). */
  started_at: NullableTimestamp;
  /** Each identity attempt's score and the threshold, written when the identity loop finishes. */
  identity_scores: ColumnType<IdentityScores | null, string | null | undefined, string | null>;
  /** The fair priority its job was given (`reserveRun`, `reserveRetry`); null for runs before migration 0009. */
  priority: number | null;
  /** Each worker pass over the run, step by step (issue 44): the admin's run timeline. Null before a pass ends. */
  timeline: ColumnType<RunPass[] | null, never, string>;
  /** Where the run's end is POSTed, signed (issue 45 §2); null: nowhere. */
  webhook_url: ColumnType<string | null, string | null | undefined, never>;
}

/** What a step of a run says of itself: the identity score, the provider's queue wait… */
export type StepFacts = Record<string, string | number | boolean>;

/** One step of a worker's pass over a run: a span of its trace, as the worker timed it. */
export interface RunStep {
  name: string;
  /** From the pass's start. */
  offsetMs: number;
  ms: number;
  /** 0 for the pass itself; a step inside another is one deeper. */
  depth: number;
  facts: StepFacts;
  /** Set when the step failed: why. */
  error?: string;
}

/** One worker pass: BullMQ runs a job again after a transient failure, and each pass is kept. */
export interface RunPass {
  /** The run's trace (issue 44); null when tracing was off. */
  traceId: string | null;
  startedAt: string;
  steps: RunStep[];
}

/** The likeness score of each attempt (null: the attempt had no score) and the threshold. */
export interface IdentityScores {
  threshold: number;
  scores: (number | null)[];
}

/**
 * How a run ended (`queued` until then; `status` stays processing/done/failed). While it works, a
 * person follows its live events (run.started, run.attempt, run.video), which are not stored.
 */
export type RunStage = 'queued' | 'succeeded' | 'failed' | 'moderated' | 'canceled' | 'expired';

/** A request submitted to a remote provider for one slot of a run. */
export interface ProviderRequestsTable {
  run_id: string;
  slot: string;
  provider: string;
  request_id: string;
  ref: Json<Record<string, unknown>>;
  webhook: ColumnType<unknown, string | null | undefined, string | null>;
  created_at: Generated<Date>;
  webhook_at: NullableTimestamp;
}

export type MediaStatus = 'processing' | 'completed' | 'failed';

/** A smaller copy of a media item's still, stored beside it (`w320.webp`); its address is made when answered. */
export interface StoredVariant {
  key: string;
  width: number;
  format: 'webp' | 'avif';
}

export interface MediaTable {
  id: Generated<string>;
  user_id: string | null;
  guest_id: string | null;
  run_id: string | null;
  type: 'image' | 'video';
  preset_type: string;
  preset_key: string | null;
  prompt: string | null;
  source_url: string | null;
  status: Generated<MediaStatus>;
  final_url: string | null;
  thumbnail_url: string | null;
  storage_key: string | null;
  thumbnail_key: string | null;
  width: number | null;
  height: number | null;
  is_public: Generated<boolean>;
  metadata: ColumnType<Record<string, unknown>, string | undefined, string>;
  /** Null until made: the backfill (make-media-variants) looks for these. Empty when none can be. */
  variants: ColumnType<StoredVariant[] | null, string | null | undefined, string | null>;
  tags: ColumnType<string[], string[] | undefined, string[]>;
  likes_count: Generated<number>;
  trending_score: number | null;
  cloudinary_public_id: string | null;
  output_index: number | null;
  /** The item this one is a variation of (the same look and photo, another seed). */
  variation_of: ColumnType<string | null, string | null | undefined, string | null>;
  /** What holds the item back from the public (migration 0019); 'clear' when nothing does. */
  moderation: Generated<ModerationState>;
  /** Why it is held or hidden (a report's reason, the screening's class), shown to its owner. */
  moderation_reason: string | null;
  screening: ColumnType<Screening | null, string | null | undefined, string | null>;
  expires_at: NullableTimestamp;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/**
 * clear: nothing holds it · review: screened between "review" and "block", public once kept ·
 * held: screened above "block", stored private until reviewed · hidden: hidden by an admin.
 */
export type ModerationState = 'clear' | 'review' | 'held' | 'hidden';

export type ReportReason = 'sexual' | 'violence' | 'minor' | 'harassment' | 'copyright' | 'other';

/** A classifier's scores per class (0..1), and a provider's own moderation flag when it raised one. */
export interface Screening {
  classifier: string;
  scores: Record<string, number>;
  providerFlagged?: boolean;
  verdict: 'public' | 'review' | 'block';
  screenedAt: string;
}

export interface MediaReportsTable {
  id: Generated<string>;
  media_id: string;
  reporter_id: string;
  reason: ReportReason;
  note: string | null;
  created_at: Timestamp;
  resolved_at: NullableTimestamp;
  resolution: 'keep' | 'hide' | 'delete' | null;
}

export interface LikesTable {
  user_id: string;
  media_id: string;
  created_at: Timestamp;
}

/** One person following another (migration 0024); counts are read, never stored. */
export interface FollowsTable {
  follower_id: string;
  followee_id: string;
  created_at: Timestamp;
}

export interface DraftsTable {
  id: Generated<string>;
  user_id: string;
  media_url: string;
  prompt: Generated<string>;
  media_type: Generated<'photo' | 'video'>;
  aspect_ratio: Generated<string>;
  width: Generated<number>;
  height: Generated<number>;
  metadata: ColumnType<Record<string, unknown>, string | undefined, string>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export type StoryStatus = 'draft' | 'published' | 'archived';

export interface StoriesTable {
  id: Generated<string>;
  slug: string;
  title: string;
  teaser_text: string;
  hero_image_url: string | null;
  full_story_content: string;
  story_category: Generated<string>;
  status: Generated<StoryStatus>;
  featured: Generated<boolean>;
  word_count: Generated<number>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface WeeklyPresetsTable {
  key: string;
  label: string;
  prompt: string;
  negative_prompt: string | null;
  rotation_slot: Generated<number>;
  sort_order: Generated<number>;
  active: Generated<boolean>;
  created_at: Timestamp;
}

export interface AppSettingsTable {
  key: string;
  value: ColumnType<unknown, string, string>;
  updated_at: Timestamp;
}

export interface MailOutboxTable {
  id: Generated<string>;
  to_address: string;
  subject: string;
  text_body: string | null;
  html_body: string | null;
  /** Extra headers (migration 0025: the digest's List-Unsubscribe); null for most messages. */
  headers: ColumnType<Record<string, string> | null, string | null | undefined, string | null>;
  status: Generated<'queued' | 'sent' | 'failed'>;
  transport: string | null;
  attempts: Generated<number>;
  error: string | null;
  sent_at: NullableTimestamp;
  created_at: Timestamp;
}

export interface AdminAuditTable {
  id: Generated<number>;
  action: string;
  target: string | null;
  details: ColumnType<Record<string, unknown>, string | undefined, string>;
  ip: string | null;
  created_at: Timestamp;
}

/** What an API key may call (issue 45 §1); the contract is `shared/src/api/api-keys.ts`. */
export type ApiKeyScope = 'generate' | 'read';

/** Personal API keys: only the key's SHA-256 (hex) is stored, never the key. */
export interface ApiKeysTable {
  id: Generated<string>;
  user_id: string;
  name: string;
  scopes: ColumnType<ApiKeyScope[], ApiKeyScope[], ApiKeyScope[]>;
  /** The key's first characters (`mv_` and 8 more), shown to tell keys apart. */
  prefix: string;
  key_hash: string;
  created_at: Timestamp;
  last_used_at: NullableTimestamp;
  revoked_at: NullableTimestamp;
}

/** A person's Standard Webhooks signing secret (`whsec_…`): made on first ask, replaced by a rotation (issue 45 §2). */
export interface WebhookSecretsTable {
  user_id: string;
  secret: string;
  created_at: Timestamp;
}

/** How a run ended, as its webhook tells it. */
export type WebhookEvent = 'run.done' | 'run.failed' | 'run.canceled';

/** One run end told to its owner's endpoint; each attempt updates it. Its id is the `webhook-id` header. */
export interface WebhookDeliveriesTable {
  id: string;
  user_id: string;
  run_id: string;
  url: string;
  event: WebhookEvent;
  attempts: Generated<number>;
  last_status: number | null;
  last_error: string | null;
  delivered_at: NullableTimestamp;
  /** When the next attempt is due; null once delivered or given up. */
  next_attempt_at: NullableTimestamp;
  created_at: Timestamp;
}

export type NotificationKind = 'run_done' | 'run_failed' | 'like' | 'follow' | 'media_hidden' | 'referral';

/** What happened to a person's runs, creations and account (migration 0025). */
export interface NotificationsTable {
  id: Generated<string>;
  user_id: string;
  kind: NotificationKind;
  actor_id: string | null;
  media_id: string | null;
  run_id: string | null;
  /** A like row covers the creation's likes since this time (one row per creation while unread). */
  since: Generated<Date>;
  created_at: Generated<Date>;
  read_at: NullableTimestamp;
}

/** A person's named set of creations (issue 46); public ones have a page, /c/<id>. */
export interface CollectionsTable {
  id: Generated<string>;
  user_id: string;
  name: string;
  is_public: Generated<boolean>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** One creation in a collection; who may see it is decided when the collection is read. */
export interface CollectionItemsTable {
  collection_id: string;
  media_id: string;
  added_at: Timestamp;
}

export interface Database {
  users: UsersTable;
  api_keys: ApiKeysTable;
  admin_audit: AdminAuditTable;
  sign_in_codes: SignInCodesTable;
  refresh_tokens: RefreshTokensTable;
  credit_ledger: CreditLedgerTable;
  referrals: ReferralsTable;
  waitlist: WaitlistTable;
  uploads: UploadsTable;
  generation_runs: GenerationRunsTable;
  provider_requests: ProviderRequestsTable;
  media: MediaTable;
  likes: LikesTable;
  follows: FollowsTable;
  media_reports: MediaReportsTable;
  drafts: DraftsTable;
  stories: StoriesTable;
  weekly_presets: WeeklyPresetsTable;
  app_settings: AppSettingsTable;
  mail_outbox: MailOutboxTable;
  webhook_secrets: WebhookSecretsTable;
  webhook_deliveries: WebhookDeliveriesTable;
  notifications: NotificationsTable;
  collections: CollectionsTable;
  collection_items: CollectionItemsTable;
}

export type User = Selectable<UsersTable>;
export type NewUser = Insertable<UsersTable>;
export type UserUpdate = Updateable<UsersTable>;
export type Media = Selectable<MediaTable>;
export type NewMedia = Insertable<MediaTable>;
export type GenerationRun = Selectable<GenerationRunsTable>;
export type ProviderRequest = Selectable<ProviderRequestsTable>;
export type Story = Selectable<StoriesTable>;
export type Draft = Selectable<DraftsTable>;
export type Upload = Selectable<UploadsTable>;
export type MailMessage = Selectable<MailOutboxTable>;
export type RefreshToken = Selectable<RefreshTokensTable>;
export type SignInCode = Selectable<SignInCodesTable>;
export type WebhookDelivery = Selectable<WebhookDeliveriesTable>;
export type ApiKey = Selectable<ApiKeysTable>;
