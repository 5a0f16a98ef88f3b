import { type Kysely, sql } from 'kysely';
import { type Migration, type MigrationProvider, Migrator } from 'kysely/migration';
import * as m0001 from './0001-accounts';
import * as m0002 from './0002-media';
import * as m0003 from './0003-content';
import * as m0004 from './0004-mail-outbox';
import * as m0005 from './0005-generation';
import * as m0006 from './0006-admin';
import * as m0007 from './0007-providers';
import * as m0008 from './0008-live-runs';
import * as m0009 from './0009-runs-in-flight';
import * as m0010 from './0010-sign-in-codes-per-client';
import * as m0011 from './0011-media-references';
import * as m0012 from './0012-media-variants';
import * as m0013 from './0013-usernames-case-insensitive';
import * as m0014 from './0014-likes-newest-first';
import * as m0015 from './0015-feed-search-and-orders';
import * as m0016 from './0016-media-variations';
import * as m0017 from './0017-runs-without-queue-position';
import * as m0018 from './0018-every-account-named';
import * as m0019 from './0019-moderation';
import * as m0020 from './0020-visibility-banned-users';
import * as m0021 from './0021-run-timeline';
import * as m0022 from './0022-api-keys';
import * as m0023 from './0023-run-webhooks';
import * as m0024 from './0024-follows';
import * as m0025 from './0025-notifications';
import * as m0026 from './0026-collections';

/** Every migration, in order. A new one is a new numbered file added here. */
export const migrations: Record<string, Migration> = {
  '0001-accounts': m0001,
  '0002-media': m0002,
  '0003-content': m0003,
  '0004-mail-outbox': m0004,
  '0005-generation': m0005,
  '0006-admin': m0006,
  '0007-providers': m0007,
  '0008-live-runs': m0008,
  '0009-runs-in-flight': m0009,
  '0010-sign-in-codes-per-client': m0010,
  '0011-media-references': m0011,
  '0012-media-variants': m0012,
  '0013-usernames-case-insensitive': m0013,
  '0014-likes-newest-first': m0014,
  '0015-feed-search-and-orders': m0015,
  '0016-media-variations': m0016,
  '0017-runs-without-queue-position': m0017,
  '0018-every-account-named': m0018,
  '0019-moderation': m0019,
  '0020-visibility-banned-users': m0020,
  '0021-run-timeline': m0021,
  '0022-api-keys': m0022,
  '0023-run-webhooks': m0023,
  '0024-follows': m0024,
  '0025-notifications': m0025,
  '0026-collections': m0026,
};

const provider: MigrationProvider = { getMigrations: async () => migrations };

/**
 * The migrator of the connection's current schema. Named explicitly because, unnamed, Kysely
 * looks for its bookkeeping tables in every schema: with two schemas on one server (parallel
 * test files, two apps side by side) it finds the other's lock table and never creates its own.
 */
export async function createMigrator(db: Kysely<any>): Promise<Migrator> {
  const { rows } = await sql<{ schema: string }>`select current_schema() as schema`.execute(db);
  return new Migrator({ db, provider, migrationTableSchema: rows[0]?.schema ?? 'public' });
}

/**
 * Postgres errors of a catalog read that raced another schema's DDL: before it migrates, Kysely
 * checks for its tables by listing every table of the server (with `pg_get_serial_sequence` per
 * column), which fails when another schema on the server (parallel test files, a second app) is
 * adding or dropping a column at that moment. Nothing of ours has run then, so trying again is safe.
 */
const CATALOG_RACE_CODES = new Set(['42703', '42P01', 'XX000']);

function isCatalogRace(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' && CATALOG_RACE_CODES.has(code);
}

/** Brings the schema to the latest version, or throws with the failing migration's name. */
export async function migrateToLatest(db: Kysely<any>): Promise<string[]> {
  for (let attempt = 1; ; attempt += 1) {
    const { error, results } = await (await createMigrator(db)).migrateToLatest();
    // No results: it failed in Kysely's own bookkeeping, before any migration ran.
    if (error && results === undefined && attempt < 5 && isCatalogRace(error)) {
      await new Promise((resolve) => setTimeout(resolve, 50 * attempt));
      continue;
    }
    const failed = results?.find((r) => r.status === 'Error');
    if (error) {
      const reason = error instanceof Error ? error.message : String(error);
      throw new Error(`Migration ${failed ? `"${failed.migrationName}" ` : ''}failed: ${reason}`, { cause: error });
    }
    return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
  }
}
