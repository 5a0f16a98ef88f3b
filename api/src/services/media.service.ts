import type { DeleteMediaResponse } from '@app/shared/api/media';
import type { RunReceipt } from '@app/shared/api/run-receipt';
import type { Media, User } from '@app/shared/server/db';
import type { Logger } from '@app/shared/server/logger';
import { removeMedia } from '@app/shared/server/media';
import type { MediaUrls, Storage } from '@app/shared/server/storage';
import { DomainError, InvalidInputError } from '@app/shared/server/domain-errors';
import type { FirstScreenService } from './first-screen.service';
import { toMediaItem } from '@app/shared/server/media/media-presenter';
import type { RunReceipts } from '@app/shared/server/generation/run-receipt';
import { noSuch, notYours } from './service-errors';
import type { RepositoryPorts } from './repository-ports';

/** What a person reads when one item of a bulk delete fails for a reason not meant for them. */
export const DELETE_FAILED = 'Could not delete this item. Please try again.';

/** The owner's answer when they try to make public what an admin hid (issue 42). */
export const HIDDEN_BY_MODERATION = "This creation was hidden by moderation and can't be made public.";

export type DeleteReport = Required<DeleteMediaResponse>;

/** A person's own media: the library listing and deletion (files first, then the row). */
export class MediaService {
  constructor(
    private readonly repos: RepositoryPorts<{ media: 'countForUser' | 'listForUser' | 'findById' | 'idsOfUser' | 'setPublic' | 'claimGuestMedia' | 'deleteById' }>,
    private readonly storage: Storage,
    private readonly urls: MediaUrls,
    private readonly logger: Logger,
    /** An item made private or deleted leaves the drawn home at once (issue 42). */
    private readonly firstScreen: Pick<FirstScreenService, 'forget'>,
    private readonly receipts?: Pick<RunReceipts, 'forMedia'>,
  ) {}

  async library(user: User, query: { userId?: string; limit: number; offset: number; all: boolean; order: 'asc' | 'desc' }) {
    if (query.userId && query.userId !== user.id) throw notYours();
    const total = await this.repos.media.countForUser(user.id);
    const limit = query.all ? Math.max(total, 1) : query.limit;
    const rows = await this.repos.media.listForUser(user.id, { limit, offset: query.all ? 0 : query.offset, order: query.order });
    const receipts = (await this.receipts?.forMedia(user.id, rows)) ?? new Map<string, RunReceipt>();
    return {
      success: true as const,
      items: rows.map((row) => toMediaItem(row, this.urls, row.run_id ? receipts.get(row.run_id) : undefined)),
      total,
      hasMore: !query.all && query.offset + rows.length < total,
    };
  }

  async deleteOne(user: User, mediaId: string): Promise<void> {
    const media = await this.repos.media.findById(mediaId);
    if (!media) throw noSuch('media');
    if (media.user_id !== user.id) throw notYours();
    await this.remove(media);
  }

  /** Bulk and delete-all: each item on its own, so one failure does not stop the rest. */
  async deleteMany(user: User, mediaIds: string[] | 'all'): Promise<DeleteReport> {
    const ids = mediaIds === 'all' ? (await this.repos.media.idsOfUser(user.id)).map((m) => m.id) : [...new Set(mediaIds)];
    const report: DeleteReport = { success: false, deleted: 0, failed: 0, errors: [] };
    for (const mediaId of ids) {
      try {
        await this.deleteOne(user, mediaId);
        report.deleted += 1;
      } catch (error) {
        report.failed += 1;
        // Only our own errors (not found, not yours) are worded for people; a database or
        // storage message stays in the log.
        if (!(error instanceof DomainError)) this.logger.error({ err: error, mediaId }, 'media delete failed');
        report.errors.push({ mediaId, error: error instanceof DomainError ? error.message : DELETE_FAILED });
      }
    }
    report.success = report.deleted > 0 && report.failed === 0;
    return report;
  }

  async setPublic(user: User, mediaId: string, isPublic: boolean) {
    if (isPublic) {
      const media = await this.repos.media.findById(mediaId);
      if (media?.user_id === user.id && media.moderation === 'hidden') throw new InvalidInputError(HIDDEN_BY_MODERATION, 'HIDDEN_BY_MODERATION');
    }
    if (!(await this.repos.media.setPublic(user.id, mediaId, isPublic))) throw noSuch('media');
    this.firstScreen.forget();
    return { success: true as const, isPublic };
  }

  /** On sign-in the client names its guest id; that guest's media become the account's. */
  async claimGuestMedia(user: User, guestId: string) {
    const migrated = await this.repos.media.claimGuestMedia(guestId, user.id);
    return { success: true as const, migrated };
  }

  private async remove(media: Media): Promise<void> {
    await removeMedia(this.repos.media, this.storage, media);
    this.firstScreen.forget();
    this.logger.info({ mediaId: media.id }, 'media deleted');
  }
}
