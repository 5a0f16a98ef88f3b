/**
 * A creator's public page (/u/<username>): who they are and their public creations. A public
 * call: it never carries an e-mail address or an item that is not public.
 */
import { z } from 'zod/mini';
import { FEED_PAGE_SIZE } from '../constants';
import { safeText } from '../schemas/input';
import { answer, defineCall } from './define-call';
import { cursorPage, cursorPageQuery } from './paging';
import { feedItemSchema } from './feed';

export const creatorSchema = z.object({
  username: z.string(),
  /** The name they chose, else null (the page shows @username). */
  name: z.nullable(z.string()),
  avatar: z.nullable(z.string()),
  /** Public creations, and the likes those received. */
  creations: z.number(),
  likes: z.number(),
  joinedAt: z.string(),
});
export type Creator = z.infer<typeof creatorSchema>;

export const getCreatorQuery = z.object({
  username: safeText().check(z.trim(), z.minLength(1), z.maxLength(100)),
  ...cursorPageQuery(FEED_PAGE_SIZE),
});

export const getCreatorCall = defineCall({
  name: 'get-creator',
  method: 'GET',
  request: getCreatorQuery,
  response: answer({ creator: creatorSchema, ...cursorPage(feedItemSchema) }),
});

export const CREATOR_NOT_FOUND = 'No creator with that username.';
