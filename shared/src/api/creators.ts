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
  /** Their account id: what follow-creator and get-followers take. */
  id: z.string(),
  username: z.string(),
  /** The name they chose, else null (the page shows @username). */
  name: z.nullable(z.string()),
  /** The small square copy (96 px), for lists and tiles. */
  avatar: z.nullable(z.string()),
  /** The large square copy (256 px), for the page's header and its og image; the original for an avatar set before copies existed. */
  avatarLarge: z.nullable(z.string()),
  /** Public creations, and the likes those received. */
  creations: z.number(),
  likes: z.number(),
  joinedAt: z.string(),
  /** Who follows them and whom they follow, banned accounts not counted (issue 46). */
  followers: z.number(),
  following: z.number(),
  /** Whether the signed-in viewer follows them (false for a visitor, and on one's own page). */
  viewerFollows: z.boolean(),
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
