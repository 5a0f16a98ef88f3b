import { randomBytes } from 'node:crypto';
import http from 'node:http';
import { ADMIN_CREDIT_STEP, JSON_TOO_DEEP, UNSAFE_TEXT, seededRandom } from '@app/shared';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CreditsRepository, UsersRepository } from '@app/shared/server/repositories';
import { signBflWebhook } from '../../api/src/webhooks/bfl-signature';
import type { Session } from '../support/auth';
import { suiteDialect } from '../support/database';
import { startTestApp, type TestContext } from '../support/test-app';
import { INVALID_CURSOR } from '../../api/src/services/feed-cursors';
import { listen } from '../../api/src/compose';
import { fixture, uploadFile } from '../support/uploads';
import { fakeWebDist } from '../support/web-dist';
import { type RouteKey, servedRoutes } from '../support/served-routes';

/**
 * Issues 9 and 25: bad input is a 400/404/409, never a 500. Every route the app serves (the list
 * is read from the app itself, so a new route without a fuzz entry fails the suite) gets a bounded,
 * seeded set of malformed inputs, with and without its credential (session, admin secret, editor
 * token, dashboard cookie, metrics token, webhook signature). Set FUZZ_SEED to replay another
 * sequence; a failure names its case number.
 */
const SEED = process.env.FUZZ_SEED ?? 'issue-9-bad-input';
const CASES_PER_ENDPOINT = 40;
const FEW_CASES = 10;
const DEEP = 5_000;

const dialect = suiteDialect();

/** What a database says when it refuses input; none of it may reach a client. */
const DATABASE_TEXT =
  /invalid input syntax|violates [a-z ]*constraint|relation "[^"]*"|syntax error at|unsupported Unicode escape|invalid byte sequence|null value in column|duplicate key value|out of range for type|Maximum call stack|current transaction is aborted/i;

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
/**
 * What a valid call carries: nothing (`none`; such calls still get a session now and then), the
 * fuzz account's session, the admin secret, the story editor's token, the queue dashboard's
 * cookie, the metrics token, or a webhook signature over the exact body sent.
 */
type Credential = 'none' | 'user' | 'admin' | 'editor' | 'dashboard' | 'metrics' | 'webhook';
interface Endpoint {
  method: Method;
  /**
   * A path under a function base (`/api` or `/.netlify/functions`), or a full path when `full`.
   * `{}` in it is a path (or query) segment the fuzz fills with malformed percent-encoded text.
   */
  path: string;
  full?: boolean;
  auth: Credential;
  /** The route of the app this exercises, when it is not the path itself (`/share/story/:file`). */
  route?: string;
  /** Never sent with the fuzz's token: a valid call would end the session the fuzz runs in. */
  endsSession?: boolean;
  /** An event stream: answered with its status as soon as the headers come, then dropped. */
  stream?: boolean;
  /** A multipart form (the direct upload) instead of JSON. */
  multipart?: boolean;
  /** How many random cases instead of the default (a third-party call needs fewer). */
  cases?: number;
  /** Well-formed inputs, which the fuzz mutates; `$media`, `$upload` are replaced by real ones. */
  examples: Array<Record<string, unknown>>;
}

const uuidA = '3f1c2a9e-6d4b-4f7a-9c1e-2b8d5e7f9a10';
const runIdA = 'run_fuzz_0123456789';
/** Stand-ins for an id of the account's own media and the URL of its own upload. */
const MEDIA = '$media';
const UPLOAD = '$upload';
const EMAIL = '$email';

const ADMIN_SECRET = 'fuzz-admin-secret-0123456789abcdef';
const EDITOR_TOKEN = 'fuzz-story-editor-token-0123456789';
const METRICS_TOKEN = 'fuzz-metrics-token-0123456789abcdef';
const BFL_WEBHOOK_SECRET = 'fuzz-bfl-webhook-secret-0123456789';
/** Stand-ins for the queue dashboard's cookie and a signature of the direct upload. */
const DASHBOARD_COOKIE = '$dashboard';
const SIGNATURE = '$signature';
const TIMESTAMP = '$timestamp';
const API_KEY = '$apiKey';
const CLOUD = '$cloud';

