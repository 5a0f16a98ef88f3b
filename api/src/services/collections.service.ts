import {
  COLLECTION_NOT_FOUND,
  MAX_COLLECTION_ITEMS,
  MAX_COLLECTIONS_PER_PERSON,
  type Collection,
  type CollectionSummary,
} from '@app/shared/api/collections';
import { ConflictError, NotAllowedError, NotAuthenticatedError, NotFoundError } from '@app/shared/server/domain-errors';
import { toFeedItem } from '@app/shared/server/media/media-presenter';
import type { CollectionRow, FeedRow } from '@app/shared/server/repositories';
import type { MediaUrls } from '@app/shared/server/storage';
import { SIGN_IN_REQUIRED } from './account-standing';
import type { FeedService } from './feed.service';
import { decodeCursor, encodeCursor } from './feed-cursors';
import type { RepositoryPorts } from './repository-ports';

type Ports = RepositoryPorts<{
  collections: 'byId' | 'create' | 'update' | 'delete' | 'add' | 'remove' | 'list' | 'countVisible' | 'covers' | 'items';
}>;

interface CollectionFields {
  id: string;
  name: string;
  is_public: boolean;
  created_at: Date;
  updated_at: Date;
}

/**
 * Collections (issue 46). Only the owner changes one. A private collection is its owner's alone:
 * to anyone else it is not found, as an unknown id, so a stranger cannot tell one from none. A
 * public one is readable by anyone while its owner is not banned. What a reader sees inside is
 * decided by the repository at each read (the feed's listed rule, or the reader's own item).
 */
export class CollectionsService {
  constructor(
    private readonly repos: Ports,
    private readonly media: Pick<FeedService, 'visible'>,
    private readonly urls: MediaUrls,
    private readonly now: () => Date = () => new Date(),
  ) {}

  async create(userId: string, body: { name: string; public: boolean }) {
    const row = await this.repos.collections.create(userId, { name: body.name, isPublic: body.public }, MAX_COLLECTIONS_PER_PERSON);
    if (!row) throw new ConflictError(`You can have up to ${MAX_COLLECTIONS_PER_PERSON} collections. Delete one to make another.`, 'TOO_MANY_COLLECTIONS');
    return { success: true as const, collection: this.summary(row, 0, null) };
  }

  async update(userId: string, body: { collectionId: string; name?: string | undefined; public?: boolean | undefined }) {
    await this.owned(body.collectionId, userId);
    const row = await this.repos.collections.update(
      body.collectionId,
      userId,
      { ...(body.name !== undefined ? { name: body.name } : {}), ...(body.public !== undefined ? { isPublic: body.public } : {}) },
      this.now(),
    );
    if (!row) throw notFound();
    return { success: true as const, collection: await this.summaryOf(row, userId) };
  }

  async delete(userId: string, collectionId: string) {
    await this.owned(collectionId, userId);
    if (!(await this.repos.collections.delete(collectionId, userId))) throw notFound();
    return { success: true as const, deleted: true as const, collectionId };
  }

  /**
   * Adds a creation the owner may see: anyone's publicly listed one, or their own (private too).
   * Anything else is answered as not found, as get-media-item would. Adding twice changes nothing.
   */
  async add(userId: string, collectionId: string, mediaId: string) {
    await this.owned(collectionId, userId);
    await this.media.visible(mediaId, userId);
    const outcome = await this.repos.collections.add(collectionId, mediaId, MAX_COLLECTION_ITEMS, this.now());
    if (outcome === 'full') throw new ConflictError(`A collection holds up to ${MAX_COLLECTION_ITEMS} creations.`, 'COLLECTION_FULL');
    return this.itemAnswer(collectionId, mediaId, true, userId);
  }

  /** Takes a creation out, whatever has become of it; taking out what is not there changes nothing. */
  async remove(userId: string, collectionId: string, mediaId: string) {
    await this.owned(collectionId, userId);
    await this.repos.collections.remove(collectionId, mediaId, this.now());
    return this.itemAnswer(collectionId, mediaId, false, userId);
  }

