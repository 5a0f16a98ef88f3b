/**
 * Collections (issue 46): a signed-in person's named sets of creations, private or public. A
 * public one has a page, /c/<id>, that anyone may read; a private one is its owner's alone (to
 * anyone else it is not found). Only the owner changes one. What a reader sees in a collection
 * follows the feed's rule: another person's item is shown while it is publicly listed, one's own
 * always; an item made private, hidden or deleted leaves every collection of other people at once.
 */
import { z } from 'zod/mini';
import { safeText, uuidSchema } from '../schemas/input';
import { answer, defineCall } from './define-call';
import { feedItemSchema } from './feed';
import { cursorPage, cursorPageQuery } from './paging';

export const COLLECTION_NAME_MAX_LENGTH = 60;
/** Collections one person may hold. */
export const MAX_COLLECTIONS_PER_PERSON = 100;
/** Items one collection may hold. */
export const MAX_COLLECTION_ITEMS = 500;
/** A collection page's items (get-collection), as the feed's. */
export const COLLECTION_PAGE_SIZE = 50;

export const COLLECTION_NOT_FOUND = 'Collection not found.';

const collectionName = safeText().check(
  z.trim(),
  z.minLength(1, { error: `name: give the collection a name of 1 to ${COLLECTION_NAME_MAX_LENGTH} characters` }),
  z.maxLength(COLLECTION_NAME_MAX_LENGTH, { error: `name: at most ${COLLECTION_NAME_MAX_LENGTH} characters` }),
);
const publicFlag = z.boolean({ error: 'public must be true or false' });

/** A collection as lists show it: its item count and cover are what the reader may see of it. */
export const collectionSummarySchema = z.object({
  id: z.string(),
  name: z.string(),
  public: z.boolean(),
  itemCount: z.number(),
  /** The newest visible item's thumbnail (or still), null when the reader sees none. */
  cover: z.nullable(z.string()),
  createdAt: z.string(),
  updatedAt: z.string(),
  /** With get-collections' `mediaId`: whether this collection holds that item. */
  hasItem: z.optional(z.boolean()),
});
export type CollectionSummary = z.infer<typeof collectionSummarySchema>;

/** Whose collection it is: their public name and page (/u/<username>; null without a username). */
export const collectionOwnerSchema = z.object({
  id: z.string(),
  name: z.nullable(z.string()),
  username: z.nullable(z.string()),
  avatar: z.nullable(z.string()),
});

export const collectionSchema = z.extend(collectionSummarySchema, { owner: collectionOwnerSchema });
export type Collection = z.infer<typeof collectionSchema>;

/** An item of a collection: the feed's item, and when it was added. */
export const collectionItemSchema = z.extend(feedItemSchema, { addedAt: z.string() });
export type CollectionItem = z.infer<typeof collectionItemSchema>;

export const createCollectionRequest = z.object({ name: collectionName, public: z._default(publicFlag, false) });
export const createCollectionCall = defineCall({
  name: 'create-collection',
  method: 'POST',
  request: createCollectionRequest,
  response: answer({ collection: collectionSummarySchema }),
});

/** Rename and/or make public or private; at least one of the two. */
export const updateCollectionRequest = z
  .object({ collectionId: uuidSchema('collectionId'), name: z.optional(collectionName), public: z.optional(publicFlag) })
  .check(z.refine((body) => body.name !== undefined || body.public !== undefined, { error: 'give a new name, public, or both' }));
export const updateCollectionCall = defineCall({
  name: 'update-collection',
  method: 'POST',
  request: updateCollectionRequest,
  response: answer({ collection: collectionSummarySchema }),
});

export const deleteCollectionRequest = z.object({ collectionId: uuidSchema('collectionId') });
export const deleteCollectionCall = defineCall({
  name: 'delete-collection',
  method: 'POST',
  request: deleteCollectionRequest,
  response: answer({ deleted: z.literal(true), collectionId: z.string() }),
});

export const collectionItemRequest = z.object({ collectionId: uuidSchema('collectionId'), mediaId: uuidSchema('mediaId') });
/** After an add or a remove: whether the item is in the collection now, and the collection's count for its owner. */
const collectionItemAnswer = answer({ collectionId: z.string(), mediaId: z.string(), inCollection: z.boolean(), itemCount: z.number() });

export const addToCollectionCall = defineCall({ name: 'add-to-collection', method: 'POST', request: collectionItemRequest, response: collectionItemAnswer });
export const removeFromCollectionCall = defineCall({
  name: 'remove-from-collection',
  method: 'POST',
  request: collectionItemRequest,
  response: collectionItemAnswer,
});

/**
 * Without `userId`: the signed-in person's collections, private ones included. With it: that
 * person's public collections, for anyone. `mediaId` adds `hasItem` to each (the viewer's ticks).
 */
export const getCollectionsQuery = z.object({ userId: z.optional(uuidSchema('userId')), mediaId: z.optional(uuidSchema('mediaId')) });
export const getCollectionsCall = defineCall({
  name: 'get-collections',
  method: 'GET',
  request: getCollectionsQuery,
  response: answer({ collections: z.array(collectionSummarySchema), maxCollections: z.number() }),
});

/** One collection and a page of its items, newest addition first (ties by item id), by the previous answer's cursor. */
export const getCollectionQuery = z.object({ id: uuidSchema('id'), ...cursorPageQuery(COLLECTION_PAGE_SIZE) });
export const getCollectionCall = defineCall({
  name: 'get-collection',
  method: 'GET',
  request: getCollectionQuery,
  response: answer({ collection: collectionSchema, ...cursorPage(collectionItemSchema) }),
});
