import { type Kysely, sql } from 'kysely';

/**
 * Variations (issue 28 item 3): an item made as a new take of another of the person's items
 * names it, so the library groups it under the original. Deleting the original keeps its
 * variations (they stand alone then).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table media add column variation_of uuid references media (id) on delete set null`.execute(db);
  await sql`create index media_variation_of_idx on media (variation_of) where variation_of is not null`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop index media_variation_of_idx`.execute(db);
  await sql`alter table media drop column variation_of`.execute(db);
}
