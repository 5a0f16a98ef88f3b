import { REPORT_RECEIVED, type ReportReason } from '@app/shared/api/reports';
import type { User } from '@app/shared/server/db';
import { InvalidInputError } from '@app/shared/server/domain-errors';
import type { FeedService } from './feed.service';
import type { RateQuota } from './rate-quota';
import type { RepositoryPorts } from './repository-ports';

export const OWN_MEDIA_REPORT = "You can't report your own creation.";

/**
 * report-media (issue 42): a signed-in person reports a creation they can see, once while their
 * report is open; a second report of the same item is answered as received, without a new row.
 */
export class ReportsService {
  constructor(
    private readonly repos: RepositoryPorts<{ reports: 'create' }>,
    private readonly feed: Pick<FeedService, 'visible'>,
    private readonly quota: RateQuota<'reportsPerUser'>,
  ) {}

  async report(user: User, input: { mediaId: string; reason: ReportReason; note?: string | undefined }) {
    // What get-media-item would show them, or the same 404: a private item stays unknown.
    const media = await this.feed.visible(input.mediaId, user.id);
    if (media.user_id === user.id) throw new InvalidInputError(OWN_MEDIA_REPORT, 'OWN_MEDIA');
    await this.quota.consume('reportsPerUser', user.id);
    const { created } = await this.repos.reports.create({ mediaId: media.id, reporterId: user.id, reason: input.reason, note: input.note || null });
    return { success: true as const, alreadyReported: !created, message: REPORT_RECEIVED };
  }
}
