import { randomBytes } from 'node:crypto';
import { migrateToLatest } from '@app/migrations';
import { createDatabase, type DatabaseHandle } from '@app/shared/server/db';
import { sql } from 'kysely';
import pg from 'pg';
import { inject } from 'vitest';

export type Dialect = DatabaseHandle['dialect'];

/** The dialects this run can test: PGlite always, Postgres when one was found. */
export function availableDialects(): Dialect[] {
  return inject('postgresUrl') ? ['pglite', 'postgres'] : ['pglite'];
}

/**
 * A fresh, migrated database of the given dialect. On Postgres each call gets its own
 * schema, so test files run in parallel; destroy() drops it.
 */
export async function openTestDatabase(dialect: Dialect): Promise<DatabaseHandle> {
  if (dialect === 'pglite') {
    const handle = await createDatabase({ pgliteMemory: true });
    await migrateToLatest(handle.db);
    return handle;
  }
  const url = inject('postgresUrl');
  if (!url) throw new Error('No Postgres for this run');
  const schema = `test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`create schema ${schema}`);
  await admin.end();

  const handle = await createDatabase({ url, poolSize: 5, searchPath: schema });
  await migrateToLatest(handle.db);
  return {
    ...handle,
    destroy: async () => {
      await sql`drop schema ${sql.id(schema)} cascade`.execute(handle.db).catch(() => {});
      await handle.destroy();
    },
  };
}
