import type { CompiledQuery, QueryResult } from 'kysely';
import type pg from 'pg';
import type { Db } from './db';

/**
 * Statement texts sent to Postgres as named prepared statements: parsed once per connection and
 * planned from then on without the parse (Kysely's own statements are unnamed: parsed and planned
 * every time). Only the few hot statements a repository runs through `executePrepared` are here,
 * so the number a connection keeps stays small.
 */
const names = new Map<string, string>();
/** More than the hot statements need; a text past it simply runs unnamed. */
const MAX_NAMED = 32;

/** Runs a compiled statement as a named prepared statement on Postgres (PGlite runs it as any other). */
export function executePrepared<R>(db: Db, query: CompiledQuery<R>): Promise<QueryResult<R>> {
  if (!names.has(query.sql) && names.size < MAX_NAMED) names.set(query.sql, `app_prepared_${names.size + 1}`);
  return db.executeQuery(query);
}

/**
 * Makes a pg client send the texts `executePrepared` named as named statements: pg prepares a
 * name on a connection the first time and then sends only its parameters (Bind/Execute).
 */
export function sendNamedStatements(client: pg.PoolClient): void {
  const query = client.query.bind(client) as (...args: unknown[]) => unknown;
  client.query = ((config: unknown, values?: unknown, callback?: unknown) => {
    const name = typeof config === 'string' && Array.isArray(values) && callback === undefined ? names.get(config) : undefined;
    return name ? query({ name, text: config, values }) : query(config, values, callback);
  }) as typeof client.query;
}
