import type { Db } from '../db';

export interface AuditRecord {
  action: string;
  target?: string | null;
  details?: Record<string, unknown>;
  ip?: string | null;
}

/** The admin's audit log: one row per admin action, newest first when read. */
export class AdminAuditRepository {
  constructor(private readonly db: Db) {}

  async record(entry: AuditRecord): Promise<void> {
    await this.db
      .insertInto('admin_audit')
      .values({ action: entry.action, target: entry.target ?? null, details: JSON.stringify(entry.details ?? {}), ip: entry.ip ?? null })
      .execute();
  }

  recent(limit: number) {
    return this.db.selectFrom('admin_audit').selectAll().orderBy('created_at', 'desc').orderBy('id', 'desc').limit(limit).execute();
  }
}
