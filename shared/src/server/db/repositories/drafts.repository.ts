import type { Db } from '../db';
import type { Draft } from '../schema';

export interface DraftFields {
  media_url?: string;
  prompt?: string;
  media_type?: 'photo' | 'video';
  aspect_ratio?: string;
  width?: number;
  height?: number;
  metadata?: Record<string, unknown>;
}

/** Drafts, always scoped to their owner: another person's id simply finds nothing. */
export class DraftsRepository {
  constructor(private readonly db: Db) {}

  create(userId: string, fields: DraftFields & { media_url: string }): Promise<Draft> {
    return this.db
      .insertInto('drafts')
      .values({ ...fields, user_id: userId, metadata: JSON.stringify(fields.metadata ?? {}) })
      .returningAll()
      .executeTakeFirstOrThrow();
  }

  update(userId: string, id: string, fields: DraftFields): Promise<Draft | undefined> {
    const { metadata, ...rest } = fields;
    return this.db
      .updateTable('drafts')
      .set({ ...rest, ...(metadata ? { metadata: JSON.stringify(metadata) } : {}), updated_at: new Date() })
      .where('id', '=', id)
      .where('user_id', '=', userId)
      .returningAll()
      .executeTakeFirst();
  }

  async delete(userId: string, id: string): Promise<boolean> {
    const result = await this.db.deleteFrom('drafts').where('id', '=', id).where('user_id', '=', userId).executeTakeFirst();
    return result.numDeletedRows > 0n;
  }

  list(userId: string): Promise<Draft[]> {
    return this.db.selectFrom('drafts').selectAll().where('user_id', '=', userId).orderBy('created_at', 'desc').limit(200).execute();
  }
}
