import type { Logger } from '@app/shared/server/logger';
import { dailyCreditTopup, expireGuestMedia } from '@app/shared/server/maintenance';
import type { Storage } from '@app/shared/server/storage';
import type { Repositories } from '@app/shared/server/repositories';

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
