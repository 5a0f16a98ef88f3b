import { NotAllowedError, NotFoundError } from '@app/shared/server/domain-errors';

/** The words and codes the api has always answered a missing or foreign item with. */
export const NOT_ALLOWED = "You don't have permission for this action.";

export const noSuch = (what: string) => new NotFoundError(`No such ${what}`, 'NOT_FOUND');
export const notYours = () => new NotAllowedError(NOT_ALLOWED, 'FORBIDDEN');
