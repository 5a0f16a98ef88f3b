import { CompiledQuery, type QueryResult } from 'kysely';
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

/**
 * A statement whose text depends on its shape only, never on its values: compiled by Kysely once,
 * with a marker in place of each value, after which a call only puts its values where the markers
 * were (compiling the same text on every call was ≈ 3 % of a submit's CPU, issue 47 §1). `build`
 * must pass each value on as a parameter, never compute on it or branch on it; one that did not
 * become a parameter is refused at the first call.
 */
export function compiledOnce<V extends object, R>(build: (values: V) => CompiledQuery<R>): (values: V) => CompiledQuery<R> {
  let shape: { sql: string; slots: Array<{ key: string } | { constant: unknown }> } | undefined;
  return (values) => {
    if (!shape) {
      const markers = new Map(Object.keys(values).map((key) => [`\u0000compiled-once:${key}`, key]));
      const query = build(Object.fromEntries([...markers].map(([marker, key]) => [key, marker])) as V);
      const slots = query.parameters.map((p) => (typeof p === 'string' && markers.has(p) ? { key: markers.get(p)! } : { constant: p }));
      const unused = [...markers.values()].filter((key) => !slots.some((slot) => 'key' in slot && slot.key === key));
      if (unused.length > 0) throw new Error(`compiledOnce: ${unused.join(', ')} did not become parameters`);
      shape = { sql: query.sql, slots };
    }
    const { sql, slots } = shape;
    return CompiledQuery.raw(sql, slots.map((slot) => ('key' in slot ? (values as Record<string, unknown>)[slot.key] : slot.constant))) as CompiledQuery<R>;
  };
}
