/**
 * Personal API keys (issue 45 §1): a signed-in person makes keys for their own programs, lists and
 * revokes them. A key (`mv_…`) is shown once, when it is made; the server keeps only its SHA-256.
 * Sent as `Authorization: Bearer mv_…`, a key works on the calls of its scopes only, never on
 * account, key, admin or story-editor calls (docs/developers.md).
 */
import { z } from 'zod/mini';
import { safeText, uuidSchema } from '../schemas/input';
import { answer, defineCall } from './define-call';

export const API_KEY_SCOPES = ['generate', 'read'] as const;
export type ApiKeyScope = (typeof API_KEY_SCOPES)[number];

/** What each scope lets a program call, in the words the keys screen shows. */
export const API_KEY_SCOPE_LABELS: Readonly<Record<ApiKeyScope, string>> = {
  generate: 'Start generations and get their price (unified-generate, quote-generation)',
  read: 'Follow runs and read results, credits and your creations (getMediaByRunId, run-events, getQuota, get-credit-ledger, get-media-item, getUserMedia)',
};

/** Every key starts with it, so a bearer token is told from an access token (a JWT) at a glance. */
export const API_KEY_MARK = 'mv_';
/** A key as handed out: `mv_` and 32 random bytes in base64url (43 characters). */
export const API_KEY_PATTERN = /^mv_[A-Za-z0-9_-]{43}$/;
/** How many characters of a key the list shows (`mv_` and 8 more). */
export const API_KEY_PREFIX_LENGTH = API_KEY_MARK.length + 8;
export const API_KEY_NAME_MAX_LENGTH = 60;
/** Keys one account may hold at once (revoked ones do not count). */
export const MAX_LIVE_API_KEYS = 10;

/** A key as the list shows it: never the key itself. */
export const apiKeySchema = z.object({
  id: z.string(),
  name: z.string(),
  scopes: z.array(z.enum(API_KEY_SCOPES)),
  /** The key's first characters (`mv_` and 8 more), to tell keys apart. */
  prefix: z.string(),
  createdAt: z.string(),
  /** The last call made with it (to the minute); null before the first. */
  lastUsedAt: z.nullable(z.string()),
});
export type ApiKeyView = z.output<typeof apiKeySchema>;

export const createApiKeyRequest = z.object({
  name: safeText().check(
    z.trim(),
    z.minLength(1, { error: `give the key a name of 1 to ${API_KEY_NAME_MAX_LENGTH} characters` }),
    z.maxLength(API_KEY_NAME_MAX_LENGTH, { error: `at most ${API_KEY_NAME_MAX_LENGTH} characters` }),
  ),
  scopes: z
    .array(z.enum(API_KEY_SCOPES, { error: `each scope must be one of ${API_KEY_SCOPES.join(', ')}` }))
    .check(z.minLength(1, { error: `choose at least one of ${API_KEY_SCOPES.join(', ')}` }), z.maxLength(API_KEY_SCOPES.length * 2, { error: 'too many scopes' })),
});

/** The new key, in `key`, this once: it cannot be read again. 409 `TOO_MANY_API_KEYS` past the limit. */
export const createApiKeyCall = defineCall({
  name: 'create-api-key',
  method: 'POST',
  request: createApiKeyRequest,
  response: answer({ key: z.string(), apiKey: apiKeySchema }),
});

/** The person's live keys, newest first. */
export const getApiKeysCall = defineCall({
  name: 'get-api-keys',
  method: 'GET',
  request: undefined,
  response: answer({ keys: z.array(apiKeySchema), maxKeys: z.number() }),
});

/** Revokes one of the person's keys, effective on the next call; 404 for a key that is not theirs. */
export const revokeApiKeyCall = defineCall({
  name: 'revoke-api-key',
  method: 'POST',
  request: z.object({ id: uuidSchema('id') }),
  response: answer({ id: z.string(), revokedAt: z.string() }),
});
