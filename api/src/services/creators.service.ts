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
    private readonly repos: RepositoryPorts<{ users: 'findByUsername'; feed: 'creatorStats'; follows: 'counts' | 'isFollowing' }>,
    private readonly feed: Pick<FeedService, 'page'>,
    private readonly urls: MediaUrls,
  ) {}

  /**
   * The creator's header only (page meta reads it). Banned accounts have no public page. With a
   * signed-in viewer, whether they follow the creator (never oneself).
   */
  async creator(username: string, viewerId?: string) {
    const user = await this.repos.users.findByUsername(username);
    if (!user?.username || user.banned) throw new NotFoundError(CREATOR_NOT_FOUND, 'NOT_FOUND');
    const [stats, counts, viewerFollows] = await Promise.all([
      this.repos.feed.creatorStats(user.id),
      this.repos.follows.counts(user.id),
      viewerId && viewerId !== user.id ? this.repos.follows.isFollowing(viewerId, user.id) : false,
    ]);
    return { user, creator: toCreator({ ...user, username: user.username }, { ...stats, ...counts, viewerFollows }, this.urls) };
  }

  async page(query: CreatorQuery) {
    const { user, creator } = await this.creator(query.username, query.viewerId);
    const page = await this.feed.page({
      limit: query.limit,
      creatorId: user.id,
      ...(query.cursor ? { cursor: query.cursor } : {}),
      ...(query.viewerId ? { viewerId: query.viewerId } : {}),
    });
    return { ...page, creator };
  }
}
