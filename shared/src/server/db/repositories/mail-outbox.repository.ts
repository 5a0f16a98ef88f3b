import { sql } from 'kysely';
import type { Db } from '../db';
import type { MailMessage } from '../schema';

export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** Extra headers (List-Unsubscribe…). */
  headers?: Record<string, string>;
}

export class MailOutboxRepository {
  constructor(private readonly db: Db) {}

  async create(mail: OutgoingMail): Promise<string> {
    const row = await this.db
      .insertInto('mail_outbox')
      .values({ to_address: mail.to, subject: mail.subject, text_body: mail.text, html_body: mail.html, headers: mail.headers ? JSON.stringify(mail.headers) : null })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }

  find(id: string): Promise<MailMessage | undefined> {
    return this.db.selectFrom('mail_outbox').selectAll().where('id', '=', id).executeTakeFirst();
  }

  async markAttempt(id: string): Promise<void> {
    await this.db.updateTable('mail_outbox').set({ attempts: sql`attempts + 1` }).where('id', '=', id).execute();
  }

  /** `keepBody: false` clears the body once it left through SMTP: it may hold a sign-in code. */
  async markSent(id: string, transport: string, keepBody: boolean): Promise<void> {
    await this.db
      .updateTable('mail_outbox')
      .set({
        status: 'sent',
        transport,
        sent_at: new Date(),
        error: null,
        ...(keepBody ? {} : { text_body: null, html_body: null }),
      })
      .where('id', '=', id)
      .execute();
  }

  async markFailed(id: string, error: string): Promise<void> {
    await this.db.updateTable('mail_outbox').set({ status: 'failed', error: error.slice(0, 1000) }).where('id', '=', id).execute();
  }

  /** The development outbox: messages delivered to an address, newest first. */
  listDelivered(to: string, limit = 20): Promise<MailMessage[]> {
    return this.db
      .selectFrom('mail_outbox')
      .selectAll()
      .where('to_address', '=', to)
      .where('status', '=', 'sent')
      .orderBy('created_at', 'desc')
      .limit(limit)
      .execute();
  }
}
