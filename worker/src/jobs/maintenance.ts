import { type Db, type Logger, type Storage, dailyCreditTopup, expireGuestMedia } from '@app/shared/server';

/** expire-guest-media: hourly; removes guest media past their 48 hours. */
export function expireGuestMediaHandler(db: Db, storage: Storage, logger: Logger) {
  return async () => {
    const removed = await expireGuestMedia(db, storage);
    if (removed > 0) logger.info({ removed }, 'expired guest media removed');
    return { removed };
  };
}

/** daily-credit-topup: at midnight UTC; balances below 20 come back to 20. */
export function dailyCreditTopupHandler(db: Db, logger: Logger) {
  return async () => {
    const toppedUp = await dailyCreditTopup(db);
    logger.info({ toppedUp }, 'daily credit top-up done');
    return { toppedUp };
  };
}
