import type { User } from '@app/shared/server/db';
import { NotAllowedError, NotAuthenticatedError } from '@app/shared/server/domain-errors';

export const SIGN_IN_REQUIRED = 'Please sign in to continue.';

/**
 * The account of a valid session, if it may act: NotAuthenticated when it is gone, NotAllowed when
 * banned. Whoever authenticates with `authenticate({ require: 'session' })` calls this on the
 * account it read itself, on every request.
 */
export function accountInGoodStanding<T extends Pick<User, 'banned'>>(account: T | undefined): T {
  if (!account) throw new NotAuthenticatedError(SIGN_IN_REQUIRED, 'UNAUTHORIZED');
  if (account.banned) throw new NotAllowedError('This account has been suspended.', 'ACCOUNT_SUSPENDED');
  return account;
}
