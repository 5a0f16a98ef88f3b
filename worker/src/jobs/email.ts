import type { Job } from 'bullmq';
import type { Logger } from '@app/shared/server/logger';
import type { Mailer } from '@app/shared/server/mail';
import type { Repositories } from '@app/shared/server/repositories';

/**
 * send-email: loads the message by id and sends it once. A sent message is skipped, so a
 * retried or duplicated job never mails twice; a failure is retried with backoff by BullMQ.
 */
export function sendEmailHandler(outbox: Repositories['mailOutbox'], mailer: Mailer, logger: Logger) {
  return async ({ messageId }: { messageId: string }, job: Job) => {
    const message = await outbox.find(messageId);
    if (!message) return { skipped: 'missing' };
    if (message.status === 'sent') return { skipped: 'already sent' };
    await outbox.markAttempt(messageId);
    try {
      await mailer.send({ to: message.to_address, subject: message.subject, text: message.text_body ?? '', html: message.html_body ?? '', ...(message.headers ? { headers: message.headers } : {}) });
    } catch (error) {
      const lastAttempt = job.attemptsMade + 1 >= (job.opts.attempts ?? 1);
      if (lastAttempt) await outbox.markFailed(messageId, error instanceof Error ? error.message : String(error));
      throw error;
    }
    await outbox.markSent(messageId, mailer.transport, mailer.keepsBody);
    logger.info({ messageId, transport: mailer.transport }, 'mail sent');
    return { sent: true };
  };
}
