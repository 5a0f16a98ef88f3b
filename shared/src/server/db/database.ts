import fs from 'node:fs/promises';
import { PGlite } from '@electric-sql/pglite';
import { Kysely, PGliteDialect, PostgresDialect } from 'kysely';
import pg from 'pg';
import { sendNamedStatements } from './prepared-statements';
import type { Db } from './db';
import type { Database } from './schema';

export type DatabaseOptions =
  | {
      url: string;
      poolSize?: number;
      searchPath?: string;
      /** Send the hot statements `executePrepared` runs as named prepared statements (default true). */
      preparedStatements?: boolean;
      onConnectionError?: (error: Error) => void;
    }
  | { pgliteDir: string }
  | { pgliteMemory: true };

export interface DatabaseHandle {
  db: Db;
  dialect: 'postgres' | 'pglite';
  destroy(): Promise<void>;
}

const INT8_OID = 20;
const NUMERIC_OID = 1700;

// Counts and bigserial ids fit in a double; both dialects must hand back the same JS types.
pg.types.setTypeParser(INT8_OID, (v) => Number(v));
pg.types.setTypeParser(NUMERIC_OID, (v) => Number(v));

/**
 * The one factory for a database: Postgres through `pg` when a URL is given,
 * else embedded PGlite (real Postgres in WASM) on disk or in memory.
 * PGlite has a single connection: inside a transaction use only the transaction object.
 */
export async function createDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  if ('url' in options) {
    const pool = new pg.Pool({
      connectionString: options.url,
      max: options.poolSize ?? 10,
      connectionTimeoutMillis: 5_000,
      idleTimeoutMillis: 30_000,
      ...(options.searchPath ? { options: `-c search_path=${options.searchPath}` } : {}),
    });
    // A server restart ends idle connections with an error on the pool: the pool drops them and
    // connects anew on the next query. Unheard, that error would end the process.
    pool.on('error', (error) => options.onConnectionError?.(error));
    // The pool listens only to idle connections. One checked out between two statements (a
    // transaction at work) that the server ends emits its error with no listener, which would
    // end the process too; the statement that comes next fails and the pool drops the client.
    pool.on('connect', (client) => {
      client.on('error', (error) => options.onConnectionError?.(error));
      if (options.preparedStatements !== false) sendNamedStatements(client);
    });
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    return { db, dialect: 'postgres', destroy: () => db.destroy() };
  }

  const dataDir = 'pgliteDir' in options ? options.pgliteDir : undefined;
  if (dataDir) await fs.mkdir(dataDir, { recursive: true });
  const pglite = await PGlite.create({
    ...(dataDir ? { dataDir } : {}),
    parsers: { [INT8_OID]: (v: string) => Number(v), [NUMERIC_OID]: (v: string) => Number(v) },
  });
  const db = new Kysely<Database>({ dialect: new PGliteDialect({ pglite }) });
  return {
    db,
    dialect: 'pglite',
    // Kysely's destroy leaves the PGlite instance open; without close() Node never exits.
    destroy: async () => {
      await db.destroy();
      if (!pglite.closed) await pglite.close();
    },
  };
}

/** Fails fast with a readable reason when the database cannot be reached. */
export async function assertDatabaseReachable(db: Db, timeoutMs = 5_000): Promise<void> {
  const { sql } = await import('kysely');
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${timeoutMs} ms`)), timeoutMs);
  });
  try {
    await Promise.race([sql`select 1`.execute(db), timeout]);
  } finally {
    clearTimeout(timer);
  }
}
