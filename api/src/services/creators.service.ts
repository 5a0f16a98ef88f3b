import { CREATOR_NOT_FOUND } from '@app/shared/api/creators';
import { NotFoundError } from '@app/shared/server/domain-errors';
import type { FeedService } from './feed.service';
import type { MediaUrls } from '@app/shared/server/storage';
import { toCreator } from '@app/shared/server/media/media-presenter';
import type { RepositoryPorts } from './repository-ports';

export interface CreatorQuery {
  username: string;
  limit: number;
  cursor?: string;
  viewerId?: string;
}

/** A creator's public page (/u/<username>): who they are and their public creations, newest first. */
export class CreatorsService {
  constructor(
    private readonly repos: RepositoryPorts<{ users: 'findByUsername'; feed: 'creatorStats' }>,
    private readonly feed: Pick<FeedService, 'page'>,
    private readonly urls: MediaUrls,
  ) {}

  /** The creator's header only (page meta reads it). Banned accounts have no public page. */
  async creator(username: string) {
    const user = await this.repos.users.findByUsername(username);
    if (!user?.username || user.banned) throw new NotFoundError(CREATOR_NOT_FOUND, 'NOT_FOUND');
    const stats = await this.repos.feed.creatorStats(user.id);
    return { user, creator: toCreator({ ...user, username: user.username }, stats, this.urls) };
  }

  async page(query: CreatorQuery) {
    const { user, creator } = await this.creator(query.username);
    const page = await this.feed.page({
      limit: query.limit,
      creatorId: user.id,
      ...(query.cursor ? { cursor: query.cursor } : {}),
      ...(query.viewerId ? { viewerId: query.viewerId } : {}),
    });
    return { ...page, creator };
  }
}
