import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import {
  API_KEY_MARK,
  API_KEY_PATTERN,
  API_KEY_PREFIX_LENGTH,
  API_KEY_SCOPES,
  type ApiKeyScope,
  type ApiKeyView,
  MAX_LIVE_API_KEYS,
} from '@app/shared/api/api-keys';
import type { ApiKey, User } from '@app/shared/server/db';
import { ConflictError, NotAllowedError, NotAuthenticatedError } from '@app/shared/server/domain-errors';
import type { Logger } from '@app/shared/server/logger';
import { accountInGoodStanding } from './account-standing';
import type { RateQuota } from './rate-quota';
import type { RepositoryPorts } from './repository-ports';
import { noSuch } from './service-errors';

export const API_KEY_NOT_ACCEPTED = 'API keys are not accepted on this call: it needs a signed-in session.';
export const API_KEY_INVALID = 'This API key is not valid: it is unknown or was revoked.';
export const apiKeyLacksScope = (scope: ApiKeyScope) => `This API key lacks the '${scope}' scope this call needs.`;
export const tooManyApiKeys = (max: number) => `You already have ${max} API keys, the most an account may hold: revoke one before making another.`;

/** How often a key's `last_used_at` is written at most. */
const LAST_USED_RESOLUTION_MS = 60_000;

/** The SHA-256 of a whole key, hex: what is stored and looked up, never the key. */
export function hashApiKey(key: string): string {
  return createHash('sha256').update(key, 'utf8').digest('hex');
}

/** A call made with a key: the key's id and its owner's account (in good standing). */
export interface AdmittedKey {
  keyId: string;
  owner: User;
}

/**
 * Personal API keys (issue 45 §1): made, listed and revoked by their signed-in owner; `admit`
 * checks a presented key on every call it is sent with (no cache, so a revocation, a ban or a
 * deletion acts on the next call), its scope, and the key's own rate limit.
 */
export class ApiKeysService {
  constructor(
    private readonly repos: RepositoryPorts<{ apiKeys: 'create' | 'listLive' | 'revoke' | 'findLiveByHash' | 'touch' }>,
    private readonly quota: RateQuota<'apiKeyCalls'>,
    private readonly logger: Logger,
    private readonly maxLiveKeys: number = MAX_LIVE_API_KEYS,
  ) {}

  /** A new key for `user`: answered this once (only its hash is kept). */
  async create(user: User, input: { name: string; scopes: ApiKeyScope[] }) {
    const key = `${API_KEY_MARK}${randomBytes(32).toString('base64url')}`;
    const scopes = API_KEY_SCOPES.filter((scope) => input.scopes.includes(scope));
    const stored = await this.repos.apiKeys.create(
      { userId: user.id, name: input.name, scopes, prefix: key.slice(0, API_KEY_PREFIX_LENGTH), keyHash: hashApiKey(key) },
      this.maxLiveKeys,
    );
    if (!stored) throw new ConflictError(tooManyApiKeys(this.maxLiveKeys), 'TOO_MANY_API_KEYS');
    return { success: true as const, key, apiKey: toView(stored) };
  }

  async list(user: User) {
    return { success: true as const, keys: (await this.repos.apiKeys.listLive(user.id)).map(toView), maxKeys: this.maxLiveKeys };
  }

  async revoke(user: User, id: string) {
    const revoked = await this.repos.apiKeys.revoke(user.id, id);
    if (!revoked?.revoked_at) throw noSuch('API key');
    return { success: true as const, id: revoked.id, revokedAt: revoked.revoked_at.toISOString() };
  }

  /**
   * The owner of `presented` when it is a live key holding `scope`: 401 for anything that is no
   * live key, 403 for a banned owner or a missing scope, 429 past the key's rate limit.
   */
  async admit(presented: string, scope: ApiKeyScope): Promise<AdmittedKey> {
    if (!API_KEY_PATTERN.test(presented)) throw new NotAuthenticatedError(API_KEY_INVALID, 'INVALID_API_KEY');
    const hash = hashApiKey(presented);
    const found = await this.repos.apiKeys.findLiveByHash(hash);
    // Found by the index of its hash; the stored hash is compared again in constant time.
    if (!found || !sameHash(found.key.key_hash, hash)) throw new NotAuthenticatedError(API_KEY_INVALID, 'INVALID_API_KEY');
    const owner = accountInGoodStanding(found.owner);
    if (!found.key.scopes.includes(scope)) throw new NotAllowedError(apiKeyLacksScope(scope), 'API_KEY_SCOPE');
    await this.quota.consume('apiKeyCalls', found.key.id);
    this.recordUse(found.key);
    return { keyId: found.key.id, owner };
  }

  /** Writes `last_used_at` at most once a minute, without holding up the call. */
  private recordUse(key: Pick<ApiKey, 'id' | 'last_used_at'>): void {
    if (key.last_used_at && Date.now() - key.last_used_at.getTime() < LAST_USED_RESOLUTION_MS) return;
    this.repos.apiKeys.touch(key.id).catch((error: unknown) => this.logger.warn({ err: error, keyId: key.id }, 'could not record an API key’s use'));
  }
}

function sameHash(stored: string, computed: string): boolean {
  const a = Buffer.from(stored, 'hex');
  const b = Buffer.from(computed, 'hex');
  return a.length === b.length && timingSafeEqual(a, b);
}

function toView(key: ApiKey): ApiKeyView {
  return {
    id: key.id,
    name: key.name,
    scopes: key.scopes,
    prefix: key.prefix,
    createdAt: key.created_at.toISOString(),
    lastUsedAt: key.last_used_at?.toISOString() ?? null,
  };
}