/** Every route of api/src/routes/*.ts; the test below checks the app serves no other. */
const ENDPOINTS: Endpoint[] = [
  // launch
  { method: 'GET', path: '/get-app-info', auth: 'none', examples: [{}] },
  { method: 'GET', path: '/get-launch-status', auth: 'none', examples: [{}] },
  // auth
  { method: 'POST', path: '/check-quota', auth: 'none', examples: [{ email: 'someone@example.com' }] },
  { method: 'POST', path: '/request-otp', auth: 'none', examples: [{ email: 'someone@example.com' }] },
  { method: 'POST', path: '/verify-otp', auth: 'none', examples: [{ email: 'someone@example.com', code: '123456', referrerEmail: 'friend@example.com' }] },
  { method: 'POST', path: '/refresh-token', auth: 'none', examples: [{ refreshToken: 'r'.repeat(43) }] },
  { method: 'POST', path: '/logout', auth: 'none', endsSession: true, examples: [{ refreshToken: 'r'.repeat(43) }] },
  // account
  { method: 'GET', path: '/get-user-profile', auth: 'user', examples: [{}] },
  {
    method: 'POST',
    path: '/update-profile',
    auth: 'user',
    examples: [{ name: 'Ada', username: 'ada_l', avatar: 'https://example.com/a.png', onboarding_completed: true }, { name: 'Ada' }, { avatar: 'https://example.com/a.png' }],
  },
  { method: 'GET', path: '/user-settings', auth: 'user', examples: [{}] },
  { method: 'POST', path: '/user-settings', auth: 'user', examples: [{ share_to_feed: true, media_upload_agreed: true }, { notification_digest: true }] },
  { method: 'POST', path: '/upload-agreement', auth: 'user', examples: [{}] },
  { method: 'GET', path: '/check-quota', auth: 'user', examples: [{}] },
  { method: 'GET', path: '/getQuota', auth: 'user', examples: [{}] },
  { method: 'POST', path: '/request-email-change-otp', auth: 'user', examples: [{ newEmail: 'new@example.com' }] },
  { method: 'POST', path: '/change-email', auth: 'user', examples: [{ newEmail: 'new@example.com', otp: '123456' }] },
  // The fuzz always names another account in x-user-email, so the account survives.
  { method: 'POST', path: '/delete-account', auth: 'user', examples: [{}] },
  // personal API keys (issue 45 §1)
  { method: 'POST', path: '/create-api-key', auth: 'user', examples: [{ name: 'My script', scopes: ['generate', 'read'] }, { name: 'Reader', scopes: ['read'] }] },
  { method: 'GET', path: '/get-api-keys', auth: 'user', examples: [{}] },
  { method: 'POST', path: '/revoke-api-key', auth: 'user', examples: [{ id: uuidA }] },
  // waitlist
  { method: 'POST', path: '/waitlist-signup', auth: 'none', examples: [{ email: 'someone@example.com', referrerEmail: 'friend@example.com', source: 'waitlist' }] },
  // uploads (the signature only)
  { method: 'POST', path: '/cloudinary-sign', auth: 'user', examples: [{ folder: 'sources', resource_type: 'image' }] },
  // generation
  {
    method: 'POST',
    path: '/unified-generate',
    auth: 'user',
    examples: [
      { mode: 'custom', prompt: 'a portrait at golden hour' },
      { mode: 'custom', prompt: 'a portrait', meta: { from: 'fuzz' }, ipaThreshold: 0.5, ipaRetries: 1, enableVideo: false, forVideo: false, userId: uuidA },
      { mode: 'edit', sourceAssetId: UPLOAD, editPrompt: 'brighter', editImages: [UPLOAD], sourceWidth: 800, sourceHeight: 600 },
      { mode: 'preset', presetKey: 'neon_noir', sourceAssetId: UPLOAD, additionalImages: [UPLOAD] },
      { mode: 'unrealreflection', sourceAssetId: UPLOAD, unrealReflectionPresetId: 'x', runId: runIdA },
      { mode: 'storytime', sourceAssetId: UPLOAD, storyTimePresetId: 'x', additionalImages: [UPLOAD, UPLOAD] },
      { variationOf: MEDIA, runId: runIdA },
      // A webhook to a private address: refused whatever else the body says (no delivery is ever queued).
      { mode: 'custom', prompt: 'a portrait', webhookUrl: 'https://10.0.0.1/hook' },
      { variationOf: MEDIA, webhookUrl: 'https://[::1]/hook' },
    ],
  },
  {
    method: 'POST',
    path: '/quote-generation',
    auth: 'user',
    examples: [
      { mode: 'custom', prompt: 'a portrait at golden hour' },
      { mode: 'custom', prompt: 'a portrait', enableVideo: true },
      { mode: 'storytime', sourceAssetId: UPLOAD, storyTimePresetId: 'x', additionalImages: [UPLOAD, UPLOAD] },
      { variationOf: MEDIA },
    ],
  },
  { method: 'GET', path: '/getMediaByRunId', auth: 'user', examples: [{ runId: runIdA }] },
  // runs: cancel, retry and the credit ledger
  { method: 'POST', path: '/cancel-run', auth: 'user', examples: [{ runId: runIdA }] },
  { method: 'POST', path: '/retry-run', auth: 'user', examples: [{ runId: runIdA }] },
  { method: 'GET', path: '/get-credit-ledger', auth: 'user', examples: [{ cursor: '12', limit: '20' }] },
  // runs' webhooks (issue 45 §2)
  { method: 'GET', path: '/get-webhook-secret', auth: 'user', examples: [{}] },
  { method: 'POST', path: '/rotate-webhook-secret', auth: 'user', examples: [{}] },
  {
    method: 'GET',
    path: '/get-webhook-deliveries',
    auth: 'user',
    examples: [{}, { cursor: 'MjAyNC0wMS0wMVQwMDowMDowMC4wMDBafDNmMWMyYTllLTZkNGItNGY3YS05YzFlLTJiOGQ1ZTdmOWExMA' }, { cursor: Buffer.from(`+275760-09-13T00:00:00.000Z|${uuidA}`).toString('base64url') }],
  },
  { method: 'GET', path: '/get-presets', auth: 'none', examples: [{}] },
  // the contract as an OpenAPI document
  { method: 'GET', path: '/openapi.json', auth: 'none', examples: [{}] },
  { method: 'POST', path: '/magic-wand', auth: 'user', examples: [{ prompt: 'a cat', enhanceNegativePrompt: true }] },
  // feed
  {
    method: 'GET',
    path: '/getPublicFeed',
    auth: 'none',
    examples: [
      { limit: '10', offset: '0', type: 'custom-prompt', creator: uuidA, userId: uuidA },
      { limit: '10', cursor: 'MjAyNC0wMS0wMVQwMDowMDowMC4wMDBafDNmMWMyYTllLTZkNGItNGY3YS05YzFlLTJiOGQ1ZTdmOWExMA' },
      { sort: 'top', period: 'week', q: 'neon rain', tag: 'night' },
      { feed: 'following', cursor: 'MjAyNC0wMS0wMVQwMDowMDowMC4wMDBafDNmMWMyYTllLTZkNGItNGY3YS05YzFlLTJiOGQ1ZTdmOWExMA' },
      { sort: 'trending', cursor: 'dHJlbmRpbmd8MjkwMC41fDNmMWMyYTllLTZkNGItNGY3YS05YzFlLTJiOGQ1ZTdmOWExMA' },
      // Crafted cursors (issue 41): 36 dashes as the id, a year +275760, 2^31 likes.
      { cursor: Buffer.from(`2026-01-01T00:00:00.000Z|${'-'.repeat(36)}`).toString('base64url') },
      { cursor: Buffer.from(`+275760-09-13T00:00:00.000Z|${uuidA}`).toString('base64url') },
      { sort: 'top', cursor: Buffer.from(`top|2147483648|2026-01-01T00:00:00.000Z|${uuidA}`).toString('base64url') },
    ],
  },
  { method: 'GET', path: '/getTrending', auth: 'none', examples: [{ limit: '5' }] },
  { method: 'GET', path: '/get-media-item', auth: 'none', examples: [{ id: uuidA }, { id: MEDIA }] },
  { method: 'GET', path: '/get-creator', auth: 'none', examples: [{ username: 'ada', limit: '10' }, { username: 'nobody.here', cursor: 'MjAyNC0wMS0wMVQwMDowMDowMC4wMDBafDNmMWMyYTllLTZkNGItNGY3YS05YzFlLTJiOGQ1ZTdmOWExMA' }] },
  // follows (issue 46 §1–2)
  { method: 'POST', path: '/follow-creator', auth: 'user', examples: [{ userId: uuidA }] },
  { method: 'POST', path: '/unfollow-creator', auth: 'user', examples: [{ userId: uuidA }] },
  { method: 'GET', path: '/get-following', auth: 'user', examples: [{}, { limit: '5', cursor: 'MjAyNC0wMS0wMVQwMDowMDowMC4wMDBafDNmMWMyYTllLTZkNGItNGY3YS05YzFlLTJiOGQ1ZTdmOWExMA' }] },
  { method: 'GET', path: '/get-followers', auth: 'none', examples: [{ userId: uuidA }, { userId: uuidA, limit: '2', cursor: 'MjAyNC0wMS0wMVQwMDowMDowMC4wMDBafDNmMWMyYTllLTZkNGItNGY3YS05YzFlLTJiOGQ1ZTdmOWExMA' }] },
  // collections (issue 46)
  { method: 'POST', path: '/create-collection', auth: 'user', examples: [{ name: 'Neon nights', public: true }, { name: 'Quiet' }] },
  { method: 'POST', path: '/update-collection', auth: 'user', examples: [{ collectionId: uuidA, name: 'Renamed' }, { collectionId: uuidA, public: false }] },
  { method: 'POST', path: '/delete-collection', auth: 'user', examples: [{ collectionId: uuidA }] },
  { method: 'POST', path: '/add-to-collection', auth: 'user', examples: [{ collectionId: uuidA, mediaId: MEDIA }] },
  { method: 'POST', path: '/remove-from-collection', auth: 'user', examples: [{ collectionId: uuidA, mediaId: MEDIA }] },
  { method: 'GET', path: '/get-collections', auth: 'user', examples: [{}, { mediaId: MEDIA }, { userId: uuidA }] },
  { method: 'GET', path: '/get-collection', auth: 'none', examples: [{ id: uuidA, limit: '10' }, { id: uuidA, cursor: 'MjAyNC0wMS0wMVQwMDowMDowMC4wMDBafDNmMWMyYTllLTZkNGItNGY3YS05YzFlLTJiOGQ1ZTdmOWExMA' }] },
  // notifications (issue 46 §3)
  { method: 'GET', path: '/get-notifications', auth: 'user', examples: [{}, { limit: '5', cursor: 'MjAyNi0wMS0wMVQwMDowMDowMC4wMDAwMDBafDNmMWMyYTllLTZkNGItNGY3YS05YzFlLTJiOGQ1ZTdmOWExMA' }] },
  { method: 'POST', path: '/mark-notifications-read', auth: 'user', examples: [{ upTo: uuidA }, { upTo: '2026-01-01T00:00:00.000Z' }, { runId: 'run_0123456789abcdef' }] },
  { method: 'POST', path: '/unsubscribe-digest', auth: 'none', examples: [{ token: `${uuidA}.not-a-signature` }] },
  { method: 'GET', path: '/unsubscribe-digest', auth: 'none', examples: [{ token: `${uuidA}.not-a-signature` }] },
  // media
  { method: 'GET', path: '/getUserMedia', auth: 'user', examples: [{ userId: uuidA, limit: '10', offset: '0', all: 'false', sort: 'created_at', order: 'asc' }] },
  { method: 'DELETE', path: '/delete-media', auth: 'user', examples: [{ mediaId: uuidA, userId: uuidA }, { mediaIds: [uuidA, MEDIA] }, { all: true }] },
  { method: 'POST', path: '/toggleLike', auth: 'user', examples: [{ mediaId: MEDIA, mediaType: 'custom' }] },
  { method: 'GET', path: '/getUserLikes', auth: 'user', examples: [{}] },
  { method: 'POST', path: '/report-media', auth: 'user', examples: [{ mediaId: MEDIA, reason: 'violence', note: 'A fight' }, { mediaId: uuidA, reason: 'other' }] },
  {
    method: 'GET',
    path: '/get-liked-media',
    auth: 'user',
    examples: [
      { limit: '10' },
      { cursor: 'MjAyNC0wMS0wMVQwMDowMDowMC4wMDBafDNmMWMyYTllLTZkNGItNGY3YS05YzFlLTJiOGQ1ZTdmOWExMA' },
      { cursor: Buffer.from(`0000-01-01T00:00:00.000Z|${'a'.repeat(36)}`).toString('base64url') },
    ],
  },
  // library
  { method: 'GET', path: '/getUserDrafts', auth: 'user', examples: [{}] },
  {
    method: 'POST',
    path: '/user-drafts',
    auth: 'user',
    examples: [{ media_url: 'https://example.com/a.png', prompt: 'draft', media_type: 'photo', aspect_ratio: '4/3', width: 800, height: 600, metadata: { a: 1 } }],
  },
  { method: 'PUT', path: '/user-drafts', auth: 'user', examples: [{ id: uuidA, prompt: 'draft', metadata: { b: 'c' } }] },
  { method: 'DELETE', path: '/user-drafts', auth: 'user', examples: [{ id: uuidA }] },
  { method: 'POST', path: '/share-media', auth: 'user', examples: [{ mediaId: MEDIA, isPublic: true }] },
  { method: 'POST', path: '/migrate-guest-media', auth: 'user', examples: [{ guestId: 'guest-abcdefgh12' }] },
  { method: 'GET', path: '/get-referral-stats', auth: 'user', examples: [{}] },
  {
    method: 'POST',
    path: '/send-referral-invite',
    auth: 'user',
    examples: [{ referrerEmail: EMAIL, referrerName: 'Ada', friendEmail: 'friend@example.com', referralCode: 'abc' }],
  },
  // admin (H3 owns admin-verify's own checks; it is fuzzed here all the same)
  { method: 'POST', path: '/admin-verify', auth: 'none', examples: [{ adminSecret: 'not-the-admin-secret-0123' }, { adminSecret: 123 }] },
  { method: 'GET', path: '/admin-config', auth: 'admin', examples: [{}] },
  { method: 'GET', path: '/admin-users', auth: 'admin', examples: [{ search: 'ada', limit: '20', offset: '0' }] },
  { method: 'POST', path: '/admin-adjust-credits', auth: 'admin', examples: [{ userId: uuidA, adjustment: ADMIN_CREDIT_STEP }] },
  { method: 'POST', path: '/admin-ban-user', auth: 'admin', examples: [{ userId: uuidA, banned: true }] },
  { method: 'DELETE', path: '/admin-delete-user', auth: 'admin', examples: [{ userId: uuidA }] },
  { method: 'GET', path: '/admin-media', auth: 'admin', examples: [{ limit: '10', offset: '0' }] },
  { method: 'DELETE', path: '/admin-media', auth: 'admin', examples: [{ id: uuidA, type: 'image' }] },
  { method: 'GET', path: '/admin-settings', auth: 'admin', examples: [{}] },
  { method: 'POST', path: '/admin-settings', auth: 'admin', examples: [{ isLaunched: true, betaAccountCap: null }] },
  { method: 'GET', path: '/admin-audit', auth: 'admin', examples: [{ limit: '20' }] },
  { method: 'GET', path: '/admin-run-timeline', auth: 'admin', examples: [{ runId: 'run_0000000000000001' }] },
  { method: 'GET', path: '/admin-get-reports', auth: 'admin', examples: [{ limit: '20' }] },
  { method: 'POST', path: '/admin-resolve-report', auth: 'admin', examples: [{ mediaId: uuidA, action: 'keep', banOwner: false }] },
  // stories and tag pages
  { method: 'GET', path: '/story-api', auth: 'none', examples: [{}, { slug: 'the-lantern-keeper' }] },
  { method: 'GET', path: '/story-api', auth: 'editor', examples: [{ all: '1' }] },
  {
    method: 'POST',
    path: '/story-api',
    auth: 'editor',
    examples: [{ title: 'A Fuzzed Tale', teaser_text: 'Teaser.', full_story_content: 'Once upon a time.', story_category: 'the-eternal', status: 'published', featured: false, hero_image_url: '' }],
  },
  { method: 'PUT', path: `/story-api?id=${uuidA}`, route: '/story-api', auth: 'editor', examples: [{ title: 'Edited', teaser_text: 't', full_story_content: 'c', status: 'draft' }] },
  { method: 'PUT', path: '/story-api?id={}', route: '/story-api', auth: 'editor', examples: [{ title: 'Edited', teaser_text: 't', full_story_content: 'c' }] },
  { method: 'DELETE', path: '/story-api?id={}', route: '/story-api', auth: 'editor', examples: [{}] },
  // the story editor's hero image (multipart: a small file part, or none)
  { method: 'POST', path: '/story-hero-image', auth: 'editor', multipart: true, examples: [{}] },
  { method: 'GET', path: '/getTagPage', auth: 'none', examples: [{ tag: 'neon' }] },
  // run events (an event stream)
  { method: 'POST', path: '/run-events/ticket', auth: 'user', examples: [{}] },
  { method: 'GET', path: '/run-events', auth: 'user', stream: true, examples: [{ lastEventId: '0-0' }, { ticket: 't'.repeat(43) }] },
  // signed provider webhooks, and unknown providers
  { method: 'POST', path: '/webhooks/bfl', full: true, route: '/webhooks/:provider', auth: 'webhook', examples: [{ id: 'bfl-request-1', status: 'Ready', result: { sample: 'https://example.com/a.png' } }] },
  { method: 'POST', path: '/webhooks/{}', full: true, route: '/webhooks/:provider', auth: 'none', examples: [{ request_id: 'r1', status: 'OK' }] },
  // crawlers: robots, sitemap, the stories' share images; the pages with injected meta
  { method: 'GET', path: '/robots.txt', full: true, auth: 'none', examples: [{}] },
  { method: 'GET', path: '/sitemap.xml', full: true, auth: 'none', examples: [{}] },
  { method: 'GET', path: '/share/story/{}.jpg', full: true, route: '/share/story/:file', auth: 'none', examples: [{}] },
  { method: 'GET', path: '/share/story/{}', full: true, route: '/share/story/:file', auth: 'none', examples: [{}] },
  { method: 'GET', path: '/share/m/{}.jpg', full: true, route: '/share/m/:file', auth: 'none', examples: [{}] },
  { method: 'GET', path: '/m/{}', full: true, route: '/{*path}', auth: 'none', examples: [{}] },
  { method: 'GET', path: '/story/{}', full: true, route: '/{*path}', auth: 'none', examples: [{}] },
  { method: 'GET', path: '/tag/{}', full: true, route: '/{*path}', auth: 'none', examples: [{}] },
  { method: 'GET', path: '/profile', full: true, route: '/{*path}', auth: 'none', examples: [{}] },
  { method: 'GET', path: '/assets/{}', full: true, route: '/{*path}', auth: 'none', examples: [{}] },
  // operators: metrics and the queue dashboard (bull-board's own calls are read with a session, written without)
  { method: 'GET', path: '/metrics', full: true, auth: 'metrics', examples: [{}] },
  { method: 'POST', path: '/admin/queues/session', full: true, auth: 'admin', examples: [{}] },
  { method: 'GET', path: '/admin/queues', full: true, auth: 'dashboard', examples: [{}] },
  { method: 'GET', path: '/admin/queues/{}', full: true, route: '/admin/queues/*', auth: 'dashboard', cases: 15, examples: [{}] },
  { method: 'GET', path: '/admin/queues/api/queues', full: true, route: '/admin/queues/*', auth: 'dashboard', cases: 15, examples: [{ activeQueue: 'generation', status: 'completed', page: '1', jobsPerPage: '10' }] },
  { method: 'GET', path: '/admin/queues/api/queues/generation/{}', full: true, route: '/admin/queues/*', auth: 'dashboard', cases: 15, examples: [{}] },
  { method: 'PUT', path: '/admin/queues/api/queues/{}/pause', full: true, route: '/admin/queues/*', auth: 'none', cases: 15, examples: [{}] },
  // the direct upload (multipart)
  {
    method: 'POST',
    path: `/v1_1/${CLOUD}/{}/upload`,
    full: true,
    route: '/v1_1/:cloudName/:resourceType/upload',
    auth: 'none',
    multipart: true,
    examples: [{ api_key: API_KEY, timestamp: TIMESTAMP, signature: SIGNATURE, folder: 'sources', resource_type: 'image' }],
  },
  // development outbox, health, stored media and unknown calls
  { method: 'GET', path: '/api/dev/outbox', full: true, auth: 'none', examples: [{ email: 'someone@example.com' }] },
  { method: 'GET', path: '/healthz', full: true, auth: 'none', examples: [{}] },
  { method: 'GET', path: '/readyz', full: true, auth: 'none', examples: [{}] },
  { method: 'GET', path: '/media/media/u1/x.webp', full: true, route: '/media/{*key}', auth: 'none', examples: [{}] },
  { method: 'GET', path: '/media/{}', full: true, route: '/media/{*key}', auth: 'none', examples: [{}] },
  { method: 'POST', path: '/no-such-call', auth: 'none', examples: [{ a: 1 }] },
];

