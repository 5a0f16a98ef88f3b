import { setTimeout as sleep } from 'node:timers/promises';
import { createDatabase } from '@app/shared/server/db';
import { sql } from 'kysely';
import pg from 'pg';
import { describe, expect, inject, it } from 'vitest';

const url = inject('postgresUrl');

// A Postgres restart ends every session with "terminating connection due to administrator
// command". A connection the server ends while it is checked out between two statements must
// fail that transaction, not the process.
describe.runIf(url)('a database connection ended by the server', () => {
  it('fails the transaction holding it, is heard, and the pool serves the next query', async () => {
    const lost: Error[] = [];
    const handle = await createDatabase({ url: url!, poolSize: 2, onConnectionError: (error) => lost.push(error) });
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    try {
      const transaction = handle.db.transaction().execute(async (trx) => {
        const { rows } = await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(trx);
        // Between two statements the connection is checked out with no query running.
        await admin.query('select pg_terminate_backend($1)', [rows[0]!.pid]);
        await sleep(300);
        await sql`select 1`.execute(trx);
      });
      await expect(transaction).rejects.toThrow();
      expect(lost.map((e) => e.message)).toContain('terminating connection due to administrator command');

      const { rows } = await sql<{ one: number }>`select 1 as one`.execute(handle.db);
      expect(rows).toEqual([{ one: 1 }]);
    } finally {
      await admin.end();
      await handle.destroy();
    }
  });
});
