import { sql } from 'kysely';
import type { Db } from '../db';
import type { ApiKey, ApiKeyScope, User } from '../schema';
import { inTransaction } from '../transaction';

/** A live key found by its hash, with its owner's account (read on every call, so bans act at once). */
export interface KeyWithOwner {
  key: Pick<ApiKey, 'id' | 'scopes' | 'key_hash' | 'last_used_at'>;
  owner: User;
}

/**
 * Personal API keys (issue 45 §1), scoped to their owner except for the lookup of a presented
 * key, which goes by the unique index of its hash. A revoked key keeps its row and is never found.
 */
export class ApiKeysRepository {
  constructor(private readonly db: Db) {}

  /**
   * Stores a new key unless the owner already holds `maxLive` live ones (undefined then). The
   * owner's row is locked first, so two requests at once cannot both take the last place.
   */
  create(key: { userId: string; name: string; scopes: ApiKeyScope[]; prefix: string; keyHash: string }, maxLive: number): Promise<ApiKey | undefined> {
    return inTransaction(this.db, async (trx) => {
      const owner = await trx.selectFrom('users').select('id').where('id', '=', key.userId).forUpdate().executeTakeFirst();
      if (!owner) return undefined;
      const { live } = await trx
        .selectFrom('api_keys')
        .select((eb) => eb.fn.countAll<string>().as('live'))
        .where('user_id', '=', key.userId)
        .where('revoked_at', 'is', null)
        .executeTakeFirstOrThrow();
      if (Number(live) >= maxLive) return undefined;
      return trx
        .insertInto('api_keys')
        .values({ user_id: key.userId, name: key.name, scopes: key.scopes, prefix: key.prefix, key_hash: key.keyHash })
        .returningAll()
        .executeTakeFirstOrThrow();
    });
  }

  /** The owner's live keys, newest first. */
  listLive(userId: string): Promise<ApiKey[]> {
    return this.db
      .selectFrom('api_keys')
      .selectAll()
      .where('user_id', '=', userId)
      .where('revoked_at', 'is', null)
      .orderBy('created_at', 'desc')
      .orderBy('id')
      .execute();
  }

  /** Revokes one of the owner's keys (a revoked one keeps its first revocation time); undefined when it is not theirs. */
  revoke(userId: string, id: string): Promise<Pick<ApiKey, 'id' | 'revoked_at'> | undefined> {
    return this.db
      .updateTable('api_keys')
      .set({ revoked_at: sql<Date>`coalesce(revoked_at, now())` })
      .where('id', '=', id)
      .where('user_id', '=', userId)
      .returning(['id', 'revoked_at'])
      .executeTakeFirst();
  }

  /** The live key of this hash and its owner's account, in one query. */
  async findLiveByHash(keyHash: string): Promise<KeyWithOwner | undefined> {
    const row = await this.db
      .selectFrom('api_keys')
      .innerJoin('users', 'users.id', 'api_keys.user_id')
      .selectAll('users')
      .select(['api_keys.id as key_id', 'api_keys.scopes as key_scopes', 'api_keys.key_hash as key_hash', 'api_keys.last_used_at as key_last_used_at'])
      .where('api_keys.key_hash', '=', keyHash)
      .where('api_keys.revoked_at', 'is', null)
      .executeTakeFirst();
    if (!row) return undefined;
    const { key_id, key_scopes, key_hash, key_last_used_at, ...owner } = row;
    return { key: { id: key_id, scopes: key_scopes, key_hash, last_used_at: key_last_used_at }, owner };
  }

  /** Records a use, at most once a minute per key: a write only when the last one is older. */
  async touch(id: string): Promise<void> {
    await this.db
      .updateTable('api_keys')
      .set({ last_used_at: sql<Date>`now()` })
      .where('id', '=', id)
      .where((eb) => eb.or([eb('last_used_at', 'is', null), eb('last_used_at', '<', sql<Date>`now() - interval '1 minute'`)]))
      .execute();
  }
}
