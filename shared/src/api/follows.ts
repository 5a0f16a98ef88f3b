/**
 * Follows (issue 46 §2): following a creator, the lists of whom one follows and who follows
 * someone. The Following feed is getPublicFeed with `feed=following` (feed.ts); a creator's
 * counts and whether the viewer follows them are in get-creator's `creator` (creators.ts).
 */
import { z } from 'zod/mini';
import { uuidSchema } from '../schemas/input';
import { answer, defineCall } from './define-call';
import { cursorPage, cursorPageQuery } from './paging';

/** A page of follows: 50 people unless the query asks for another number (1–100). */
export const FOLLOWS_PAGE_SIZE = 50;

export const followRequest = z.object({ userId: uuidSchema('userId') });

/**
 * The state after a follow or an unfollow, as the server counts it: whether the caller follows
 * `userId` now, and `userId`'s followers (banned accounts not counted).
 */
const followAnswerFields = { userId: z.string(), viewerFollows: z.boolean(), followers: z.number() };
export const followAnswerSchema = answer(followAnswerFields);
export type FollowAnswer = z.infer<typeof followAnswerSchema>;

export const followCreatorCall = defineCall({
  name: 'follow-creator',
  method: 'POST',
  request: followRequest,
  response: followAnswerSchema,
});

export const unfollowCreatorCall = defineCall({
  name: 'unfollow-creator',
  method: 'POST',
  request: followRequest,
  response: followAnswerSchema,
});

/** Someone on the other side of a follow: their page is /u/<username>. */
export const followPersonSchema = z.object({
  id: z.string(),
  username: z.nullable(z.string()),
  /** Their display name (name, else username). */
  name: z.nullable(z.string()),
  avatar: z.nullable(z.string()),
  followedAt: z.string(),
});
export type FollowPerson = z.infer<typeof followPersonSchema>;

export const getFollowingQuery = z.object(cursorPageQuery(FOLLOWS_PAGE_SIZE));

export const getFollowingCall = defineCall({
  name: 'get-following',
  method: 'GET',
  request: getFollowingQuery,
  response: answer(cursorPage(followPersonSchema)),
});

export const getFollowersQuery = z.object({ userId: uuidSchema('userId'), ...cursorPageQuery(FOLLOWS_PAGE_SIZE) });

export const getFollowersCall = defineCall({
  name: 'get-followers',
  method: 'GET',
  request: getFollowersQuery,
  response: answer(cursorPage(followPersonSchema)),
});

export const FOLLOW_TARGET_NOT_FOUND = 'No creator with that id.';
export const CANNOT_FOLLOW_SELF = 'userId: you cannot follow yourself';