  /** The signed-in person's collections (private ones too), or `ownerId`'s public ones for anyone. */
  async list(options: { ownerId?: string | undefined; viewerId: string | null; mediaId?: string | undefined }) {
    // Without an owner named, the list is the signed-in person's own.
    const ownerId = options.ownerId ?? options.viewerId;
    if (!ownerId) throw new NotAuthenticatedError(SIGN_IN_REQUIRED, 'UNAUTHORIZED');
    const own = options.viewerId === ownerId;
    const now = this.now();
    const rows = await this.repos.collections.list(ownerId, {
      viewerId: options.viewerId,
      publicOnly: !own,
      now,
      ...(options.mediaId ? { mediaId: options.mediaId } : {}),
    });
    const covers = await this.repos.collections.covers(
      rows.map((row) => row.id),
      options.viewerId,
      now,
    );
    const coverOf = new Map(covers.map((row) => [row.collection_id, this.coverUrl(row, options.viewerId)]));
    return {
      success: true as const,
      collections: rows.map((row) => ({
        ...this.summary(row, Number(row.item_count), coverOf.get(row.id) ?? null),
        ...(options.mediaId ? { hasItem: row.has_item } : {}),
      })),
      maxCollections: MAX_COLLECTIONS_PER_PERSON,
    };
  }

  /** A collection `viewerId` may read (public, or theirs) and a page of what they may see in it. */
  async page(id: string, query: { viewerId: string | null; limit: number; cursor?: string | undefined }) {
    const collection = await this.readable(id, query.viewerId);
    const cursor = query.cursor ? decodeCursor(query.cursor) : undefined;
    const now = this.now();
    const rows = await this.repos.collections.items(id, { viewerId: query.viewerId, limit: query.limit + 1, now, ...(cursor ? { cursor } : {}) });
    const items = rows.slice(0, query.limit);
    const last = items.at(-1);
    const hasMore = rows.length > query.limit;
    return {
      success: true as const,
      collection,
      items: items.map((row) => ({ ...toFeedItem(row, this.urls, query.viewerId ?? undefined, row.listed), addedAt: row.added_at.toISOString() })),
      hasMore,
      nextCursor: hasMore && last ? encodeCursor({ createdAt: last.added_at, id: last.id }) : null,
    };
  }

  /** The collection as its page's header shows it to `viewerId`; NotFoundError when they may not read it. */
  async readable(id: string, viewerId: string | null): Promise<Collection> {
    return (await this.withCover(id, viewerId)).collection;
  }

  /** `readable`, and the id of the creation its cover is (page meta shows that creation's share image), if any. */
  async withCover(id: string, viewerId: string | null): Promise<{ collection: Collection; coverId: string | null }> {
    const row = await this.repos.collections.byId(id);
    const own = row !== undefined && viewerId !== null && row.user_id === viewerId;
    if (!row || (!own && (!row.is_public || row.owner_banned))) throw notFound();
    const now = this.now();
    const [count, covers] = await Promise.all([this.repos.collections.countVisible(id, viewerId, now), this.repos.collections.covers([id], viewerId, now)]);
    const cover = covers[0];
    return {
      collection: {
        ...this.summary(row, count, cover ? this.coverUrl(cover, viewerId) : null),
        owner: { id: row.user_id, name: row.owner_name?.trim() || null, username: row.owner_username, avatar: this.urls.url(row.owner_avatar) },
      },
      coverId: cover?.id ?? null,
    };
  }

  /** The collection, when it is `userId`'s; another's public one is not theirs to change (403), anything else not found. */
  private async owned(collectionId: string, userId: string): Promise<CollectionRow> {
    const row = await this.repos.collections.byId(collectionId);
    if (!row || (row.user_id !== userId && !row.is_public)) throw notFound();
    if (row.user_id !== userId) throw new NotAllowedError('Only its owner can change a collection.', 'NOT_COLLECTION_OWNER');
    return row;
  }

  private async itemAnswer(collectionId: string, mediaId: string, inCollection: boolean, userId: string) {
    const itemCount = await this.repos.collections.countVisible(collectionId, userId, this.now());
    return { success: true as const, collectionId, mediaId, inCollection, itemCount };
  }

  private async summaryOf(row: CollectionFields, userId: string): Promise<CollectionSummary> {
    const now = this.now();
    const [count, covers] = await Promise.all([this.repos.collections.countVisible(row.id, userId, now), this.repos.collections.covers([row.id], userId, now)]);
    const cover = covers[0];
    return this.summary(row, count, cover ? this.coverUrl(cover, userId) : null);
  }

  private summary(row: CollectionFields, itemCount: number, cover: string | null): CollectionSummary {
    return {
      id: row.id,
      name: row.name,
      public: row.is_public,
      itemCount,
      cover,
      createdAt: row.created_at.toISOString(),
      updatedAt: row.updated_at.toISOString(),
    };
  }

  private coverUrl(row: FeedRow & { listed: boolean }, viewerId: string | null): string | null {
    const item = toFeedItem(row, this.urls, viewerId ?? undefined, row.listed);
    return item.thumbnailUrl ?? item.imageUrl ?? item.finalUrl;
  }
}

const notFound = () => new NotFoundError(COLLECTION_NOT_FOUND, 'COLLECTION_NOT_FOUND');