/** Path (and query) segments as sent on the wire: percent-encoded garbage, NUL, broken UTF-8, huge. */
const BAD_SEGMENTS: readonly string[] = [
  '%00',
  '%00.jpg',
  'a%00b',
  '%',
  '%zz',
  '%E0%A4%A',
  '%ED%A0%80',
  '%C0%AF',
  '%FF%FE',
  '..%2F..%2Fetc%2Fpasswd',
  '%2e%2e',
  '%0A%0D',
  '%3Cscript%3E',
  '__proto__',
  '-1',
  '99999999999999999999',
  uuidA,
  'x'.repeat(3_000),
  '%F0%9F%A6%84'.repeat(200),
  'image',
  'the-lantern-keeper',
];

type Rng = () => number;
const pickFrom = <T>(rng: Rng, values: readonly T[]): T => values[Math.floor(rng() * values.length)]!;

/** Placeholders swapped in the JSON text for what JSON.stringify cannot write. */
const DEEP_MARK = Symbol('deep');
const DEEP_TOKEN = '"\u2063deep\u2063"';
const PROTO_KEY = '\u2063proto\u2063';
const PROTO_TOKEN = `"${PROTO_KEY}"`;
const deepArray = `${'['.repeat(DEEP)}1${']'.repeat(DEEP)}`;
const deepObject = `${'{"a":'.repeat(DEEP)}1${'}'.repeat(DEEP)}`;

