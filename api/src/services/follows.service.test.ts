import { CANNOT_FOLLOW_SELF } from '@app/shared/api/follows';
import { InvalidInputError, NotFoundError } from '@app/shared/server/domain-errors';
import { describe, expect, it, vi } from 'vitest';
import { aUser, testMediaUrls } from '../../testing/rows';
import { FollowsService } from './follows.service';

/** The follows of an in-memory store: one per (follower, followee); the banned are not found. */
function fakeRepos(banned: ReadonlySet<string> = new Set()) {
  const follows = new Set<string>();
  return {
    follows: {
      follow: vi.fn(async (follower: string, followee: string) => {
        if (banned.has(followee) || followee === 'gone') return { found: false, created: false };
        const key = `${follower}>${followee}`;
        const created = !follows.has(key);
        follows.add(key);
        return { found: true, created };
      }),
      unfollow: async (follower: string, followee: string) => follows.delete(`${follower}>${followee}`),
      counts: async (userId: string) => ({ followers: [...follows].filter((key) => key.endsWith(`>${userId}`)).length, following: 0 }),
      following: async () => [],
      followers: async () => [],
    },
    users: { findById: async (id: string) => (id === 'gone' ? undefined : { ...aUser(), id, banned: banned.has(id) }) },
  };
}

describe('FollowsService', () => {
  it('tells its listener of a new follow only, once, and answers the followee count either way', async () => {
    const followed = vi.fn(async () => {});
    const service = new FollowsService(fakeRepos(), { followed }, testMediaUrls);
    expect(await service.follow('ada', 'bob')).toEqual({ success: true, userId: 'bob', viewerFollows: true, followers: 1 });
    expect(await service.follow('ada', 'bob')).toEqual({ success: true, userId: 'bob', viewerFollows: true, followers: 1 });
    expect(followed).toHaveBeenCalledTimes(1);
    expect(followed).toHaveBeenCalledWith('ada', 'bob');
    expect(await service.unfollow('ada', 'bob')).toEqual({ success: true, userId: 'bob', viewerFollows: false, followers: 0 });
    await service.follow('ada', 'bob');
    expect(followed).toHaveBeenCalledTimes(2);
  });

  it('keeps the follow when the listener fails', async () => {
    const warn = vi.fn();
    const service = new FollowsService(fakeRepos(), { followed: async () => Promise.reject(new Error('mail down')) }, testMediaUrls, { warn } as never);
    expect((await service.follow('ada', 'bob')).viewerFollows).toBe(true);
    expect(warn).toHaveBeenCalledTimes(1);
  });

  it('refuses oneself as bad input, and a missing or banned account as not found, telling no listener', async () => {
    const followed = vi.fn(async () => {});
    const service = new FollowsService(fakeRepos(new Set(['eve'])), { followed }, testMediaUrls);
    await expect(service.follow('ada', 'ada')).rejects.toMatchObject({ message: CANNOT_FOLLOW_SELF, code: 'CANNOT_FOLLOW_SELF' });
    await expect(service.unfollow('ada', 'ada')).rejects.toBeInstanceOf(InvalidInputError);
    await expect(service.follow('ada', 'eve')).rejects.toBeInstanceOf(NotFoundError);
    await expect(service.follow('ada', 'gone')).rejects.toBeInstanceOf(NotFoundError);
    await expect(service.unfollow('ada', 'eve')).rejects.toBeInstanceOf(NotFoundError);
    await expect(service.followers('eve', { limit: 10 })).rejects.toBeInstanceOf(NotFoundError);
    expect(followed).not.toHaveBeenCalled();
  });
});
