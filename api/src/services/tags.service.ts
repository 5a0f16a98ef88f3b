import { TAG_NOT_FOUND, TAG_PAGE_MEDIA_LIMIT, type TagPage, tagSchema } from '@app/shared/api/stories';
import { TAG_POPULAR_LIMIT } from '@app/shared';
import { NotFoundError } from '@app/shared/server/domain-errors';
import type { MediaUrls } from '@app/shared/server/storage';
import { toTagMedia } from '@app/shared/server/media/media-presenter';
import type { RepositoryPorts } from './repository-ports';

/** Tag pages: the public media carrying a tag, its count and the tags found beside it. */
export class TagsService {
  constructor(
    private readonly repos: RepositoryPorts<{ feed: 'page' | 'countTagged' | 'relatedTags' | 'topTags' }>,
    private readonly urls: MediaUrls,
  ) {}

  async page(rawTag: string): Promise<TagPage> {
    const parsed = tagSchema.safeParse(rawTag);
    if (!parsed.success) throw new NotFoundError(TAG_NOT_FOUND, 'TAG_NOT_FOUND');
    const tag = parsed.data;
    const [totalCount, rows, popularTags] = await Promise.all([
      this.repos.feed.countTagged(tag),
      this.repos.feed.page({ tag, limit: TAG_PAGE_MEDIA_LIMIT }),
      this.repos.feed.relatedTags(tag, TAG_POPULAR_LIMIT),
    ]);
    if (totalCount === 0) throw new NotFoundError(TAG_NOT_FOUND, 'TAG_NOT_FOUND');
    return { success: true, tag, totalCount, popularTags, media: rows.map((row) => toTagMedia(row, this.urls)) };
  }

  topTags(limit: number): Promise<string[]> {
    return this.repos.feed.topTags(limit);
  }
}
