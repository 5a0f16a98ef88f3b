import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { availableDialects, openTestDatabase } from '../support/database';

describe('migrations', () => {
  it.each(availableDialects())('bring a fresh %s database to the latest version', async (dialect) => {
    const db = await openTestDatabase(dialect, { initdb: true });
    try {
      const { rows } = await sql<{ name: string }>`select name from kysely_migration order by name`.execute(db.db);
      expect(rows.map((r) => r.name).at(-1)).toMatch(/^\d{4}-/);
    } finally {
      await db.destroy();
    }
  });

  // Kysely, unless told the schema, takes another schema's migration tables for its own.
  it.each(availableDialects().filter((d) => d === 'postgres'))('migrate two schemas of one %s side by side, each with its own bookkeeping', async (dialect) => {
    const first = await openTestDatabase(dialect);
    try {
      const second = await openTestDatabase(dialect);
      const { rows } = await sql<{ count: number }>`select count(*)::int as count from kysely_migration`.execute(second.db);
      expect(rows[0]!.count).toBeGreaterThan(0);
      await second.destroy();
    } finally {
      await first.destroy();
    }
  });
});
