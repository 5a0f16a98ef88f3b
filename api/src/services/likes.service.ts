import { likeKey } from '@app/shared';
import type { User } from '@app/shared/server/db';
import { noSuch } from './service-errors';
import type { RepositoryPorts } from './repository-ports';

/** toggleLike and getUserLikes: what strangers may see (or one's own) can be liked once per person. */
export class LikesService {
  constructor(
    private readonly repos: RepositoryPorts<{ feed: 'byId'; likes: 'toggle' | 'likedBy' }>,
    /** Tells the liked person's open pages of the like's notification (written with the like); never throws. */
    private readonly signal: (userId: string) => Promise<void> = async () => {},
  ) {}

  /**
   * Someone else's item that is not publicly listed (private, held, hidden, its owner banned) is
   * refused as a missing one is: a like must not tell that it exists, nor move its counts.
   */
  async toggle(user: User, mediaId: string) {
    const media = await this.repos.feed.byId(mediaId);
    if (!media || (!media.listed && media.user_id !== user.id)) throw noSuch('media');
    const result = await this.repos.likes.toggle(user.id, mediaId);
    if (!result) throw noSuch('media');
    // Off the answer's path: the liker does not wait for the owner's pages to be told.
    if (result.notified) void this.signal(result.notified);
    return { success: true as const, liked: result.liked, likesCount: result.likesCount };
  }

  async likesOf(user: User) {
    const rows = await this.repos.likes.likedBy(user.id);
    return {
      success: true as const,
      likes: Object.fromEntries(rows.map((r) => [likeKey(r.preset_type, r.id), true as const])),
      count: rows.length,
    };
  }
}
