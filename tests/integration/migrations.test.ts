import { createMigrator, migrateToLatest } from '@app/migrations';
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

  // Rows written before 0011 named files by absolute address; after it, by key (MediaUrls).
  it.each(availableDialects())('turn the stored addresses of our files into keys on %s, and leave addresses of files not ours', async (dialect) => {
    const handle = await openTestDatabase(dialect);
    const { db } = handle;
    try {
      const down = await (await createMigrator(db)).migrateTo('0010-sign-in-codes-per-client');
      expect(down.error).toBeUndefined();
      const base = 'http://localhost:3000/media/';
      const user = await db.insertInto('users').values({ email: 'ada@example.com', referral_code: 'ADA00001' }).returning('id').executeTakeFirstOrThrow();
      const u = `users/${user.id}`;
      await sql`insert into uploads (public_id, user_id, folder, resource_type, format, content_type, bytes, width, height, storage_key, url)
        values ('p1', ${user.id}, 'sources', 'image', 'jpg', 'image/jpeg', 10, 8, 8, ${`${u}/uploads/p1.jpg`}, ${`${base}${u}/uploads/p1.jpg`}),
               ('p2', ${user.id}, 'avatars', 'image', 'webp', 'image/webp', 10, 8, 8, ${`${u}/uploads/p2.webp`}, ${`${base}${u}/uploads/p2.webp`})`.execute(db);
      const mediaId = '0e0e0e0e-0000-4000-8000-000000000001';
      const folder = `${u}/media/${mediaId}`;
      const metadata = {
        imageUrl: `${base}${folder}/full.jpg`,
        videoResults: [{ index: 0, success: true, videoUrl: `${base}${folder}/clip-0.mp4` }, { index: 1, success: false, error: 'x' }],
        provider: 'local',
      };
      await db.insertInto('media').values({
        id: mediaId, user_id: user.id, type: 'video', preset_type: 'story_time',
        final_url: `${base}${folder}/clip-0.mp4`, storage_key: `${folder}/clip-0.mp4`,
        thumbnail_url: `${base}${folder}/thumb.webp`, thumbnail_key: `${folder}/thumb.webp`,
        source_url: `${base}${u}/uploads/p1.jpg`, metadata: JSON.stringify(metadata),
      }).execute();
      // A legacy item hosted elsewhere keeps its address.
      await db.insertInto('media').values({ user_id: user.id, type: 'image', preset_type: 'presets', final_url: 'https://res.cloudinary.com/x/image.jpg', storage_key: null }).execute();
      await db.updateTable('users').set({ avatar_url: `${base}${u}/uploads/p2.webp` }).where('id', '=', user.id).execute();
      await db.insertInto('stories').values([
        { slug: 'ours', title: 'Ours', teaser_text: 't', full_story_content: 'c', hero_image_url: `${base}${folder}/clip-0.mp4`, story_category: 'the-masked', word_count: 1 },
        { slug: 'web', title: 'Web', teaser_text: 't', full_story_content: 'c', hero_image_url: `https://images.example.org/${u}/media/${mediaId}/full.jpg`, story_category: 'the-masked', word_count: 1 },
      ]).execute();
      await db.insertInto('drafts').values({ user_id: user.id, media_url: `${base}${u}/uploads/p1.jpg` }).execute();

      await migrateToLatest(db);

      const media = await db.selectFrom('media').select(['final_url', 'thumbnail_url', 'source_url', 'metadata']).orderBy('created_at').execute();
      expect(media[0]).toMatchObject({ final_url: `${folder}/clip-0.mp4`, thumbnail_url: `${folder}/thumb.webp`, source_url: `${u}/uploads/p1.jpg` });
      expect(media[0]!.metadata).toEqual({
        ...metadata,
        imageUrl: `${folder}/full.jpg`,
        videoResults: [{ index: 0, success: true, videoUrl: `${folder}/clip-0.mp4` }, { index: 1, success: false, error: 'x' }],
      });
      expect(media[1]!.final_url).toBe('https://res.cloudinary.com/x/image.jpg');
      expect((await db.selectFrom('users').select('avatar_url').executeTakeFirstOrThrow()).avatar_url).toBe(`${u}/uploads/p2.webp`);
      const heroes = await db.selectFrom('stories').select(['slug', 'hero_image_url']).orderBy('slug').execute();
      expect(heroes).toEqual([
        { slug: 'ours', hero_image_url: `${folder}/clip-0.mp4` },
        { slug: 'web', hero_image_url: `https://images.example.org/${u}/media/${mediaId}/full.jpg` },
      ]);
      expect((await db.selectFrom('drafts').select('media_url').executeTakeFirstOrThrow()).media_url).toBe(`${u}/uploads/p1.jpg`);
      const columns = await sql<{ name: string }>`select column_name as name from information_schema.columns where table_name = 'uploads' and table_schema = current_schema()`.execute(db);
      expect(columns.rows.map((c) => c.name)).not.toContain('url');
    } finally {
      await handle.destroy();
    }
  });

  // Accounts made before sign-up named them (issue 41) get a display name and a unique username.
  it.each(availableDialects())('name every account made before sign-up did, on %s: a display name and a unique username', async (dialect) => {
    const handle = await openTestDatabase(dialect);
    const { db } = handle;
    try {
      expect((await (await createMigrator(db)).migrateTo('0017-runs-without-queue-position')).error).toBeUndefined();
      const people = [
        { email: 'olga.ui4@example.com', referral_code: 'M18A', created_at: new Date('2026-01-01') },
        { email: 'olga.ui4@example.org', referral_code: 'M18B', created_at: new Date('2026-01-02') },
        { email: 'ana.lima@example.com', referral_code: 'M18C', created_at: new Date('2026-01-03'), username: 'olga.ui4_2' },
        { email: 'admin@example.com', referral_code: 'M18D', created_at: new Date('2026-01-04'), name: 'Chosen Name' },
        { email: '42@example.com', referral_code: 'M18E', created_at: new Date('2026-01-05') },
      ];
      await db.insertInto('users').values(people).execute();

      await migrateToLatest(db);

      const rows = await db.selectFrom('users').select(['email', 'name', 'username']).orderBy('created_at').execute();
      expect(rows.map((r) => [r.email, r.name, r.username])).toEqual([
        ['olga.ui4@example.com', 'Olga', 'olga.ui4'],
        // olga.ui4_2 was someone's already.
        ['olga.ui4@example.org', 'Olga', 'olga.ui4_3'],
        ['ana.lima@example.com', 'Ana Lima', 'olga.ui4_2'],
        ['admin@example.com', 'Chosen Name', 'admin2'],
        ['42@example.com', '42_2', '42_2'],
      ]);
    } finally {
      await handle.destroy();
    }
  });
});
