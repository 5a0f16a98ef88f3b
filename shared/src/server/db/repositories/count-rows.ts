import type { SelectQueryBuilder } from 'kysely';
import type { Database } from '../schema';

/** How many rows `query` finds: its `count(*)`, as a number. */
export async function countRows<Tables extends keyof Database>(query: SelectQueryBuilder<Database, Tables, object>): Promise<number> {
  const row = await query.select((eb) => eb.fn.countAll().as('count')).executeTakeFirstOrThrow();
  return Number(row.count);
}
