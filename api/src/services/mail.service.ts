import type { JobQueues } from '@app/shared/server/queue';
import type { OutgoingMail } from '@app/shared/server/repositories';
import type { RepositoryPorts } from './repository-ports';

/** Queues a message: a row in the outbox, then a job carrying its id for the worker to send. */
export class MailService {
  constructor(
    private readonly repos: RepositoryPorts<{ mailOutbox: 'create' }>,
    private readonly queues: Pick<JobQueues, 'add'>,
  ) {}

  async send(mail: OutgoingMail): Promise<string> {
    const messageId = await this.repos.mailOutbox.create(mail);
    await this.queues.add('email', 'send-email', { messageId }, { jobId: `mail-${messageId}` });
    return messageId;
  }
}
