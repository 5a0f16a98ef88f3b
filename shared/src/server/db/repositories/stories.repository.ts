import type { Db } from '../db';
import type { Story, StoryStatus } from '../schema';

export interface StoryFields {
  title: string;
  teaser_text: string;
  full_story_content: string;
  hero_image_url: string | null;
  story_category: string;
  status: StoryStatus;
  featured: boolean;
  word_count: number;
}

/** The story archive. */
export class StoriesRepository {
  constructor(private readonly db: Db) {}

  /** Featured first, then newest; `status` narrows to one state (the public archive: published). */
  list(status?: StoryStatus): Promise<Story[]> {
    let query = this.db.selectFrom('stories').selectAll();
    if (status) query = query.where('status', '=', status);
    return query.orderBy('featured', 'desc').orderBy('created_at', 'desc').orderBy('id').execute();
  }

  findBySlug(slug: string): Promise<Story | undefined> {
    return this.db.selectFrom('stories').selectAll().where('slug', '=', slug).executeTakeFirst();
  }

  findById(id: string): Promise<Story | undefined> {
    return this.db.selectFrom('stories').selectAll().where('id', '=', id).executeTakeFirst();
  }

  /** Slugs starting with `base`, to pick a free one. */
  async slugsLike(base: string): Promise<string[]> {
    const rows = await this.db
      .selectFrom('stories')
      .select('slug')
      .where((eb) => eb.or([eb('slug', '=', base), eb('slug', 'like', `${base}-%`)]))
      .execute();
    return rows.map((r) => r.slug);
  }

  create(fields: StoryFields & { slug: string }): Promise<Story> {
    return this.db.insertInto('stories').values(fields).returningAll().executeTakeFirstOrThrow();
  }

  update(id: string, fields: StoryFields): Promise<Story | undefined> {
    return this.db.updateTable('stories').set({ ...fields, updated_at: new Date() }).where('id', '=', id).returningAll().executeTakeFirst();
  }

  async delete(id: string): Promise<boolean> {
    const result = await this.db.deleteFrom('stories').where('id', '=', id).executeTakeFirst();
    return result.numDeletedRows > 0n;
  }
}
