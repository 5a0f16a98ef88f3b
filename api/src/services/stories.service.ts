import { STORY_FIELDS_REQUIRED, STORY_NOT_FOUND, type Story, type StoryInput, storyInputSchema } from '@app/shared/api/stories';
import { countWords, slugify } from '@app/shared';
import type { Story as StoryRow } from '@app/shared/server/db';
import { ConflictError, InvalidInputError, NotFoundError } from '@app/shared/server/domain-errors';
import { isUniqueViolation } from '@app/shared/server/db/unique-violation';
import type { FileStill, StoryFields } from '@app/shared/server/repositories';
import { toStoryHeroStill } from '@app/shared/server/media/media-presenter';
import { MediaUrls } from '@app/shared/server/storage';
import { heroImageRef } from './own-media';
import type { RepositoryPorts } from './repository-ports';

const SLUG_ATTEMPTS = 5;
export const SLUG_CONFLICT = 'Other stories with this title are being created at the same moment. Please try again.';

/** The story archive (published stories, for everyone) and the editor's changes. */
export class StoriesService {
  constructor(
    private readonly repos: RepositoryPorts<{
      stories: 'list' | 'findBySlug' | 'findById' | 'slugsLike' | 'create' | 'update' | 'delete';
      feed: 'unlistedFiles' | 'stillsOfFiles';
    }>,
    private readonly urls: MediaUrls,
  ) {}

  async published(): Promise<Story[]> {
    return this.forStrangers(await this.repos.stories.list('published'));
  }

  /** Every story, whatever its status (the editor's list). */
  async all(): Promise<Story[]> {
    return this.present(await this.repos.stories.list());
  }

  async publishedBySlug(slug: string): Promise<Story> {
    const story = await this.repos.stories.findBySlug(slug);
    if (!story || story.status !== 'published') throw new NotFoundError(STORY_NOT_FOUND, 'STORY_NOT_FOUND');
    const [shown] = await this.forStrangers([story]);
    return shown!;
  }

  /** A new story's slug comes from its title; a taken one gets the first free numeric suffix. */
  async create(input: StoryInput): Promise<Story> {
    const fields = toFields(input, this.urls);
    const base = slugify(fields.title) || 'story';
    // Two stories of one title created at once can pick the same free slug: the loser of the
    // unique index looks again.
    for (let attempt = 1; ; attempt++) {
      const taken = new Set(await this.repos.stories.slugsLike(base));
      let slug = base;
      for (let n = 2; taken.has(slug); n++) slug = `${base}-${n}`;
      try {
        const [created] = await this.present([await this.repos.stories.create({ ...fields, slug })]);
        return created!;
      } catch (error) {
        if (!isUniqueViolation(error)) throw error;
        if (attempt >= SLUG_ATTEMPTS) throw new ConflictError(SLUG_CONFLICT, 'SLUG_CONFLICT');
      }
    }
  }

  /** An edited story keeps its slug (spec 3 §5). */
  async update(id: string, input: StoryInput): Promise<Story> {
    const updated = await this.repos.stories.update(id, toFields(input, this.urls));
    if (!updated) throw new NotFoundError(STORY_NOT_FOUND, 'STORY_NOT_FOUND');
    const [shown] = await this.present([updated]);
    return shown!;
  }

  async delete(id: string): Promise<void> {
    if (!(await this.repos.stories.delete(id))) throw new NotFoundError(STORY_NOT_FOUND, 'STORY_NOT_FOUND');
  }

  /** Stories as answered, each hero with its creation's smaller copies when it is one's still (issue 47). */
  private async present(rows: StoryRow[]): Promise<Story[]> {
    const stills = await this.heroStills(rows);
    return rows.map((row) => this.toStory(row, stills));
  }

  private heroStills(rows: StoryRow[]): Promise<Map<string, FileStill>> {
    const keys = rows.map(heroKey).filter((key) => key !== undefined);
    return keys.length > 0 ? this.repos.feed.stillsOfFiles(keys) : Promise.resolve(new Map());
  }

  private toStory(row: StoryRow, stills: ReadonlyMap<string, FileStill>): Story {
    const still = row.hero_image_url ? stills.get(row.hero_image_url) : undefined;
    return { ...toStory(row), hero_image_url: this.urls.url(row.hero_image_url), hero_still: still ? toStoryHeroStill(still, this.urls) : null };
  }

  /**
   * Published stories as everyone reads them. A story may show people's creations (its hero, an
   * inline image line: files of ours); one whose item is no longer public (private, held, hidden,
   * deleted, its owner banned) is left out, and comes back with the item (issue 42). The editor's
   * own list keeps them, so the editor sees what the story names.
   */
  private async forStrangers(rows: StoryRow[]): Promise<Story[]> {
    const lineKey = (line: string) => (IMAGE_LINE.test(line.trim()) ? this.urls.keyOf(line.trim()) : undefined);
    const keys = rows.flatMap((row) => [heroKey(row), ...row.full_story_content.split('\n').map(lineKey)]).filter((key) => key !== undefined);
    // Both read at once: a hero left out below is simply not looked up in `stills`.
    const [hidden, stills] = await Promise.all([keys.length > 0 ? this.repos.feed.unlistedFiles(keys) : new Set<string>(), this.heroStills(rows)]);
    return rows.map((row) => {
      if (hidden.size === 0) return this.toStory(row, stills);
      const hero = heroKey(row);
      const content = row.full_story_content
        .split('\n')
        .filter((line) => {
          const key = lineKey(line);
          return key === undefined || !hidden.has(key);
        })
        .join('\n');
      return this.toStory({ ...row, hero_image_url: hero !== undefined && hidden.has(hero) ? null : row.hero_image_url, full_story_content: content }, stills);
    });
  }
}

/** A hero of ours: its stored key (another site's picture is kept as its address). */
const heroKey = (row: StoryRow) => (row.hero_image_url && MediaUrls.isKey(row.hero_image_url) ? row.hero_image_url : undefined);

/** A body line the story page shows as an image: nothing but an address (the web's storyBlocks). */
const IMAGE_LINE = /^https?:\/\/\S+$/i;

/** The fields to store: a hero image of ours by its key (see MediaUrls). */
function toFields(input: StoryInput, urls: MediaUrls): StoryFields {
  const parsed = storyInputSchema.parse(input);
  if (!parsed.title || !parsed.teaser_text || !parsed.full_story_content) throw new InvalidInputError(STORY_FIELDS_REQUIRED, 'STORY_FIELDS_REQUIRED');
  return {
    title: parsed.title,
    teaser_text: parsed.teaser_text,
    full_story_content: parsed.full_story_content,
    hero_image_url: parsed.hero_image_url ? heroImageRef(parsed.hero_image_url, urls) : null,
    story_category: parsed.story_category,
    status: parsed.status,
    featured: parsed.featured,
    word_count: countWords(parsed.full_story_content),
  };
}

/** The story as stored; its hero is a reference, which the service makes an address. */
function toStory(row: StoryRow): Omit<Story, 'hero_still'> {
  return {
    id: row.id,
    slug: row.slug,
    title: row.title,
    teaser_text: row.teaser_text,
    hero_image_url: row.hero_image_url,
    full_story_content: row.full_story_content,
    story_category: row.story_category,
    status: row.status,
    featured: row.featured,
    word_count: row.word_count,
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
  };
}
