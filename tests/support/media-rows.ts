import type { Db, MediaTable } from '@app/shared/server/db';
import type { Insertable } from 'kysely';

/**
 * Inserts a media row straight into the database, as the worker leaves a finished image (a
 * public image unless `fields` say otherwise), for tests that need a feed without making runs.
 * Answers its id.
 */
export async function insertMedia(db: Db, fields: Omit<Insertable<MediaTable>, 'type'> & Partial<Pick<Insertable<MediaTable>, 'type'>>): Promise<string> {
  const row = await db
    .insertInto('media')
    .values({ type: 'image', is_public: true, ...fields })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}