const BAD_STRINGS: readonly string[] = [
  '',
  ' ',
  '\u0000',
  'a\u0000b',
  '\u0000'.repeat(40),
  '\u0001\u0002\u001b[31m\u007f',
  '\ud800',
  'x\udfffy',
  '\r\n\t',
  'not-a-uuid',
  'x',
  '00000000-0000-0000-0000-000000000000',
  '3f1c2a9e-6d4b-4f7a-9c1e-2b8d5e7f9a1Z',
  `${uuidA}\u0000`,
  "' OR 1=1 --",
  '"; DROP TABLE media; --',
  '../../../etc/passwd',
  '%00',
  '%',
  '<script>alert(1)</script>',
  '__proto__',
  'constructor',
  'NaN',
  '-1',
  '1e309',
  '99999999999999999999999',
  'true',
  'null',
  '[]',
  '{}',
  '🦄'.repeat(2_000),
  'ا'.repeat(500),
  'x'.repeat(5_000),
  'y'.repeat(200_000),
  'guest-\u0000aaaaaaaa',
  'someone@exa\u0000mple.com',
  'https://example.com/\u0000.png',
  'https://example.com/\ud800.png',
  'javascript:alert(1)',
  'run_\u0000_0123456789',
];

const BAD_NUMBERS: readonly number[] = [0, -1, 1.5, -0.0001, 1e308, -1e308, 2 ** 53 + 1, 2 ** 31, 100_001];

/** The values every field of every call gets once: the ones that used to reach the database. */
const SYSTEMATIC: readonly unknown[] = [
  '\u0000',
  'a\u0000b',
  '\ud800',
  '\u0001\u001f',
  'not-a-uuid',
  `${uuidA}\u0000`,
  'x'.repeat(5_000),
  -1,
  1e308,
  null,
  [],
  { a: '\u0000' },
  DEEP_MARK,
];

/** A malformed JSON value: wrong types, bad text, odd containers, deep nesting. */
function badValue(rng: Rng): unknown {
  const roll = rng();
  if (roll < 0.45) return pickFrom(rng, BAD_STRINGS);
  if (roll < 0.6) return pickFrom(rng, BAD_NUMBERS);
  if (roll < 0.66) return pickFrom(rng, [true, false, null]);
  if (roll < 0.74) return pickFrom(rng, [[], {}, [[]], [pickFrom(rng, BAD_STRINGS)], { a: pickFrom(rng, BAD_STRINGS) }]);
  if (roll < 0.8) return Array.from({ length: pickFrom(rng, [2, 600, 20_000]) }, () => pickFrom(rng, ['x', 1, null, uuidA]));
  if (roll < 0.86) return { [PROTO_KEY]: { polluted: true }, constructor: { prototype: { polluted: true } } };
  if (roll < 0.93) return DEEP_MARK;
  return { nested: { [pickFrom(rng, ['\u0000', '', 'a'.repeat(300), '\ud800'])]: pickFrom(rng, BAD_STRINGS) } };
}

/** JSON text of a value, with the deep and __proto__ placeholders written out. */
function toJsonText(value: unknown, rng: Rng): string {
  const text = JSON.stringify(value, (_key, v: unknown) => (v === DEEP_MARK ? JSON.parse(DEEP_TOKEN) : v)) ?? 'null';
  return text.split(DEEP_TOKEN).join(rng() < 0.5 ? deepArray : deepObject).split(PROTO_TOKEN).join('"__proto__"');
}

/** A value as query text. */
function toQueryText(value: unknown, rng: Rng): string {
  if (typeof value === 'string') return value;
  return value === DEEP_MARK ? (rng() < 0.5 ? deepArray : deepObject) : toJsonText(value, rng);
}

const RAW_BODIES: readonly string[] = [
  '{"oops"',
  '{',
  '[',
  '{"a":}',
  "{'single':'quotes'}",
  '{"a":1,}',
  '"just a string"',
  '42',
  'null',
  'true',
  '[]',
  '[1,2,3]',
  '\u0000',
  '{"a":"\\u0000"}',
  '{"a":"\\ud800"}',
  '{"a":1e999999}',
  '{"a":-1e999999}',
  '{"__proto__":{"isAdmin":true}}',
  '{"constructor":{"prototype":{"isAdmin":true}}}',
  deepArray,
  deepObject,
  `{"a":${deepArray}}`,
  '\ufeff{"a":1}',
  '{"a":"b"}garbage',
];

interface FuzzCase {
  n: number;
  endpoint: Endpoint;
  method: Method;
  url: string;
  /** The endpoint's credential (a session for `none` calls), none, or a wrong one of its kind. */
  auth: 'valid' | 'none' | 'garbage';
  headers: Record<string, string>;
  /** The body text; undefined = no body. */
  body?: string;
  contentType?: string;
}

