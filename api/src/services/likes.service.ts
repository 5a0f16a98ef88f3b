import { likeKey } from '@app/shared';
import { type Db, LikesRepository, MediaRepository, type User } from '@app/shared/server';
import { notFound } from '../http/errors';

/** toggleLike and getUserLikes: public media (or one's own) can be liked once per person. */
export class LikesService {
  constructor(private readonly db: Db) {}

  async toggle(user: User, mediaId: string) {
    const media = await new MediaRepository(this.db).findById(mediaId);
    if (!media || (!media.is_public && media.user_id !== user.id)) throw notFound('No such media');
    const result = await new LikesRepository(this.db).toggle(user.id, mediaId);
    if (!result) throw notFound('No such media');
    return { success: true as const, liked: result.liked, likesCount: result.likesCount };
  }

  async likesOf(user: User) {
    const rows = await new LikesRepository(this.db).likedBy(user.id);
    return {
      success: true as const,
      likes: Object.fromEntries(rows.map((r) => [likeKey(r.preset_type, r.id), true])),
      count: rows.length,
    };
  }
}
