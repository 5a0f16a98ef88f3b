import { type Kysely, sql } from 'kysely';

/** Uploads, generation runs, the media they produce, likes and drafts. */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('uploads')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('public_id', 'text', (c) => c.notNull().unique())
    .addColumn('user_id', 'uuid', (c) => c.references('users.id').onDelete('cascade'))
    .addColumn('folder', 'text', (c) => c.notNull())
    .addColumn('resource_type', 'text', (c) => c.notNull().check(sql`resource_type in ('image', 'video')`))
    .addColumn('format', 'text', (c) => c.notNull())
    .addColumn('content_type', 'text', (c) => c.notNull())
    .addColumn('bytes', 'bigint', (c) => c.notNull())
    .addColumn('width', 'integer', (c) => c.notNull())
    .addColumn('height', 'integer', (c) => c.notNull())
    .addColumn('duration_seconds', 'real')
    .addColumn('storage_key', 'text', (c) => c.notNull())
    .addColumn('url', 'text', (c) => c.notNull().unique())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('uploads_user_idx').on('uploads').columns(['user_id', 'created_at']).execute();

  // The run id is the BullMQ job id: one run, one job, whatever the client retries.
  await db.schema
    .createTable('generation_runs')
    .addColumn('run_id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('mode', 'text', (c) => c.notNull())
    .addColumn('request', 'jsonb', (c) => c.notNull())
    .addColumn('status', 'text', (c) =>
      c.notNull().defaultTo('processing').check(sql`status in ('processing', 'done', 'failed')`),
    )
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('error', 'text')
    .addColumn('credits_reserved', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('credits_refunded', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('finished_at', 'timestamptz')
    .execute();
  await db.schema.createIndex('generation_runs_user_idx').on('generation_runs').columns(['user_id', 'created_at']).execute();
  await db.schema
    .createIndex('generation_runs_processing_idx')
    .on('generation_runs')
    .column('created_at')
    .where(sql.ref('status'), '=', 'processing')
    .execute();

  // A media row belongs to an account or, for guests, to a guest id with an expiry.
  await db.schema
    .createTable('media')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('user_id', 'uuid', (c) => c.references('users.id').onDelete('cascade'))
    .addColumn('guest_id', 'text')
    .addColumn('run_id', 'text', (c) => c.references('generation_runs.run_id').onDelete('set null'))
    .addColumn('type', 'text', (c) => c.notNull().check(sql`type in ('image', 'video')`))
    .addColumn('preset_type', 'text', (c) => c.notNull())
    .addColumn('preset_key', 'text')
    .addColumn('prompt', 'text')
    .addColumn('source_url', 'text')
    .addColumn('status', 'text', (c) =>
      c.notNull().defaultTo('completed').check(sql`status in ('processing', 'completed', 'failed')`),
    )
    .addColumn('final_url', 'text')
    .addColumn('thumbnail_url', 'text')
    .addColumn('storage_key', 'text')
    .addColumn('thumbnail_key', 'text')
    .addColumn('width', 'integer')
    .addColumn('height', 'integer')
    .addColumn('is_public', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('metadata', 'jsonb', (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
    .addColumn('tags', sql`text[]`, (c) => c.notNull().defaultTo(sql`'{}'::text[]`))
    .addColumn('likes_count', 'integer', (c) => c.notNull().defaultTo(0).check(sql`likes_count >= 0`))
    // ln(likes) + created_epoch / 7 days orders exactly like likes × exp(−age_days / 7)
    // and does not change with the clock, so it can be indexed (null while unliked).
    .addColumn('trending_score', 'double precision')
    .addColumn('cloudinary_public_id', 'text')
    .addColumn('expires_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addCheckConstraint('media_owner_check', sql`user_id is not null or guest_id is not null`)
    .execute();
  await db.schema
    .createIndex('media_feed_idx')
    .on('media')
    .columns(['created_at desc', 'id desc'])
    .where(sql.raw<boolean>(`is_public and status = 'completed'`))
    .execute();
  await db.schema
    .createIndex('media_feed_preset_idx')
    .on('media')
    .columns(['preset_type', 'created_at desc', 'id desc'])
    .where(sql.raw<boolean>(`is_public and status = 'completed'`))
    .execute();
  await db.schema
    .createIndex('media_trending_idx')
    .on('media')
    .columns(['trending_score desc', 'id desc'])
    .where(sql.raw<boolean>(`is_public and status = 'completed' and trending_score is not null`))
    .execute();
  await db.schema.createIndex('media_user_idx').on('media').columns(['user_id', 'created_at desc', 'id desc']).execute();
  await db.schema.createIndex('media_guest_idx').on('media').column('guest_id').where(sql.ref('guest_id'), 'is not', null).execute();
  await db.schema.createIndex('media_run_idx').on('media').column('run_id').execute();
  await db.schema.createIndex('media_expires_idx').on('media').column('expires_at').where(sql.ref('expires_at'), 'is not', null).execute();
  await sql`create index media_tags_idx on media using gin (tags)`.execute(db);

  await db.schema
    .createTable('likes')
    .addColumn('user_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('media_id', 'uuid', (c) => c.notNull().references('media.id').onDelete('cascade'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('likes_pkey', ['user_id', 'media_id'])
    .execute();
  await db.schema.createIndex('likes_media_idx').on('likes').column('media_id').execute();

  await db.schema
    .createTable('drafts')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('user_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('media_url', 'text', (c) => c.notNull())
    .addColumn('prompt', 'text', (c) => c.notNull().defaultTo('Untitled draft'))
    .addColumn('media_type', 'text', (c) => c.notNull().defaultTo('photo').check(sql`media_type in ('photo', 'video')`))
    .addColumn('aspect_ratio', 'text', (c) => c.notNull().defaultTo('4/3'))
    .addColumn('width', 'integer', (c) => c.notNull().defaultTo(800))
    .addColumn('height', 'integer', (c) => c.notNull().defaultTo(600))
    .addColumn('metadata', 'jsonb', (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('drafts_user_idx').on('drafts').columns(['user_id', 'created_at desc']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ['drafts', 'likes', 'media', 'generation_runs', 'uploads']) {
    await db.schema.dropTable(table).execute();
  }
}
