import { REPORT_RECEIVED } from '@app/shared/api/reports';
import { InvalidInputError, NotFoundError, TooManyRequestsError } from '@app/shared/server/domain-errors';
import { describe, expect, it } from 'vitest';
import { aUser } from '../../testing/rows';
import { OWN_MEDIA_REPORT, ReportsService } from './reports.service';

const reporter = aUser({ id: 'reporter' });
const owner = 'owner';

/** The service over an in-memory report table, a feed that shows `visible`, and a quota of `points`. */
function service(options: { visible?: string[]; points?: number } = {}) {
  const rows: Array<{ mediaId: string; reporterId: string; reason: string; note: string | null }> = [];
  const spent = new Map<string, number>();
  const reports = new ReportsService(
    {
      reports: {
        create: async (report) => {
          if (rows.some((row) => row.mediaId === report.mediaId && row.reporterId === report.reporterId)) return { created: false };
          rows.push(report);
          return { created: true };
        },
      },
    },
    {
      visible: async (id: string, viewerId?: string) => {
        if (!(options.visible ?? ['theirs', 'mine']).includes(id)) throw new NotFoundError('Creation not found', 'MEDIA_NOT_FOUND');
        return { id, user_id: id === 'mine' ? viewerId : owner } as Awaited<ReturnType<import('./feed.service').FeedService['visible']>>;
      },
    },
    {
      consume: async (rule: string, key: string) => {
        const used = (spent.get(`${rule}:${key}`) ?? 0) + 1;
        if (used > (options.points ?? 20)) throw new TooManyRequestsError('Too many requests. Please wait a moment.', 'RATE_LIMITED', 60);
        spent.set(`${rule}:${key}`, used);
      },
    },
  );
  return { reports, rows, spent };
}

describe('ReportsService', () => {
  it('records a report once, and answers a repeat as received without a second row', async () => {
    const { reports, rows } = service();
    await expect(reports.report(reporter, { mediaId: 'theirs', reason: 'violence', note: 'A fight' })).resolves.toEqual({
      success: true,
      alreadyReported: false,
      message: REPORT_RECEIVED,
    });
    await expect(reports.report(reporter, { mediaId: 'theirs', reason: 'other', note: '' })).resolves.toMatchObject({ alreadyReported: true });
    expect(rows).toEqual([{ mediaId: 'theirs', reporterId: 'reporter', reason: 'violence', note: 'A fight' }]);
  });

  it('refuses one’s own creation and what the reporter cannot see, without spending their quota', async () => {
    const { reports, spent } = service();
    await expect(reports.report(reporter, { mediaId: 'mine', reason: 'other' })).rejects.toThrow(new InvalidInputError(OWN_MEDIA_REPORT, 'OWN_MEDIA'));
    await expect(reports.report(reporter, { mediaId: 'private', reason: 'other' })).rejects.toBeInstanceOf(NotFoundError);
    expect(spent.size).toBe(0);
  });

  it('stops a person at their quota', async () => {
    const { reports, rows } = service({ points: 1, visible: ['a', 'b'] });
    await reports.report(reporter, { mediaId: 'a', reason: 'other' });
    await expect(reports.report(reporter, { mediaId: 'b', reason: 'other' })).rejects.toBeInstanceOf(TooManyRequestsError);
    expect(rows.map((row) => row.mediaId)).toEqual(['a']);
  });
});
