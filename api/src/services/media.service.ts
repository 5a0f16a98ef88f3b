import { type Db, type Logger, type Media, MediaRepository, type Storage, type User, removeMedia } from '@app/shared/server';
import { HttpError, forbidden, notFound } from '../http/errors';

/** What a person reads when one item of a bulk delete fails for a reason not meant for them. */
export const DELETE_FAILED = 'Could not delete this item. Please try again.';

export interface DeleteReport {
  success: boolean;
  deleted: number;
  failed: number;
  errors: Array<{ mediaId: string; error: string }>;
}

/** A person's own media: the library listing and deletion (files first, then the row). */
export class MediaService {
  constructor(
    private readonly db: Db,
    private readonly storage: Storage,
    private readonly logger: Logger,
  ) {}

  async library(user: User, query: { userId?: string; limit: number; offset: number; all: boolean; order: 'asc' | 'desc' }) {
    if (query.userId && query.userId !== user.id) throw forbidden();
    const repo = new MediaRepository(this.db);
    const total = await repo.countForUser(user.id);
    const limit = query.all ? Math.max(total, 1) : query.limit;
    const rows = await repo.listForUser(user.id, { limit, offset: query.all ? 0 : query.offset, order: query.order });
    return {
      success: true as const,
      items: rows.map(toLibraryItem),
      total,
      hasMore: !query.all && query.offset + rows.length < total,
    };
  }

  async deleteOne(user: User, mediaId: string): Promise<void> {
    const media = await new MediaRepository(this.db).findById(mediaId);
    if (!media) throw notFound('No such media');
    if (media.user_id !== user.id) throw forbidden();
    await this.remove(media);
  }

  /** Bulk and delete-all: each item on its own, so one failure does not stop the rest. */
  async deleteMany(user: User, mediaIds: string[] | 'all'): Promise<DeleteReport> {
    const repo = new MediaRepository(this.db);
    const ids = mediaIds === 'all' ? (await repo.idsOfUser(user.id)).map((m) => m.id) : [...new Set(mediaIds)];
    const report: DeleteReport = { success: false, deleted: 0, failed: 0, errors: [] };
    for (const mediaId of ids) {
      try {
        await this.deleteOne(user, mediaId);
        report.deleted += 1;
      } catch (error) {
        report.failed += 1;
        // Only our own errors (not found, not yours) are worded for people; a database or
        // storage message stays in the log.
        if (!(error instanceof HttpError)) this.logger.error({ err: error, mediaId }, 'media delete failed');
        report.errors.push({ mediaId, error: error instanceof HttpError ? error.message : DELETE_FAILED });
      }
    }
    report.success = report.deleted > 0 && report.failed === 0;
    return report;
  }

  async setPublic(user: User, mediaId: string, isPublic: boolean) {
    if (!(await new MediaRepository(this.db).setPublic(user.id, mediaId, isPublic))) throw notFound('No such media');
    return { success: true as const, isPublic };
  }

  /** On sign-in the client names its guest id; that guest's media become the account's. */
  async claimGuestMedia(user: User, guestId: string) {
    const migrated = await new MediaRepository(this.db).claimGuestMedia(guestId, user.id);
    return { success: true as const, migrated };
  }

  private async remove(media: Media): Promise<void> {
    await removeMedia(this.db, this.storage, media);
    this.logger.info({ mediaId: media.id }, 'media deleted');
  }
}

/** A media item as the library reads it (spec 2 §3). */
export function toLibraryItem(media: Media) {
  const metadata = media.metadata as Record<string, unknown>;
  return {
    id: media.id,
    userId: media.user_id,
    runId: media.run_id,
    mediaType: media.type === 'video' ? 'video' : 'photo',
    type: media.preset_type,
    presetType: media.preset_type,
    finalUrl: media.final_url,
    url: media.final_url,
    thumbnailUrl: media.thumbnail_url,
    prompt: media.prompt,
    presetKey: media.preset_key,
    status: media.status,
    createdAt: media.created_at.toISOString(),
    isPublic: media.is_public,
    likes_count: media.likes_count,
    cloudinaryPublicId: media.cloudinary_public_id,
    expiresAt: media.expires_at?.toISOString() ?? null,
    metadata: { ...metadata, width: media.width, height: media.height },
  };
}