/** Wrong bearer tokens: not JWTs, forged ones, and API keys (`mv_…`) no account holds. */
const GARBAGE_TOKENS = ['a.b.c', 'x', 'eyJhbGciOiJub25lIn0.eyJzdWIiOiIxIn0.', `${'a'.repeat(5_000)}.b.c`, 'Bearer', `mv_${'k'.repeat(43)}`, 'mv_a.b.c'];

/** Percent-encodes text; a lone surrogate becomes the bytes of its (invalid) UTF-8 form. */
function encodeQueryText(text: string): string {
  return text
    .split(/([\uD800-\uDFFF])/u)
    .map((part) => (/^[\uD800-\uDFFF]$/u.test(part) ? '%ED%A0%80' : encodeURIComponent(part)))
    .join('');
}

const queryString = (pairs: Array<[string, string]>) => pairs.map(([k, v]) => `${encodeQueryText(k)}=${encodeQueryText(v)}`).join('&');

/** The query string of a GET: one or every parameter wrong, repeated, missing or raw garbage. */
function fuzzQuery(rng: Rng, example: Record<string, unknown>): string {
  const keys = Object.keys(example);
  const params: Array<[string, string]> = Object.entries(example).map(([k, v]) => [k, String(v)]);
  const text = () => toQueryText(badValue(rng), rng);
  const roll = rng();
  if (roll < 0.35 && keys.length > 0) {
    const key = pickFrom(rng, keys);
    return queryString(params.map(([k, v]) => [k, k === key ? text() : v]));
  }
  if (roll < 0.5) return queryString(params.map(([k]) => [k, text()]));
  if (roll < 0.6 && keys.length > 0) {
    const key = pickFrom(rng, keys);
    return queryString([...params, [key, text()], [key, text()]]);
  }
  if (roll < 0.7 && keys.length > 0) {
    const key = pickFrom(rng, keys);
    return queryString(params.filter(([k]) => k !== key));
  }
  if (roll < 0.8) return queryString([...params, [pickFrom(rng, ['__proto__', 'constructor', 'a[b]', 'x'.repeat(2_000), '\u0000']), text()]]);
  const first = keys[0] ?? 'q';
  return pickFrom(rng, ['%', '%zz', '%E0%A4%A', '%00', '%00=%00', '&&&', '=', 'a=1&a=2&a=3', `${first}[__proto__][x]=1`, `${first}=%C0%AF`, `${first}=%ED%A0%80`]);
}

/** The body of a POST, PUT or DELETE: a mutation of the example, or malformed text. */
function fuzzBody(rng: Rng, example: Record<string, unknown>): { body?: string; contentType?: string } {
  const keys = Object.keys(example);
  const roll = rng();
  if (roll < 0.3 && keys.length > 0) {
    const key = pickFrom(rng, keys);
    return { body: toJsonText({ ...example, [key]: badValue(rng) }, rng) };
  }
  if (roll < 0.42) return { body: toJsonText(Object.fromEntries(keys.map((k) => [k, badValue(rng)])), rng) };
  if (roll < 0.5 && keys.length > 0) {
    const key = pickFrom(rng, keys);
    return { body: toJsonText(Object.fromEntries(Object.entries(example).filter(([k]) => k !== key)), rng) };
  }
  if (roll < 0.56) return { body: toJsonText({ ...example, [pickFrom(rng, ['extra', PROTO_KEY, 'constructor', '\u0000'])]: badValue(rng) }, rng) };
  if (roll < 0.64) return { body: toJsonText(pickFrom(rng, [[example], [], 'text', 12, null, [[[]]]]), rng) };
  if (roll < 0.84) return { body: pickFrom(rng, RAW_BODIES) };
  if (roll < 0.88) return {};
  if (roll < 0.94) {
    return {
      body: pickFrom(rng, ['email=a%00b', 'a=1', '{"a":1}', '\u0000\u0001']),
      contentType: pickFrom(rng, ['text/plain', 'application/x-www-form-urlencoded', 'application/json; charset=utf-16', 'application/xml', 'application/json; charset=klingon']),
    };
  }
  if (roll < 0.95) return { body: `{"a":"${'z'.repeat(1_100_000)}"}` };
  return { body: toJsonText({ ...example, [pickFrom(rng, keys.length > 0 ? keys : ['a'])]: DEEP_MARK }, rng) };
}

const BOUNDARY = 'fuzz-boundary-7MA4YWxkTrZu0gW';

/** A multipart form of text fields (the direct upload's), with a small file part unless `noFile`. */
function multipartBody(fields: Record<string, string>, rng: Rng): { body: string; contentType: string } {
  const parts = Object.entries(fields).map(([name, value]) => `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`);
  const roll = rng();
  if (roll < 0.6) parts.push(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="${pickFrom(rng, ['a.png', '\u0000.png', '../x.png', ''])}"\r\nContent-Type: image/png\r\n\r\nnot really a png\r\n`);
  else if (roll < 0.7) parts.push(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"\r\n\r\n${pickFrom(rng, ['data:image/png;base64,AAAA', 'data:;base64,%%%', 'https://example.com/a.png', '\u0000'])}\r\n`);
  const ending = pickFrom(rng, [`--${BOUNDARY}--\r\n`, `--${BOUNDARY}--\r\n`, '', `--${BOUNDARY}\r\n`]);
  const contentType = pickFrom(rng, [`multipart/form-data; boundary=${BOUNDARY}`, `multipart/form-data; boundary=${BOUNDARY}`, 'multipart/form-data', 'multipart/form-data; boundary=other']);
  return { body: parts.join('') + ending, contentType };
}

/** The fields of a multipart form: the example with one or every field wrong, or missing. */
function fuzzFields(rng: Rng, example: Record<string, unknown>): Record<string, string> {
  const fields = Object.fromEntries(Object.entries(example).map(([k, v]) => [k, String(v)]));
  const keys = Object.keys(fields);
  const text = () => toQueryText(badValue(rng), rng).slice(0, 50_000);
  const roll = rng();
  if (roll < 0.5) return { ...fields, [pickFrom(rng, keys)]: text() };
  if (roll < 0.7) return Object.fromEntries(keys.map((k) => [k, text()]));
  if (roll < 0.85) return Object.fromEntries(Object.entries(fields).filter(([k]) => k !== pickFrom(rng, keys)));
  return { ...fields, [pickFrom(rng, ['\u0000', 'extra', 'x'.repeat(200)])]: text() };
}

/**
 * The cases, in a fixed order for a seed: first every field of every example with each
 * SYSTEMATIC value and every path segment with each BAD_SEGMENT (with the credential), then
 * CASES_PER_ENDPOINT random ones per call.
 */
