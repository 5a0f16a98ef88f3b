import { DummyDriver, Kysely, PostgresAdapter, PostgresIntrospector, PostgresQueryCompiler, sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { compiledOnce } from './prepared-statements';

// Compiles as the product's Postgres does, without a server.
const db = new Kysely<{ users: { id: string; credits: number } }>({
  dialect: {
    createAdapter: () => new PostgresAdapter(),
    createDriver: () => new DummyDriver(),
    createIntrospector: (k) => new PostgresIntrospector(k),
    createQueryCompiler: () => new PostgresQueryCompiler(),
  },
});

describe('compiledOnce', () => {
  it('gives each call the text Kysely would compile, with that call’s values in their places', () => {
    const build = (v: { id: string; min: number }) =>
      sql<{ id: string }>`select id from users where id = ${v.id} and credits >= ${v.min} and ${'fixed'}::text is not null and id <> ${v.id}`.compile(db);
    const statement = compiledOnce(build);
    for (const values of [
      { id: 'a', min: 1 },
      { id: 'b', min: 20 },
    ]) {
      const once = statement(values);
      const fresh = build(values);
      expect(once.sql).toBe(fresh.sql);
      expect(once.parameters).toEqual(fresh.parameters);
    }
  });

  it('refuses a statement that computes on a value instead of passing it on', () => {
    const statement = compiledOnce((v: { cost: number }) => sql`select ${-v.cost}::int`.compile(db));
    expect(() => statement({ cost: 3 })).toThrow(/cost did not become parameters/);
  });
});
