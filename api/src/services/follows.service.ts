import { CANNOT_FOLLOW_SELF, FOLLOW_TARGET_NOT_FOUND, type FollowPerson } from '@app/shared/api/follows';
import { InvalidInputError, NotFoundError } from '@app/shared/server/domain-errors';
import type { Logger } from '@app/shared/server/logger';
import type { FollowPerson as FollowRow } from '@app/shared/server/repositories';
import type { MediaUrls } from '@app/shared/server/storage';
import { decodeCursor, encodeCursor } from './feed-cursors';
import type { RepositoryPorts } from './repository-ports';

/** Told of each new follow (a repeat of one already there is not new); notifications listen here. */
export interface FollowListener {
  followed(followerId: string, followeeId: string): Promise<void>;
}

interface PageQuery {
  limit: number;
  cursor?: string | undefined;
}

/**
 * follow-creator, unfollow-creator, get-following and get-followers (issue 46 §2). Both calls are
 * idempotent; a missing or banned account is not found whichever way, so a follow never tells
 * that a banned account exists.
 */
export class FollowsService {
  constructor(
    private readonly repos: RepositoryPorts<{ follows: 'follow' | 'unfollow' | 'counts' | 'following' | 'followers'; users: 'findById' }>,
    private readonly listener: FollowListener,
    private readonly urls: MediaUrls,
    private readonly logger?: Logger,
  ) {}

  async follow(followerId: string, followeeId: string) {
    if (followerId === followeeId) throw new InvalidInputError(CANNOT_FOLLOW_SELF, 'CANNOT_FOLLOW_SELF');
    const { found, created } = await this.repos.follows.follow(followerId, followeeId);
    if (!found) throw notFound();
    if (created) {
      // The follow stands whatever a listener does: its failure is logged, never the caller's.
      await this.listener.followed(followerId, followeeId).catch((error: unknown) => this.logger?.warn({ err: error, followerId, followeeId }, 'follow listener failed'));
    }
    return this.answer(followeeId, true);
  }

  async unfollow(followerId: string, followeeId: string) {
    if (followerId === followeeId) throw new InvalidInputError(CANNOT_FOLLOW_SELF, 'CANNOT_FOLLOW_SELF');
    await this.visible(followeeId);
    await this.repos.follows.unfollow(followerId, followeeId);
    return this.answer(followeeId, false);
  }

  /** Whom `userId` follows, newest follow first. */
  async following(userId: string, query: PageQuery) {
    const cursor = query.cursor ? decodeCursor(query.cursor) : undefined;
    return this.page(await this.repos.follows.following(userId, { limit: query.limit + 1, ...(cursor ? { cursor } : {}) }), query.limit);
  }

  /** Who follows `userId` (a public list; not found for a missing or banned account). */
  async followers(userId: string, query: PageQuery) {
    await this.visible(userId);
    const cursor = query.cursor ? decodeCursor(query.cursor) : undefined;
    return this.page(await this.repos.follows.followers(userId, { limit: query.limit + 1, ...(cursor ? { cursor } : {}) }), query.limit);
  }

  private async visible(userId: string) {
    const user = await this.repos.users.findById(userId);
    if (!user || user.banned) throw notFound();
    return user;
  }

  private async answer(userId: string, viewerFollows: boolean) {
    const { followers } = await this.repos.follows.counts(userId);
    return { success: true as const, userId, viewerFollows, followers };
  }

  private page(rows: FollowRow[], limit: number) {
    const items = rows.slice(0, limit);
    const last = items.at(-1);
    const hasMore = rows.length > limit;
    return {
      success: true as const,
      items: items.map((row): FollowPerson => ({
        id: row.id,
        username: row.username,
        name: row.name?.trim() || row.username,
        avatar: this.urls.url(row.avatar_url),
        followedAt: row.followed_at.toISOString(),
      })),
      hasMore,
      nextCursor: hasMore && last ? encodeCursor({ createdAt: last.followed_at, id: last.id }) : null,
    };
  }
}

const notFound = () => new NotFoundError(FOLLOW_TARGET_NOT_FOUND, 'NOT_FOUND');