function buildCases(seed: string): FuzzCase[] {
  const rng = seededRandom(seed);
  const cases: FuzzCase[] = [];
  const start = (endpoint: Endpoint, auth: FuzzCase['auth'], method = endpoint.method, segment = pickFrom(rng, BAD_SEGMENTS)): FuzzCase => {
    const base = endpoint.full ? '' : pickFrom(rng, ['/api', '/.netlify/functions']);
    // Each request from its own address, so the sign-in rate limits do not answer for the validation.
    const headers: Record<string, string> = { 'X-Forwarded-For': `198.18.${Math.floor(rng() * 256)}.${Math.floor(rng() * 256)}` };
    // Never the account's own address: the fuzz must not delete the account it runs as.
    if (endpoint.path === '/delete-account') headers['X-User-Email'] = pickFrom(rng, ['', 'x', 'other@example.com', 'Ä'.repeat(50), '%00']);
    return { n: cases.length, endpoint, method, url: `${base}${endpoint.path.replace('{}', segment)}`, auth, headers };
  };
  const withQuery = (c: FuzzCase, query: string) => {
    if (query) c.url += `${c.url.includes('?') ? '&' : '?'}${query}`;
  };
  const setBody = (c: FuzzCase, endpoint: Endpoint, fields: Record<string, unknown>) => {
    if (endpoint.multipart) Object.assign(c, multipartBody(Object.fromEntries(Object.entries(fields).map(([k, v]) => [k, toQueryText(v, rng)])), rng));
    else c.body = toJsonText(fields, rng);
  };
  const validAuth = (endpoint: Endpoint): FuzzCase['auth'] => (endpoint.auth === 'none' || endpoint.endsSession ? 'none' : 'valid');

  for (const endpoint of ENDPOINTS) {
    if (endpoint.path.includes('{}')) {
      for (const segment of BAD_SEGMENTS) {
        const c = start(endpoint, validAuth(endpoint), endpoint.method, segment);
        const example = endpoint.examples[0]!;
        if (c.method === 'GET' || c.method === 'DELETE') withQuery(c, queryString(Object.entries(example).map(([k, v]) => [k, String(v)])));
        else setBody(c, endpoint, example);
        cases.push(c);
      }
    }
    for (const example of endpoint.examples) {
      for (const key of Object.keys(example)) {
        for (const value of SYSTEMATIC) {
          const c = start(endpoint, validAuth(endpoint), endpoint.method, 'x');
          if (c.method === 'GET') {
            withQuery(c, queryString(Object.entries(example).map(([k, v]) => [k, k === key ? toQueryText(value, rng) : String(v)])));
          } else {
            setBody(c, endpoint, { ...example, [key]: value });
          }
          cases.push(c);
        }
      }
    }
  }

  for (const endpoint of ENDPOINTS) {
    // A call that reads nothing but its credential needs fewer tries than one with fields.
    const reads = endpoint.path.includes('{}') || endpoint.examples.some((example) => Object.keys(example).length > 0);
    for (let i = 0; i < (endpoint.cases ?? (reads ? CASES_PER_ENDPOINT : FEW_CASES)); i++) {
      const authRoll = rng();
      const auth: FuzzCase['auth'] =
        authRoll < (endpoint.endsSession ? 0 : endpoint.auth !== 'none' ? 0.75 : 0.4) ? 'valid' : authRoll < 0.9 ? 'none' : 'garbage';
      const method = rng() < 0.05 ? pickFrom(rng, ['GET', 'POST', 'PUT', 'DELETE'] as const) : endpoint.method;
      const c = start(endpoint, auth, method, rng() < 0.7 ? pickFrom(rng, BAD_SEGMENTS) : 'x');
      const example = pickFrom(rng, endpoint.examples);
      if (method === 'GET') {
        withQuery(c, fuzzQuery(rng, example));
      } else if (endpoint.multipart && method === endpoint.method) {
        Object.assign(c, multipartBody(fuzzFields(rng, example), rng));
      } else {
        Object.assign(c, fuzzBody(rng, example));
      }
      cases.push(c);
    }
  }
  return cases;
}

/** Signs in over HTTP as the browser does, reading the code from the outbox table (no mail worker runs). */
async function signInWithoutWorkers(ctx: TestContext, email: string): Promise<Session> {
  const requested = await request(ctx.app).post('/api/request-otp').send({ email });
  if (requested.status !== 200) throw new Error(`request-otp ${requested.status}: ${JSON.stringify(requested.body)}`);
  const mail = await ctx.infra.db
    .selectFrom('mail_outbox')
    .select('text_body')
    .where('to_address', '=', email)
    .orderBy('created_at', 'desc')
    .executeTakeFirstOrThrow();
  const code = mail.text_body?.match(/\b\d{6}\b/)?.[0];
  const verified = await request(ctx.app).post('/api/verify-otp').send({ email, code });
  if (verified.status !== 200) throw new Error(`verify-otp ${verified.status}: ${JSON.stringify(verified.body)}`);
  return verified.body as Session;
}

/** A built web app of one page, so the pages with injected meta (stories, tags) are served. */
const webDist = fakeWebDist();

/** The route an endpoint of the fuzz exercises. */
function routeOf(endpoint: Endpoint): RouteKey {
  const route = endpoint.route ?? endpoint.path.split('?')[0]!;
  if (route === '/admin/queues/*') return '* /admin/queues/*';
  return `${endpoint.method} ${endpoint.full ? route : `/api${route}`}`;
}

