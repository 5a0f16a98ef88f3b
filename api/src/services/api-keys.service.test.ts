import { createHash } from 'node:crypto';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import type { ApiKey } from '@app/shared/server/db';
import { ConflictError, NotAllowedError, NotAuthenticatedError, TooManyRequestsError } from '@app/shared/server/domain-errors';
import { aUser } from '../../testing/rows';
import { API_KEY_INVALID, ApiKeysService, apiKeyLacksScope, hashApiKey } from './api-keys.service';

const ADA = aUser();

/** In-memory keys (the repository's rules: live keys, per owner, up to a limit) and a quota of `points` per key. */
function service(options: { points?: number; owner?: typeof ADA } = {}) {
  const rows: ApiKey[] = [];
  const touched: string[] = [];
  const spent = new Map<string, number>();
  const owner = options.owner ?? ADA;
  const keys = new ApiKeysService(
    {
      apiKeys: {
        create: async (key, maxLive) => {
          if (rows.filter((r) => r.user_id === key.userId && !r.revoked_at).length >= maxLive) return undefined;
          const row: ApiKey = {
            id: `key-${rows.length + 1}`,
            user_id: key.userId,
            name: key.name,
            scopes: key.scopes,
            prefix: key.prefix,
            key_hash: key.keyHash,
            created_at: new Date(),
            last_used_at: null,
            revoked_at: null,
          };
          rows.push(row);
          return row;
        },
        listLive: async (userId) => rows.filter((r) => r.user_id === userId && !r.revoked_at),
        revoke: async (userId, id) => {
          const row = rows.find((r) => r.id === id && r.user_id === userId);
          if (!row) return undefined;
          row.revoked_at ??= new Date();
          return row;
        },
        findLiveByHash: async (hash) => {
          const row = rows.find((r) => r.key_hash === hash && !r.revoked_at);
          return row && { key: row, owner };
        },
        touch: async (id) => {
          touched.push(id);
          const row = rows.find((r) => r.id === id)!;
          row.last_used_at = new Date();
        },
      },
    },
    {
      consume: async (_rule, key) => {
        const used = (spent.get(key) ?? 0) + 1;
        spent.set(key, used);
        if (used > (options.points ?? 100)) throw new TooManyRequestsError('Too many requests. Please wait a moment.', 'RATE_LIMITED', 60);
      },
    },
    pino({ level: 'silent' }),
    3,
  );
  return { keys, rows, touched };
}

describe('ApiKeysService', () => {
  it('makes an mv_ key of 32 random bytes, keeps only its SHA-256 and its first 11 characters, scopes in order without repeats', async () => {
    const { keys, rows } = service();
    const made = await keys.create(ADA, { name: 'script', scopes: ['read', 'generate', 'read'] });
    expect(made.key).toMatch(/^mv_[A-Za-z0-9_-]{43}$/);
    expect(rows[0]!.key_hash).toBe(createHash('sha256').update(made.key).digest('hex'));
    expect(hashApiKey(made.key)).toBe(rows[0]!.key_hash);
    expect(made.apiKey).toMatchObject({ name: 'script', scopes: ['generate', 'read'], prefix: made.key.slice(0, 11), lastUsedAt: null });
    expect(JSON.stringify(rows)).not.toContain(made.key.slice(11));
  });

  it('refuses a key past the limit of live ones with a 409 saying to revoke one', async () => {
    const { keys } = service();
    for (let i = 0; i < 3; i++) await keys.create(ADA, { name: `k${i}`, scopes: ['read'] });
    await expect(keys.create(ADA, { name: 'k4', scopes: ['read'] })).rejects.toThrow(ConflictError);
    expect((await keys.list(ADA)).maxKeys).toBe(3);
  });

  it('admits a live key with the scope asked, and refuses an unknown, malformed or revoked key (401) and a missing scope (403)', async () => {
    const { keys } = service();
    const { key, apiKey } = await keys.create(ADA, { name: 'reader', scopes: ['read'] });
    await expect(keys.admit(key, 'read')).resolves.toEqual({ keyId: apiKey.id, owner: ADA });
    await expect(keys.admit(key, 'generate')).rejects.toThrow(new NotAllowedError(apiKeyLacksScope('generate'), 'API_KEY_SCOPE'));
    for (const wrong of [`mv_${'z'.repeat(43)}`, 'mv_short', `${key}x`]) await expect(keys.admit(wrong, 'read')).rejects.toThrow(new NotAuthenticatedError(API_KEY_INVALID, 'INVALID_API_KEY'));
    await keys.revoke(ADA, apiKey.id);
    await expect(keys.admit(key, 'read')).rejects.toThrow(NotAuthenticatedError);
  });

  it("refuses a banned owner's key (403) and spends the key's own budget (429 past it)", async () => {
    const banned = service({ owner: aUser({ banned: true }) });
    const made = await banned.keys.create(ADA, { name: 'k', scopes: ['read'] });
    await expect(banned.keys.admit(made.key, 'read')).rejects.toThrow(NotAllowedError);

    const { keys } = service({ points: 2 });
    const { key } = await keys.create(ADA, { name: 'k', scopes: ['read'] });
    await keys.admit(key, 'read');
    await keys.admit(key, 'read');
    await expect(keys.admit(key, 'read')).rejects.toThrow(TooManyRequestsError);
  });

  it('records a use at most once a minute', async () => {
    const { keys, touched, rows } = service();
    const { key } = await keys.create(ADA, { name: 'k', scopes: ['read'] });
    await keys.admit(key, 'read');
    await keys.admit(key, 'read');
    expect(touched).toHaveLength(1);
    rows[0]!.last_used_at = new Date(Date.now() - 61_000);
    await keys.admit(key, 'read');
    expect(touched).toHaveLength(2);
  });
});
