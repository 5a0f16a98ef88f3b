import { type JobQueues, MailOutboxRepository, type OutgoingMail, type Db } from '@app/shared/server';

/** Queues a message: a row in the outbox, then a job carrying its id for the worker to send. */
export class MailService {
  constructor(
    private readonly db: Db,
    private readonly queues: JobQueues,
  ) {}

  async send(mail: OutgoingMail): Promise<string> {
    const messageId = await new MailOutboxRepository(this.db).create(mail);
    await this.queues.add('email', 'send-email', { messageId }, { jobId: `mail-${messageId}` });
    return messageId;
  }
}
