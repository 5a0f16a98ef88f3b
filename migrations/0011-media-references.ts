import { type Kysely, sql } from 'kysely';

/**
 * Media are stored by reference, no longer by address: a file of ours by its storage key, and only
 * a file we don't host (a story hero pasted from the web) by its absolute address. Addresses are
 * made when an answer is built, from the configured public base, so a new port, domain, bucket or
 * CDN serves every stored item (docs/decisions.md, "Media references").
 *
 * Each address is rewritten only where it provably names one of our files: it ends with the key
 * of the row's own file (media), equals the address an upload was served at (sources, avatars,
 * heroes, drafts), or holds the media item's own folder (metadata). Anything else stays as it was.
 */
export async function up(db: Kysely<any>): Promise<void> {
  // Heroes and drafts may name an upload or a generated item: matched before media are rewritten.
  for (const [table, column] of [['stories', 'hero_image_url'], ['drafts', 'media_url'], ['users', 'avatar_url']] as const) {
    await sql`update ${sql.table(table)} set ${sql.ref(column)} = u.storage_key from uploads u where ${sql.ref(`${table}.${column}`)} = u.url`.execute(db);
    if (table !== 'users') {
      await sql`update ${sql.table(table)} set ${sql.ref(column)} = m.storage_key from media m
        where m.storage_key is not null and ${sql.ref(`${table}.${column}`)} = m.final_url`.execute(db);
    }
  }
  await sql`update media set source_url = u.storage_key from uploads u where media.source_url = u.url`.execute(db);
  await sql`update media set final_url = storage_key
    where storage_key is not null and final_url like '%://%' and right(final_url, length(storage_key) + 1) = '/' || storage_key`.execute(db);
  await sql`update media set thumbnail_url = thumbnail_key
    where thumbnail_key is not null and thumbnail_url like '%://%' and right(thumbnail_url, length(thumbnail_key) + 1) = '/' || thumbnail_key`.execute(db);
  await rewriteMetadata(db);

  // An upload is found by its key now; its address is made when it is answered.
  await db.schema.createIndex('uploads_storage_key_idx').on('uploads').column('storage_key').unique().execute();
  await db.schema.alterTable('uploads').dropColumn('url').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  // Addresses cannot be rebuilt without the deployment's base: keys stand in for them.
  await db.schema.alterTable('uploads').addColumn('url', 'text').execute();
  await sql`update uploads set url = storage_key`.execute(db);
  await db.schema.alterTable('uploads').alterColumn('url', (c) => c.setNotNull()).execute();
  await db.schema.alterTable('uploads').addUniqueConstraint('uploads_url_key', ['url']).execute();
  await db.schema.dropIndex('uploads_storage_key_idx').execute();
}

const BATCH = 500;

/** metadata.imageUrl and each videoResults[].videoUrl: in batches, so a large table never sits in memory. */
async function rewriteMetadata(db: Kysely<any>): Promise<void> {
  let after = '00000000-0000-0000-0000-000000000000';
  for (;;) {
    const { rows } = await sql<{ id: string; user_id: string | null; metadata: Record<string, unknown> }>`
      select id, user_id, metadata from media
      where id > ${after}::uuid and (metadata->>'imageUrl' like '%://%' or metadata->>'videoResults' like '%://%')
      order by id limit ${BATCH}`.execute(db);
    for (const row of rows) {
      const metadata = withKeys(row.metadata, row.id);
      await sql`update media set metadata = ${JSON.stringify(metadata)}::jsonb where id = ${row.id}::uuid`.execute(db);
    }
    const last = rows.at(-1);
    if (!last || rows.length < BATCH) return;
    after = last.id;
  }
}

function withKeys(metadata: Record<string, unknown>, mediaId: string): Record<string, unknown> {
  const next = { ...metadata };
  if (typeof metadata.imageUrl === 'string') next.imageUrl = keyInAddress(metadata.imageUrl, mediaId);
  if (Array.isArray(metadata.videoResults)) {
    next.videoResults = metadata.videoResults.map((result: unknown) => {
      const video = result as { videoUrl?: unknown } | null;
      return typeof video?.videoUrl === 'string' ? { ...video, videoUrl: keyInAddress(video.videoUrl, mediaId) } : result;
    });
  }
  return next;
}

/**
 * The key in an address of a file in the media item's own folder (`users/<owner>/media/<id>/…`),
 * wherever the storage served it from; any other address is left as it is.
 */
export function keyInAddress(address: string, mediaId: string): string {
  if (!/^[a-z][a-z0-9+.-]*:\/\//i.test(address)) return address;
  const path = address.split(/[?#]/, 1)[0] ?? address;
  const match = new RegExp(`/(users/[^/]+/media/${mediaId}/[^?#]+)$`).exec(path);
  if (!match?.[1]) return address;
  try {
    return decodeURIComponent(match[1]);
  } catch {
    return address;
  }
}