describe(`malformed input against every call (${dialect})`, () => {
  let ctx: TestContext;
  let served: Awaited<ReturnType<typeof listen>>;
  let baseUrl: string;
  let session: Session;
  let standIns: Record<string, string> = {};
  const fill = (text: string) => Object.entries(standIns).reduce((out, [token, value]) => out.split(token).join(value), text);

  beforeAll(async () => {
    // No workers: a malformed request that happens to be valid queues work nobody needs to do.
    // The fuzz is the loopback proxy: each case's X-Forwarded-For is its own client address.
    // Every credential is configured, so what is behind each is fuzzed too; BFL's address is a
    // closed port, so the diagnosis' probe of it fails at once.
    ctx = await startTestApp(
      dialect,
      {
        TRUST_PROXY: 'loopback',
        WEB_DIST_DIR: webDist,
        ADMIN_SECRET,
        STORY_EDITOR_TOKEN: EDITOR_TOKEN,
        METRICS_TOKEN,
        BFL_API_KEY: 'fuzz-bfl-key',
        BFL_API_URL: 'http://127.0.0.1:9',
        BFL_WEBHOOK_SECRET,
      },
      { workers: false },
    );
    session = await signInWithoutWorkers(ctx, `fuzz-${randomBytes(4).toString('hex')}@example.com`);
    // Credits enough that no generation the fuzz gets right stops at the balance.
    await new CreditsRepository(ctx.infra.db).apply({ userId: session.user.id, delta: 1_000_000, reason: 'admin_adjustment' });
    // A real upload of the account (for generation sources) and a public item of someone else's.
    const upload = await uploadFile(ctx.app, session, fixture('astronaut.png'), 'me.png');
    const owner = await new UsersRepository(ctx.infra.db).create({ email: `owner-${randomBytes(4).toString('hex')}@example.com`, referral_code: randomBytes(6).toString('base64url') });
    const media = await ctx.infra.db
      .insertInto('media')
      .values({ user_id: owner.id, type: 'image', preset_type: 'custom', is_public: true, final_url: 'https://example.com/m.png', tags: ['neon'] })
      .returning('id')
      .executeTakeFirstOrThrow();
    // A published story (its page and share image), the dashboard's cookie and a signed upload form.
    const story = await request(ctx.app)
      .post('/api/story-api')
      .set({ Authorization: `Bearer ${EDITOR_TOKEN}` })
      .send({ title: 'The Lantern Keeper', teaser_text: 'A light.', full_story_content: 'Once.', status: 'published' });
    if (story.status !== 200) throw new Error(`story-api ${story.status}: ${JSON.stringify(story.body)}`);
    const dashboard = await request(ctx.app).post('/admin/queues/session').set({ 'X-Admin-Secret': ADMIN_SECRET });
    const signed = await request(ctx.app).post('/api/cloudinary-sign').set(signedIn()).send({ folder: 'sources' });
    standIns = {
      [MEDIA]: media.id,
      [UPLOAD]: upload.secure_url,
      [EMAIL]: session.user.email,
      [DASHBOARD_COOKIE]: (dashboard.headers['set-cookie']?.[0] ?? '').split(';')[0]!,
      [SIGNATURE]: signed.body.signature,
      [TIMESTAMP]: String(signed.body.timestamp),
      [API_KEY]: signed.body.apiKey,
      [CLOUD]: signed.body.cloudName,
    };
    served = await listen(ctx.app, 0, '127.0.0.1');
    baseUrl = `http://127.0.0.1:${served.port}`;
  }, 120_000);
  afterAll(async () => {
    await served?.close();
    served?.server.closeAllConnections();
    await ctx?.close();
  });

  const signedIn = () => ({ Authorization: `Bearer ${session.accessToken}` });

  /** The headers of the endpoint's credential (valid or a wrong one of its kind) for a body. */
  function credential(c: FuzzCase, body: string | undefined): Record<string, string> {
    const valid = c.auth === 'valid';
    switch (c.endpoint.auth) {
      case 'admin':
        return { 'X-Admin-Secret': valid ? ADMIN_SECRET : 'not-the-admin-secret-0123456789' };
      case 'editor':
        return { Authorization: `Bearer ${valid ? EDITOR_TOKEN : 'not-the-editor-token-0123456789'}` };
      case 'metrics':
        return { Authorization: `Bearer ${valid ? METRICS_TOKEN : 'not-the-metrics-token-0123456789'}` };
      case 'dashboard':
        return { Cookie: valid ? standIns[DASHBOARD_COOKIE]! : `admin_queues=${Math.floor(Date.now() / 1000) + 60}.forged` };
      case 'webhook':
        return { 'X-BFL-Signature': valid ? signBflWebhook(body ?? '', BFL_WEBHOOK_SECRET) : `sha256=${'0'.repeat(64)}` };
      default:
        return valid ? signedIn() : { Authorization: `Bearer ${GARBAGE_TOKENS[c.n % GARBAGE_TOKENS.length]}` };
    }
  }

  /** An event stream's status as soon as its headers come; the stream is then dropped. */
  function sendToStream(c: FuzzCase, headers: Record<string, string>): Promise<{ status: number; body: string }> {
    return new Promise((resolve, reject) => {
      const req = http.request(`${baseUrl}${c.url}`, { method: c.method, headers }, (res) => {
        if (res.headers['content-type']?.startsWith('text/event-stream')) {
          resolve({ status: res.statusCode ?? 0, body: '' });
          res.destroy();
          return;
        }
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') }));
      });
      req.on('error', reject);
      req.end(c.body === undefined ? undefined : fill(c.body));
    });
  }

  async function send(c: FuzzCase): Promise<{ status: number; body: string }> {
    const body = c.body === undefined ? undefined : fill(c.body);
    const url = fill(c.url);
    const headers = { ...c.headers, ...(c.auth === 'none' ? {} : credential(c, body)), ...(body === undefined ? {} : { 'Content-Type': c.contentType ?? 'application/json' }) };
    if (c.endpoint.stream && c.method === 'GET') return sendToStream({ ...c, url, body }, headers);
    let req = request(baseUrl)[c.method.toLowerCase() as 'get' | 'post' | 'put' | 'delete'](url).set(headers);
    if (body !== undefined) req = req.send(body);
    // The body as text, whatever its type, so database text is found anywhere in it.
    const res = await req.buffer(true).parse((res, done) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => done(null, Buffer.concat(chunks).toString('utf8')));
    });
    return { status: res.status, body: typeof res.body === 'string' ? res.body : '' };
  }

  it('fuzzes every route the app serves, and no route that is gone', () => {
    const served = servedRoutes(ctx.app);
    const fuzzed = new Set(ENDPOINTS.map(routeOf));
    expect([...served].filter((route) => !fuzzed.has(route)).sort(), 'routes the app serves that the fuzz has no endpoint for').toEqual([]);
    expect([...fuzzed].filter((route) => !served.has(route) && route !== 'POST /api/no-such-call').sort(), 'fuzz endpoints of no route').toEqual([]);
  });

  it('names what is wrong with a malformed id, text or JSON in a 400', async () => {
    const api = request(baseUrl);
    const deep = await api.post('/api/user-drafts').set(signedIn()).set('Content-Type', 'application/json').send(`{"media_url":"https://example.com/a.png","metadata":${deepObject}}`);
    expect(deep.status).toBe(400);
    expect(deep.body).toMatchObject({ success: false, error: JSON_TOO_DEEP });
    // Nesting a person could mean is kept.
    const nested = `${'{"a":'.repeat(40)}1${'}'.repeat(40)}`;
    const kept = await api.post('/api/user-drafts').set(signedIn()).set('Content-Type', 'application/json').send(`{"media_url":"https://example.com/a.png","metadata":${nested}}`);
    expect(kept.status).toBe(200);

    const bulk = await api.delete('/api/delete-media').set(signedIn()).send({ mediaIds: ['x'] });
    expect(bulk.status).toBe(400);
    expect(bulk.body.error).toBe('mediaIds.0: Invalid mediaIds');
    const like = await api.post('/api/toggleLike').set(signedIn()).send({ mediaId: 'x' });
    expect(like.status).toBe(400);
    expect(like.body.error).toBe('mediaId: Invalid mediaId');
    const one = await api.delete('/api/delete-media').set(signedIn()).send({ mediaId: '../etc' });
    expect(one.body).toMatchObject({ success: false, error: 'mediaId: Invalid mediaId' });

    const name = await api.post('/api/update-profile').set(signedIn()).send({ name: 'Ada\u0000' });
    expect(name.status).toBe(400);
    expect(name.body.error).toBe(`name: ${UNSAFE_TEXT}`);
    const prompt = await api.post('/api/unified-generate').set(signedIn()).send({ mode: 'custom', prompt: 'a cat\u0000' });
    expect(prompt.status).toBe(400);
    expect(prompt.body.error).toBe(`prompt: ${UNSAFE_TEXT}`);
    const draft = await api.post('/api/user-drafts').set(signedIn()).send({ media_url: 'https://example.com/a.png', metadata: { note: 'x\u0000' } });
    expect(draft.body).toMatchObject({ success: false, error: `metadata.note: ${UNSAFE_TEXT}` });
    const controls = await api.post('/api/user-drafts').set(signedIn()).send({ media_url: 'https://example.com/a.png', metadata: { note: 'x\u0007' } });
    expect(controls.body).toMatchObject({ success: false, error: `metadata: ${UNSAFE_TEXT}` });
    // A prompt keeps its line breaks.
    const multiline = await api.post('/api/user-drafts').set(signedIn()).send({ media_url: 'https://example.com/a.png', prompt: 'line one\nline two' });
    expect(multiline.body.draft.prompt).toBe('line one\nline two');

    const run = await api.get('/api/getMediaByRunId').set(signedIn()).query({ runId: 'not a run' });
    expect(run.status).toBe(400);
    expect(run.body.error).toBe('runId: Invalid runId');
    const nul = await api.get('/api/getMediaByRunId').set(signedIn()).query({ runId: '\u0000' });
    expect(nul.body).toMatchObject({ success: false, error: `runId: ${UNSAFE_TEXT}` });
    // A well-formed id of no run is still the 404 of the spec.
    expect((await api.get('/api/getMediaByRunId').set(signedIn()).query({ runId: 'run_unknown_0001' })).status).toBe(404);
    const feed = await api.get('/api/getPublicFeed').query({ type: '\u0000' });
    expect(feed.status).toBe(400);
    expect(feed.body.error).toBe(`type: ${UNSAFE_TEXT}`);
  });

  it('answers the requests that were 500s (issue 25) with a 400, 404 or 409 saying what is wrong', async () => {
    const api = request(baseUrl);
    const editor = { Authorization: `Bearer ${EDITOR_TOKEN}` };
    const admin = { 'X-Admin-Secret': ADMIN_SECRET };

    const shareImage = await api.get('/share/story/%00.jpg');
    expect(shareImage.status).toBe(400);
    expect(shareImage.body.error).toBe(`address: ${UNSAFE_TEXT}`);
    const storyPage = await api.get('/story/%00').set('Accept', 'text/html');
    expect(storyPage.status).toBe(400);
    expect((await api.get('/story/%E0%A4%A').set('Accept', 'text/html')).status).toBe(400);
    const storyField = await api.post('/api/story-api').set(editor).send({ title: 'Night\u0000Shift', teaser_text: 't', full_story_content: 'c' });
    expect(storyField.status).toBe(400);
    expect(storyField.body.error).toBe(`title: ${UNSAFE_TEXT}`);
    const search = await api.get('/api/admin-users?search=%00').set(admin);
    expect(search.status).toBe(400);
    expect(search.body.error).toBe(`search: ${UNSAFE_TEXT}`);

    // Stories of one title created at the same moment each get a slug of their own.
    const same = { title: 'Twin Lights', teaser_text: 't', full_story_content: 'c', status: 'published' };
    const created = await Promise.all(Array.from({ length: 6 }, () => api.post('/api/story-api').set(editor).send(same)));
    expect(created.map((res) => res.status)).toEqual(Array(6).fill(200));
    expect(new Set(created.map((res) => res.body.story.slug as string)).size).toBe(6);

    const lastEventId = await api.get('/api/run-events?lastEventId=0-99999999999999999999').set(signedIn());
    expect(lastEventId.status).toBe(400);
    expect(lastEventId.body.error).toMatch(/^lastEventId: Invalid lastEventId/);

    const deep = `{"id":"bfl-request-1",${'"a":{'.repeat(DEEP)}"b":1${'}'.repeat(DEEP)}}`;
    const webhook = await api.post('/webhooks/bfl').set({ 'Content-Type': 'application/json', 'X-BFL-Signature': signBflWebhook(deep, BFL_WEBHOOK_SECRET) }).send(deep);
    expect(webhook.status).toBe(400);
    expect(webhook.body).toEqual({ received: false, error: `The webhook body is ${JSON_TOO_DEEP}` });
    const nulWebhook = '{"id":"bfl-request-1","status":"Ready","result":{"sample":"a\\u0000b"}}';
    const signedNul = await api.post('/webhooks/bfl').set({ 'Content-Type': 'application/json', 'X-BFL-Signature': signBflWebhook(nulWebhook, BFL_WEBHOOK_SECRET) }).send(nulWebhook);
    expect(signedNul.status).toBe(400);
    expect(signedNul.body.error).toBe(`The webhook body, result.sample: ${UNSAFE_TEXT}`);

    for (const adminSecret of [123, null, {}, []]) {
      const verify = await api.post('/api/admin-verify').set('X-Forwarded-For', '198.19.0.1').send({ adminSecret });
      expect(verify.status, JSON.stringify(adminSecret)).toBeLessThan(500);
      expect(verify.status, JSON.stringify(adminSecret)).toBeGreaterThanOrEqual(400);
    }

    const board = await api.get('/admin/queues/api/queues?activeQueue=generation&jobsPerPage=1e%2B308').set('Cookie', standIns[DASHBOARD_COOKIE]!);
    expect(board.status).toBe(400);
    expect(board.body.error).toBe('jobsPerPage: must be a whole number of at most 15 digits');
  });

  it('answers crafted keyset cursors of every list with a 400 naming the cursor, signed in or not (issue 41)', async () => {
    const api = request(baseUrl);
    const cursor = (text: string) => Buffer.from(text).toString('base64url');
    const uuid = '3f1c2a9e-6d4b-4f7a-9c1e-2b8d5e7f9a10';
    const ids = ['-'.repeat(36), 'a'.repeat(36), '3f1c2a9e6d4b4f7a9c1e2b8d5e7f9a10', `${uuid}x`];
    const times = ['+275760-09-13T00:00:00.000Z', '0000-01-01T00:00:00.000Z', '2026-02-30T00:00:00.000Z', '2026-01-01', 'Thu, 01 Jan 2026 00:00:00 GMT'];
    const day = '2026-01-01T00:00:00.000Z';
    const crafted = {
      new: [...ids.map((id) => cursor(`${day}|${id}`)), ...times.map((time) => cursor(`${time}|${uuid}`))],
      top: [cursor(`top|2147483648|${day}|${uuid}`), cursor(`top|9999999999|${day}|${uuid}`), cursor(`top|1|${times[0]}|${uuid}`), cursor(`top|1|${day}|${ids[0]}`)],
      trending: [cursor(`trending|1e999|${uuid}`), cursor(`trending|0x10|${uuid}`), cursor(`trending|1|${ids[1]}`), cursor(`trending||${times[1]}|${uuid}`), cursor(`trending||${day}|${ids[0]}`)],
    };
    const lists: Array<[string, Record<string, string>, string[]]> = [
      ['/api/getPublicFeed', {}, crafted.new],
      ['/api/getPublicFeed', { q: 'neon rain' }, crafted.new],
      ['/api/getPublicFeed', { tag: 'neon' }, crafted.new.slice(0, 3)],
      ['/api/getPublicFeed', { sort: 'top', period: 'week' }, crafted.top],
      ['/api/getPublicFeed', { sort: 'trending' }, crafted.trending],
      ['/api/get-liked-media', {}, crafted.new],
    ];
    const answers: string[] = [];
    for (const [path, query, cursors] of lists) {
      for (const c of cursors) {
        const res = await api.get(path).query({ ...query, cursor: c }).set(path.includes('liked') ? signedIn() : {});
        answers.push(`${res.status} ${path} ${JSON.stringify(query)} ${Buffer.from(c, 'base64url').toString('utf8')} ${res.body.error}`);
        expect(res.status, answers.at(-1)).toBe(400);
        expect(res.body.error, answers.at(-1)).toBe(INVALID_CURSOR);
      }
    }
    expect(answers.length).toBeGreaterThan(24);
    // The edges of what the columns hold are cursors still: the page after them.
    for (const [query, c] of [
      [{}, cursor(`0001-01-01T00:00:00.000Z|${uuid}`)],
      [{}, cursor(`9999-12-31T23:59:59.999Z|${uuid}`)],
      [{ sort: 'top' }, cursor(`top|2147483647|${day}|${uuid}`)],
      [{ sort: 'trending' }, cursor(`trending|-1.5e-7|${uuid}`)],
    ] as const) {
      const res = await api.get('/api/getPublicFeed').query({ ...query, cursor: c });
      expect(res.status, Buffer.from(c, 'base64url').toString('utf8')).toBe(200);
    }
    // A creator's page pages the same cursor: one of a real creator.
    const creator = await ctx.infra.db.updateTable('users').set({ username: `cursor_${randomBytes(3).toString('hex')}` }).where('id', '=', session.user.id).returning('username').executeTakeFirstOrThrow();
    const page = await api.get('/api/get-creator').query({ username: creator.username!, cursor: crafted.new[0] });
    expect(page.status).toBe(400);
    expect(page.body.error).toBe(INVALID_CURSOR);
  });

  it('answers every malformed request below 500, without database text, and stays ready', async () => {
    const cases = buildCases(SEED);
    const failures: string[] = [];
    let serverErrors = 0;
    const statuses = new Map<number, number>();
    const describeCase = (c: FuzzCase) => `#${c.n} ${c.method} ${c.url.slice(0, 160)} auth=${c.auth} body=${JSON.stringify((c.body ?? '').slice(0, 160))}`;

    // A few at a time: enough to be quick, few enough for a two-core machine.
    const CONCURRENCY = 4;
    let next = 0;
    await Promise.all(
      Array.from({ length: CONCURRENCY }, async () => {
        while (next < cases.length) {
          const c = cases[next++]!;
          const res = await send(c);
          statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
          const text = typeof res.body === 'string' ? res.body : '';
          if (res.status >= 500) {
            serverErrors += 1;
            failures.push(`${res.status} ${describeCase(c)} -> ${text.slice(0, 200)}`);
          } else if (DATABASE_TEXT.test(text)) {
            failures.push(`database text in ${res.status} ${describeCase(c)} -> ${text.slice(0, 300)}`);
          }
        }
      }),
    );

    console.log(
      `fuzz (seed ${SEED}, ${dialect}): ${cases.length} requests over ${ENDPOINTS.length} calls, ${serverErrors} answered 5xx; statuses ${JSON.stringify(Object.fromEntries([...statuses].sort(([a], [b]) => a - b)))}`,
    );
    expect(failures.slice(0, 40)).toEqual([]);
    expect(serverErrors).toBe(0);

    const ready = await request(baseUrl).get('/readyz');
    expect(ready.status).toBe(200);
    // The account the fuzz ran as still works.
    expect((await request(baseUrl).get('/api/get-user-profile').set(signedIn())).status).toBe(200);
  }, 180_000);
});
