import { type Kysely, sql } from 'kysely';

/**
 * Each stored image gets smaller WebP copies at the widths the grids load (`variants`, a list of
 * { key, width, format }). Null marks an item whose variants were never made: the worker's
 * make-media-variants job finds them through the partial index and fills them in.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('media').addColumn('variants', 'jsonb').execute();
  await db.schema.createIndex('media_variants_missing_idx').on('media').column('id').where(sql.ref('variants'), 'is', null).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('media_variants_missing_idx').execute();
  await db.schema.alterTable('media').dropColumn('variants').execute();
}
