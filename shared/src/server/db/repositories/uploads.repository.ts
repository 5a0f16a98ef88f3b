import type { Insertable } from 'kysely';
import type { Db } from '../db';
import type { Screening, Upload, UploadsTable } from '../schema';

export type NewUpload = Insertable<UploadsTable>;

/** Files people uploaded (generation sources, profile pictures, draft media). */
export class UploadsRepository {
  constructor(private readonly db: Db) {}

  insert(upload: NewUpload): Promise<Upload> {
    return this.db.insertInto('uploads').values(upload).returningAll().executeTakeFirstOrThrow();
  }

  findByPublicId(publicId: string): Promise<Upload | undefined> {
    return this.db.selectFrom('uploads').selectAll().where('public_id', '=', publicId).executeTakeFirst();
  }

  /** The screening's scores on a source photo (kept, so a photo used again is classified once). */
  async saveScreening(publicId: string, screening: Screening): Promise<void> {
    await this.db.updateTable('uploads').set({ screening: JSON.stringify(screening) }).where('public_id', '=', publicId).execute();
  }

  /** A person's uploads, newest first. */
  listForUser(userId: string, options: { limit?: number; offset?: number } = {}): Promise<Upload[]> {
    return this.db
      .selectFrom('uploads')
      .selectAll()
      .where('user_id', '=', userId)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(options.limit ?? 50)
      .offset(options.offset ?? 0)
      .execute();
  }
}
