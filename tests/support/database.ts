import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { migrateToLatest } from '@app/migrations';
import { createDatabase, type DatabaseHandle, type Db } from '@app/shared/server/db';
import { createRepositories, type Repositories } from '@app/shared/server/repositories';
import pg from 'pg';
import { afterAll, beforeAll, inject } from 'vitest';

export type Dialect = DatabaseHandle['dialect'];

/** The dialects this run can test: PGlite always, Postgres when one was found. */
export function availableDialects(): Dialect[] {
  return inject('postgresUrl') ? ['pglite', 'postgres'] : ['pglite'];
}

/**
 * The database a file of the HTTP suite runs on: the project's (`integration-pglite` runs the
 * suite again on PGlite, the embedded default), else Postgres when this run has one.
 */
export function suiteDialect(): Dialect {
  return inject('suiteDialect') ?? availableDialects().at(-1)!;
}

/**
 * A fresh, migrated PGlite data folder at `dir` (which must not exist yet): a copy of the run's
 * template (see global-setup.ts), so no initdb per database.
 */
export function copyPgliteTemplate(dir: string): void {
  fs.cpSync(inject('pgliteTemplate'), dir, { recursive: true });
}

/**
 * A fresh, migrated database of the given dialect. On Postgres each call gets its own
 * schema, so test files run in parallel; the run's global setup drops them all at the end
 * (see there why not destroy()). PGlite gets a folder of its own,
 * copied from the template unless `initdb` asks for a new database migrated from nothing.
 */
export async function openTestDatabase(dialect: Dialect, options: { initdb?: boolean } = {}): Promise<DatabaseHandle> {
  if (dialect === 'pglite' && options.initdb) {
    const handle = await createDatabase({ pgliteMemory: true });
    await migrateToLatest(handle.db);
    return handle;
  }
  if (dialect === 'pglite') {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), 'mirrorverse-pglite-'));
    copyPgliteTemplate(path.join(root, 'db'));
    const handle = await createDatabase({ pgliteDir: path.join(root, 'db') });
    await migrateToLatest(handle.db);
    return {
      ...handle,
      destroy: async () => {
        await handle.destroy();
        fs.rmSync(root, { recursive: true, force: true });
      },
    };
  }
  const url = inject('postgresUrl');
  if (!url) throw new Error('No Postgres for this run');
  const schema = `${inject('schemaPrefix')}${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`create schema ${schema}`);
  await admin.end();

  const handle = await createDatabase({ url, poolSize: 5, searchPath: schema });
  await migrateToLatest(handle.db);
  return handle;
}

/**
 * A migrated database of `dialect` for one describe block: opened before its tests (then
 * `onOpen` builds what they use on it), destroyed after them.
 */
export function useTestDatabase(dialect: Dialect, onOpen?: (db: Db) => void | Promise<void>): { readonly db: Db } {
  let handle: DatabaseHandle | undefined;
  beforeAll(async () => {
    handle = await openTestDatabase(dialect);
    await onOpen?.(handle.db);
  }, 60_000);
  afterAll(() => handle?.destroy());
  return {
    get db() {
      if (!handle) throw new Error('the test database is not open (used outside a test?)');
      return handle.db;
    },
  };
}

/**
 * `useTestDatabase` with the product's repositories on it (`createRepositories`) and its `db`.
 * The returned object is filled in by the `beforeAll` this registers, so read it inside hooks and
 * tests only.
 */
export function useTestRepositories(dialect: Dialect): Repositories & { readonly db: Db } {
  const repos = {} as Repositories & { db: Db };
  useTestDatabase(dialect, (db) => {
    Object.assign(repos, createRepositories(db), { db });
  });
  return repos;
}
