import { sql } from 'kysely';
import type { Db } from '../db';
import type { MediaReportsTable, ReportReason } from '../schema';

type Resolution = NonNullable<MediaReportsTable['resolution']>;

/** How many of the newest notes the review queue shows per item. */
export const QUEUE_NOTES_PER_ITEM = 3;

/** The open reports of one item: how many, and the first. Null fields for an item nobody reported. */
const openReports = sql`(
  select media_id, count(*) as open_reports, min(created_at) as first_reported_at, bool_or(reason = 'minor') as minor
  from media_reports where resolved_at is null group by media_id
)`;

/**
 * Reports of media (issue 42): one open report per person per item (the partial unique index of
 * migration 0019), and the review queue the admin works through.
 */
export class ReportsRepository {
  constructor(private readonly db: Db) {}

  /** Records a report; `created` is false when this person already has one open on the item. */
  async create(report: { mediaId: string; reporterId: string; reason: ReportReason; note: string | null }): Promise<{ created: boolean }> {
    const row = await this.db
      .insertInto('media_reports')
      .values({ media_id: report.mediaId, reporter_id: report.reporterId, reason: report.reason, note: report.note })
      .onConflict((oc) => oc.columns(['media_id', 'reporter_id']).where('resolved_at', 'is', null).doNothing())
      .returning('id')
      .executeTakeFirst();
    return { created: row !== undefined };
  }

  /**
   * What waits for review: items with open reports and items the screening holds ('review',
   * 'held'), most urgent first: reported as showing a minor, then held (scored above "block"),
   * then most open reports, then the longest waiting (first report, else the item's creation).
   */
  async queue(limit: number) {
    const rows = await sql<{
      id: string;
      type: 'image' | 'video';
      prompt: string | null;
      final_url: string | null;
      thumbnail_url: string | null;
      metadata: Record<string, unknown>;
      is_public: boolean;
      moderation: 'clear' | 'review' | 'held' | 'hidden';
      moderation_reason: string | null;
      screening: unknown;
      created_at: Date;
      owner_id: string | null;
      owner_name: string | null;
      owner_username: string | null;
      owner_banned: boolean | null;
      open_reports: string | null;
      first_reported_at: Date | null;
    }>`
      select m.id, m.type, m.prompt, m.final_url, m.thumbnail_url, m.metadata, m.is_public, m.moderation,
        m.moderation_reason, m.screening, m.created_at,
        u.id as owner_id, u.name as owner_name, u.username as owner_username, u.banned as owner_banned,
        r.open_reports, r.first_reported_at
      from media m
      left join ${openReports} r on r.media_id = m.id
      left join users u on u.id = m.user_id
      where r.media_id is not null or m.moderation in ('review', 'held')
      order by coalesce(r.minor, false) desc, (m.moderation = 'held') desc, coalesce(r.open_reports, 0) desc,
        coalesce(r.first_reported_at, m.created_at) asc, m.id
      limit ${limit}
    `.execute(this.db);
    return rows.rows.map((row) => ({
      ...row,
      open_reports: Number(row.open_reports ?? 0),
      created_at: new Date(row.created_at),
      first_reported_at: row.first_reported_at ? new Date(row.first_reported_at) : null,
    }));
  }

  /** The open reports of these items by reason. */
  async reasonCounts(mediaIds: string[]): Promise<Array<{ media_id: string; reason: string; count: number }>> {
    if (mediaIds.length === 0) return [];
    const rows = await this.db
      .selectFrom('media_reports')
      .select(['media_id', 'reason', (eb) => eb.fn.countAll<string>().as('count')])
      .where('media_id', 'in', mediaIds)
      .where('resolved_at', 'is', null)
      .groupBy(['media_id', 'reason'])
      .execute();
    return rows.map((row) => ({ media_id: row.media_id, reason: row.reason, count: Number(row.count) }));
  }

  /** The newest notes of these items' open reports, `perItem` each, newest first. */
  async newestNotes(mediaIds: string[], perItem = QUEUE_NOTES_PER_ITEM): Promise<Array<{ media_id: string; reason: string; note: string; created_at: Date }>> {
    if (mediaIds.length === 0) return [];
    const rows = await sql<{ media_id: string; reason: string; note: string; created_at: Date }>`
      select media_id, reason, note, created_at from (
        select media_id, reason, note, created_at,
          row_number() over (partition by media_id order by created_at desc, id) as place
        from media_reports
        where resolved_at is null and note is not null and note <> '' and media_id in (${sql.join(mediaIds)})
      ) newest
      where place <= ${perItem}
      order by media_id, created_at desc
    `.execute(this.db);
    return rows.rows.map((row) => ({ ...row, created_at: new Date(row.created_at) }));
  }

  /** The reason most open reports of an item give (ties: the one given first); undefined when none is open. */
  async topOpenReason(mediaId: string): Promise<ReportReason | undefined> {
    const row = await this.db
      .selectFrom('media_reports')
      .select('reason')
      .where('media_id', '=', mediaId)
      .where('resolved_at', 'is', null)
      .groupBy('reason')
      .orderBy(sql`count(*)`, 'desc')
      .orderBy(sql`min(created_at)`, 'asc')
      .limit(1)
      .executeTakeFirst();
    return row?.reason;
  }

  /** Closes every open report of an item with the admin's decision; answers how many. */
  async resolveOpen(mediaId: string, resolution: Resolution, at = new Date()): Promise<number> {
    const result = await this.db
      .updateTable('media_reports')
      .set({ resolved_at: at, resolution })
      .where('media_id', '=', mediaId)
      .where('resolved_at', 'is', null)
      .executeTakeFirst();
    return Number(result.numUpdatedRows);
  }
}
