import { describe, expect, it } from 'vitest';
import type { NotificationRow } from '@app/shared/server/repositories';
import { presentNotification } from '@app/shared/server/notifications';
import { aUser, testMediaUrls } from '../../testing/rows';
import { INVALID_NOTIFICATIONS_CURSOR, INVALID_UP_TO, NotificationsService, decodeCursor, encodeCursor } from './notifications.service';

const ID = '33333333-3333-4333-8333-333333333333';

function aRow(overrides: Partial<NotificationRow> = {}): NotificationRow {
  return {
    id: ID,
    kind: 'like',
    created_at: new Date('2026-01-02T03:04:05.678Z'),
    cursor_at: '2026-01-02T03:04:05.678901Z',
    read_at: null,
    run_id: null,
    media_id: '44444444-4444-4444-8444-444444444444',
    media_type: 'image',
    media_public: false,
    final_url: 'users/u/media/m/full.png',
    thumbnail_url: null,
    variants: [{ key: 'users/u/media/m/360.webp', width: 360, format: 'webp' }],
    actor: null,
    likers: [
      { name: 'Mira', username: 'mira', avatar_url: null },
      { name: null, username: 'tom', avatar_url: null },
    ],
    liker_count: 4,
    ...overrides,
  };
}

describe('notifications', () => {
  it('says a grouped like as the bell shows it, with the smallest still signed for its owner', () => {
    const shown = presentNotification(aRow(), testMediaUrls);
    expect(shown).toMatchObject({
      kind: 'like',
      read: false,
      actorCount: 4,
      actors: [{ name: 'Mira', username: 'mira' }, { name: 'tom', username: 'tom' }],
      text: { actor: 'Mira', others: 3, action: 'liked your creation' },
      message: 'Mira and 3 others liked your creation',
      href: '/m/44444444-4444-4444-8444-444444444444',
    });
    expect(shown.media?.thumbnailUrl).toMatch(/^http:\/\/media\.test\/users\/u\/media\/m\/360\.webp\?exp=\d+&sig=/);
    expect(presentNotification(aRow({ liker_count: 2 }), testMediaUrls).message).toBe('Mira and 1 other liked your creation');
  });

  it('leads a follow to the follower, and a failed run nowhere', () => {
    const follow = aRow({ kind: 'follow', media_id: null, likers: [], liker_count: 0, actor: { name: 'Ada', username: 'ada', avatar_url: null } });
    expect(presentNotification(follow, testMediaUrls)).toMatchObject({ message: 'Ada started following you', href: '/u/ada', media: null, actorCount: 1 });
    const failed = aRow({ kind: 'run_failed', media_id: null, run_id: 'run_x', likers: [], liker_count: 0 });
    expect(presentNotification(failed, testMediaUrls)).toMatchObject({ text: { actor: null, others: 0 }, href: null, runId: 'run_x' });
  });

  it('pages by a cursor it made, and refuses any other (or an upTo that is neither an id nor a time) as bad input', async () => {
    const cursor = { at: '2026-01-02T03:04:05.678901Z', id: ID };
    expect(decodeCursor(encodeCursor(cursor))).toEqual(cursor);
    for (const raw of ['x', encodeCursor({ at: '2026-01-02', id: ID }), encodeCursor({ at: cursor.at, id: 'nope' }), Buffer.from(`${cursor.at}|${ID}|1`).toString('base64url')]) {
      expect(() => decodeCursor(raw), raw).toThrow(INVALID_NOTIFICATIONS_CURSOR);
    }
    const marked: unknown[] = [];
    const service = new NotificationsService(
      {
        notifications: {
          list: async () => [],
          unreadCount: async () => 0,
          markRead: async (_userId, upTo) => (marked.push(upTo), 1),
          markRunRead: async () => 0,
          setDigest: async () => {},
        },
      },
      testMediaUrls,
      { verify: () => undefined },
    );
    await expect(service.markRead(aUser(), { upTo: 'yesterday' })).rejects.toThrow(INVALID_UP_TO);
    await service.markRead(aUser(), { upTo: ID });
    await service.markRead(aUser(), { upTo: '2026-01-02T03:04:05Z' });
    expect(marked).toEqual([{ id: ID }, { at: new Date('2026-01-02T03:04:05Z') }]);
    await expect(service.unsubscribe('forged')).rejects.toThrow(/not one of ours/);
  });
});
