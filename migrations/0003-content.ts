import { type Kysely, sql } from 'kysely';

/** Stories, the weekly preset catalogue and app-wide settings such as the launch flag. */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('stories')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('slug', 'text', (c) => c.notNull().unique())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('teaser_text', 'text', (c) => c.notNull())
    .addColumn('hero_image_url', 'text')
    .addColumn('full_story_content', 'text', (c) => c.notNull())
    .addColumn('story_category', 'text', (c) => c.notNull().defaultTo('the-haunted'))
    .addColumn('status', 'text', (c) =>
      c.notNull().defaultTo('draft').check(sql`status in ('draft', 'published', 'archived')`),
    )
    .addColumn('featured', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('word_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('stories_status_idx').on('stories').columns(['status', 'created_at desc']).execute();

  // Weekly presets rotate by ISO week: a preset belongs to the weeks where week % period = slot.
  await db.schema
    .createTable('weekly_presets')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('label', 'text', (c) => c.notNull())
    .addColumn('prompt', 'text', (c) => c.notNull())
    .addColumn('negative_prompt', 'text')
    .addColumn('rotation_slot', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('sort_order', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('active', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();

  await db.schema
    .createTable('app_settings')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('value', 'jsonb', (c) => c.notNull())
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  // Launched by default, so a fresh install is usable; an operator can close it before launch.
  await db
    .insertInto('app_settings')
    .values({ key: 'launch', value: JSON.stringify({ is_launched: true }) })
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ['app_settings', 'weekly_presets', 'stories']) {
    await db.schema.dropTable(table).execute();
  }
}
