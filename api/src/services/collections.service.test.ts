import { COLLECTION_NOT_FOUND, MAX_COLLECTION_ITEMS, MAX_COLLECTIONS_PER_PERSON } from '@app/shared/api/collections';
import { ConflictError, NotAllowedError, NotAuthenticatedError, NotFoundError } from '@app/shared/server/domain-errors';
import type { CollectionRow } from '@app/shared/server/repositories';
import { describe, expect, it } from 'vitest';
import { CollectionsService } from './collections.service';
import { testMediaUrls } from '../../testing/rows';

const at = new Date('2026-11-01T10:00:00.000Z');

function row(fields: Partial<CollectionRow> & Pick<CollectionRow, 'id' | 'user_id'>): CollectionRow {
  return {
    name: 'Shelf',
    is_public: false,
    created_at: at,
    updated_at: at,
    owner_name: 'Ada',
    owner_username: 'ada',
    owner_avatar: null,
    owner_banned: false,
    ...fields,
  };
}

/** The service over collections held in a map, a feed that shows `visible`, and no covers. */
function service(options: { visible?: string[]; collections?: CollectionRow[]; held?: number } = {}) {
  const table = new Map((options.collections ?? []).map((c) => [c.id, c]));
  const added: Array<[string, string]> = [];
  const collections = new CollectionsService(
    {
      collections: {
        byId: async (id) => table.get(id),
        create: async (userId, values, max) => ((options.held ?? 0) >= max ? undefined : row({ id: 'new', user_id: userId, name: values.name, is_public: values.isPublic })),
        update: async (id, userId, changes) => {
          const found = table.get(id);
          return found && found.user_id === userId ? { ...found, name: changes.name ?? found.name, is_public: changes.isPublic ?? found.is_public } : undefined;
        },
        delete: async (id, userId) => table.get(id)?.user_id === userId && table.delete(id),
        add: async (collectionId, mediaId, max) => {
          if ((options.held ?? 0) >= max) return 'full';
          added.push([collectionId, mediaId]);
          return 'added';
        },
        remove: async () => true,
        list: async () => [],
        countVisible: async () => added.length,
        covers: async () => [],
        items: async () => [],
      },
    },
    {
      visible: async (id: string) => {
        if (!(options.visible ?? ['theirs']).includes(id)) throw new NotFoundError('Creation not found', 'MEDIA_NOT_FOUND');
        return {} as Awaited<ReturnType<import('./feed.service').FeedService['visible']>>;
      },
    },
    testMediaUrls,
    () => at,
  );
  return { collections, added };
}

describe('CollectionsService', () => {
  const open = row({ id: 'open', user_id: 'ada', is_public: true });
  const closed = row({ id: 'closed', user_id: 'ada' });

  it('lets only the owner change a collection: 403 on a public one of another, 404 on a private or unknown one', async () => {
    const { collections } = service({ collections: [open, closed] });
    await expect(collections.update('ben', { collectionId: 'open', name: 'Mine' })).rejects.toThrow(NotAllowedError);
    await expect(collections.delete('ben', 'closed')).rejects.toThrow(new NotFoundError(COLLECTION_NOT_FOUND, 'COLLECTION_NOT_FOUND'));
    await expect(collections.add('ben', 'nowhere', 'theirs')).rejects.toThrow(NotFoundError);
    expect((await collections.update('ada', { collectionId: 'open', name: 'Renamed' })).collection).toMatchObject({ name: 'Renamed', public: true });
  });

  it('adds only what the owner may see, and says when a collection is full', async () => {
    const { collections, added } = service({ collections: [closed] });
    await expect(collections.add('ada', 'closed', 'hidden')).rejects.toThrow(new NotFoundError('Creation not found', 'MEDIA_NOT_FOUND'));
    expect(added).toEqual([]);
    expect(await collections.add('ada', 'closed', 'theirs')).toMatchObject({ inCollection: true, itemCount: 1 });
    const full = service({ collections: [closed], held: MAX_COLLECTION_ITEMS });
    await expect(full.collections.add('ada', 'closed', 'theirs')).rejects.toThrow(ConflictError);
  });

  it('refuses a collection past the limit, and a list with no owner named to a visitor', async () => {
    await expect(service({ held: MAX_COLLECTIONS_PER_PERSON }).collections.create('ada', { name: 'One more', public: false })).rejects.toThrow(ConflictError);
    await expect(service().collections.list({ viewerId: null })).rejects.toThrow(NotAuthenticatedError);
  });

  it("reads a private collection for its owner only, and a banned owner's public one for nobody else", async () => {
    const banned = row({ id: 'banned', user_id: 'cy', is_public: true, owner_banned: true });
    const { collections } = service({ collections: [open, closed, banned] });
    expect((await collections.readable('closed', 'ada')).owner).toEqual({ id: 'ada', name: 'Ada', username: 'ada', avatar: null });
    for (const [id, viewer] of [
      ['closed', null],
      ['closed', 'ben'],
      ['banned', 'ben'],
    ] as const) {
      await expect(collections.readable(id, viewer), `${id} ${viewer}`).rejects.toThrow(NotFoundError);
    }
    expect((await collections.readable('open', null)).public).toBe(true);
  });
});
