import type { Db } from './db';

/**
 * Runs `fn` in a transaction, or inside the caller's when `db` already is one: PGlite has a
 * single connection, so a nested `db.transaction()` (or using the outer `db`) would hang.
 */
export function inTransaction<T>(db: Db, fn: (trx: Db) => Promise<T>): Promise<T> {
  return db.isTransaction ? fn(db) : db.transaction().execute(fn);
}
