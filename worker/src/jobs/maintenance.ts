import type { Logger } from '@app/shared/server/logger';
import { dailyCreditTopup, expireGuestMedia } from '@app/shared/server/maintenance';
import type { Storage } from '@app/shared/server/storage';
import type { Repositories } from '@app/shared/server/repositories';
import { type DigestDeps, sendNotificationDigests } from '@app/shared/server/notifications';
import type { JobQueues } from '@app/shared/server/queue';

/** expire-guest-media: hourly; removes guest media past their 48 hours. */
export function expireGuestMediaHandler(repos: Pick<Repositories, 'media'>, storage: Storage, logger: Logger) {
  return async () => {
    const removed = await expireGuestMedia(repos.media, storage);
    if (removed > 0) logger.info({ removed }, 'expired guest media removed');
    return { removed };
  };
}

/** daily-credit-topup: at midnight UTC; balances below 20 come back to 20. */
export function dailyCreditTopupHandler(repos: Pick<Repositories, 'users' | 'credits'>, logger: Logger) {
  return async () => {
    const toppedUp = await dailyCreditTopup(repos);
    logger.info({ toppedUp }, 'daily credit top-up done');
    return { toppedUp };
  };
}

/** notification-digest: daily; each person who turned the digest on gets their unread notifications by e-mail. */
export function notificationDigestHandler(deps: Omit<DigestDeps, 'send'> & { outbox: Pick<Repositories['mailOutbox'], 'create'>; queues: Pick<JobQueues, 'add'>; logger: Logger }) {
  return async () => {
    const mailed = await sendNotificationDigests({
      ...deps,
      // As the api's MailService queues mail: the row, then a send-email job carrying its id.
      send: async (mail) => {
        const messageId = await deps.outbox.create(mail);
        await deps.queues.add('email', 'send-email', { messageId }, { jobId: `mail-${messageId}` });
      },
    });
    deps.logger.info({ mailed }, 'notification digests queued');
    return { mailed };
  };
}
