import { sql } from 'kysely';
import type { AdminStats, IdentityCounts, RunStats } from '../../../api/admin';
import type { Db } from '../db';

/** The figures of the admin dashboard, read straight from the tables. */
export class AdminInsightsRepository {
  constructor(private readonly db: Db) {}

  async platformStats(activeSince: Date): Promise<AdminStats> {
    const users = await this.db
      .selectFrom('users')
      .select((eb) => [
        eb.fn.countAll<string>().as('total'),
        eb.fn.coalesce(eb.fn.sum<string>('credits'), sql<string>`0`).as('credits'),
        sql<string>`count(*) filter (where last_active_at >= ${activeSince})`.as('active'),
      ])
      .executeTakeFirstOrThrow();
    const media = await this.db.selectFrom('media').select((eb) => eb.fn.countAll<string>().as('total')).executeTakeFirstOrThrow();
    // Open reports use media_reports_queue_idx (partial: resolved_at is null), so this stays a small read.
    const reports = await this.db
      .selectFrom('media_reports')
      .select((eb) => eb.fn.countAll<string>().as('open'))
      .where('resolved_at', 'is', null)
      .executeTakeFirstOrThrow();
    return {
      totalUsers: Number(users.total),
      totalMedia: Number(media.total),
      activeUsers: Number(users.active),
      totalCredits: Number(users.credits),
      openReports: Number(reports.open),
    };
  }

  /** Runs finished since a moment, by mode and provider. */
  async runCounts(since: Date): Promise<RunStats[]> {
    const rows = await this.db
      .selectFrom('generation_runs')
      .select([
        'mode',
        sql<string>`coalesce(provider, 'unknown')`.as('provider'),
        sql<string>`count(*) filter (where status = 'done')`.as('done'),
        sql<string>`count(*) filter (where status = 'failed')`.as('failed'),
      ])
      .where('finished_at', '>=', since)
      .groupBy(['mode', sql`coalesce(provider, 'unknown')`])
      .orderBy('mode')
      .execute();
    return rows.map((r) => ({ mode: r.mode, provider: r.provider, done: Number(r.done), failed: Number(r.failed) }));
  }

  /** Median and 95th percentile of run time (created to finished), in seconds. */
  async runDurations(since: Date): Promise<{ median: number | null; p95: number | null }> {
    const row = await this.db
      .selectFrom('generation_runs')
      .select([
        sql<number | null>`percentile_cont(0.5) within group (order by extract(epoch from finished_at - created_at))`.as('median'),
        sql<number | null>`percentile_cont(0.95) within group (order by extract(epoch from finished_at - created_at))`.as('p95'),
      ])
      .where('finished_at', '>=', since)
      .executeTakeFirstOrThrow();
    const seconds = (value: number | string | null) => (value === null ? null : Math.round(Number(value) * 10) / 10);
    return { median: seconds(row.median), p95: seconds(row.p95) };
  }

  /** The identity check of outputs made since a moment, by mode (the media rows keep its result). */
  /** How far the variants backfill is: items with their variants made (or none possible), of all. */
  async variantProgress(): Promise<{ done: number; total: number }> {
    const row = await this.db
      .selectFrom('media')
      .select([sql<string>`count(*) filter (where variants is not null)`.as('done'), sql<string>`count(*)`.as('total')])
      .executeTakeFirstOrThrow();
    return { done: Number(row.done), total: Number(row.total) };
  }

  async identityCounts(since: Date): Promise<IdentityCounts[]> {
    const rows = await this.db
      .selectFrom('media')
      .innerJoin('generation_runs', 'generation_runs.run_id', 'media.run_id')
      .select([
        'generation_runs.mode as mode',
        sql<string>`count(*)`.as('checked'),
        sql<string>`count(*) filter (where (media.metadata->'identity'->>'passed')::boolean)`.as('passed'),
        sql<string>`count(*) filter (where (media.metadata->'identity'->>'attempts')::int > 1)`.as('retried'),
      ])
      .where('media.created_at', '>=', since)
      .where(sql<boolean>`(media.metadata->'identity'->>'applicable')::boolean`)
      .groupBy('generation_runs.mode')
      .orderBy('generation_runs.mode')
      .execute();
    return rows.map((r) => ({ mode: r.mode, checked: Number(r.checked), passed: Number(r.passed), retried: Number(r.retried) }));
  }
}
