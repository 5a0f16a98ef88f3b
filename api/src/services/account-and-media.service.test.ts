import { userProfileResponse } from '@app/shared/api/account';
import type { Media } from '@app/shared/server/db';
import { createLogger } from '@app/shared/server/logger';
import { NotAllowedError, NotFoundError } from '@app/shared/server/domain-errors';
import { MemoryStorage } from '@app/shared/testing/memory-storage';
import { describe, expect, it, vi } from 'vitest';
import { AccountService } from './account.service';
import { DraftsService } from './drafts.service';
import { FeedService } from './feed.service';
import { INVALID_CURSOR } from './feed-cursors';
import { LikesService } from './likes.service';
import { DELETE_FAILED, MediaService } from './media.service';
import { aFeedRow, aMedia, aUser, testMediaUrls } from '../../testing/rows';

const silent = createLogger({ log: { level: 'silent', pretty: false } }, 'services-test');
const noStorage = new MemoryStorage();

function mediaRepo(rows: Media[]) {
  return {
    async findById(id: string) {
      return rows.find((m) => m.id === id);
    },
    async countForUser(userId: string) {
      return rows.filter((m) => m.user_id === userId).length;
    },
    async listForUser(userId: string, page: { limit: number; offset: number }) {
      return rows.filter((m) => m.user_id === userId).slice(page.offset, page.offset + page.limit);
    },
    async idsOfUser(userId: string) {
      return rows.filter((m) => m.user_id === userId).map(({ id }) => ({ id }));
    },
    async setPublic() {
      return true;
    },
    async claimGuestMedia() {
      return 0;
    },
    async deleteById(id: string) {
      return rows.splice(rows.findIndex((m) => m.id === id), 1).length === 1;
    },
  };
}

const ada = aUser();
const bob = aUser({ id: '44444444-4444-4444-8444-444444444444', email: 'bob@example.com' });
const mine = aMedia({ id: '55555555-5555-4555-8555-555555555555' });
const theirs = aMedia({ id: '66666666-6666-4666-8666-666666666666', user_id: bob.id, is_public: false });

describe('MediaService', () => {
  it('pages the owner’s library and refuses someone else’s', async () => {
    const service = new MediaService({ media: mediaRepo([mine, theirs]) }, noStorage, testMediaUrls, silent, { forget() {} });
    const page = await service.library(ada, { limit: 20, offset: 0, all: false, order: 'desc' });
    expect(page).toMatchObject({ total: 1, hasMore: false, items: [{ id: mine.id }] });
    await expect(service.library(ada, { userId: bob.id, limit: 20, offset: 0, all: false, order: 'desc' })).rejects.toBeInstanceOf(NotAllowedError);
  });

  it('deletes only one’s own items and reports each failure in words meant for people', async () => {
    const broken = aMedia({ id: '77777777-7777-4777-8777-777777777777' });
    const rows = [mine, theirs, broken];
    // The storage fails for one item: its message stays in the log, the person reads DELETE_FAILED.
    const storage = new MemoryStorage();
    storage.deletePrefix = async (prefix) => {
      if (prefix.endsWith(broken.id)) throw new Error('disk on fire');
      return 0;
    };
    // Each item deleted is drawn out of the home at once; a refused one changes nothing there.
    const firstScreen = { forget: vi.fn() };
    const service = new MediaService({ media: mediaRepo(rows) }, storage, testMediaUrls, silent, firstScreen);
    await expect(service.deleteOne(ada, theirs.id)).rejects.toMatchObject({ message: "You don't have permission for this action.", code: 'FORBIDDEN' });
    await expect(service.deleteOne(ada, '88888888-8888-4888-8888-888888888888')).rejects.toMatchObject({ message: 'No such media', code: 'NOT_FOUND' });
    const report = await service.deleteMany(ada, [mine.id, theirs.id, broken.id]);
    expect(report).toEqual({
      success: false,
      deleted: 1,
      failed: 2,
      errors: [
        { mediaId: theirs.id, error: "You don't have permission for this action." },
        { mediaId: broken.id, error: DELETE_FAILED },
      ],
    });
    expect(rows.map((m) => m.id)).toEqual([theirs.id, broken.id]);
    expect(firstScreen.forget).toHaveBeenCalledTimes(1);
  });
});

/** feed.byId over rows, with `listed` as publiclyListed decides it (the owner's ban aside). */
function feedById(rows: Media[]) {
  return {
    async byId(id: string) {
      const row = rows.find((m) => m.id === id);
      return row && { ...aFeedRow(), ...row, listed: row.is_public && row.status === 'completed' && row.moderation === 'clear' };
    },
  };
}

describe('LikesService', () => {
  it('likes public media and one’s own private or hidden media, never someone else’s private, held or hidden item', async () => {
    const toggled = { liked: true, likesCount: 4 };
    const myHidden = aMedia({ id: '99999999-9999-4999-8999-999999999999', moderation: 'hidden' });
    const theirHeld = aMedia({ id: 'aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa', user_id: bob.id, moderation: 'held' });
    const theirHidden = aMedia({ id: 'bbbbbbbb-bbbb-4bbb-8bbb-bbbbbbbbbbbb', user_id: bob.id, moderation: 'hidden' });
    const theirPublic = aMedia({ id: 'cccccccc-cccc-4ccc-8ccc-cccccccccccc', user_id: bob.id });
    const toggle = vi.fn(async () => toggled);
    const service = new LikesService({ feed: feedById([mine, theirs, myHidden, theirHeld, theirHidden, theirPublic]), likes: { toggle, likedBy: async () => [] } });
    for (const id of [mine.id, myHidden.id, theirPublic.id]) await expect(service.toggle(ada, id)).resolves.toEqual({ success: true, ...toggled });
    for (const id of [theirs.id, theirHeld.id, theirHidden.id]) await expect(service.toggle(ada, id)).rejects.toMatchObject({ message: 'No such media', code: 'NOT_FOUND' });
    expect(toggle).toHaveBeenCalledTimes(3);
  });

  it('keys likes by preset type with underscores, then the id', async () => {
    const service = new LikesService({ feed: feedById([]), likes: { toggle: async () => undefined, likedBy: async () => [{ id: 'm1', preset_type: 'unreal-reflection' }] } });
    await expect(service.likesOf(ada)).resolves.toEqual({ success: true, likes: { 'unreal_reflection:m1': true }, count: 1 });
  });
});

describe('DraftsService', () => {
  it("names an empty draft 'Untitled draft' and answers 404 for another person's draft", async () => {
    const created = vi.fn(async (userId: string, fields: { media_url: string; prompt?: string }) => ({
      id: 'd1', user_id: userId, media_url: fields.media_url, prompt: fields.prompt ?? '', media_type: 'photo' as const,
      aspect_ratio: '4/3', width: 800, height: 600, metadata: {}, created_at: new Date(), updated_at: new Date(),
    }));
    const service = new DraftsService({ drafts: { create: created, update: async () => undefined, delete: async () => false, list: async () => [] } }, testMediaUrls);
    expect((await service.create(ada, { media_url: 'https://x/a.jpg', prompt: '   ' })).draft.prompt).toBe('Untitled draft');
    await expect(service.update(ada, 'd2', { prompt: 'x' })).rejects.toMatchObject({ message: 'No such draft' });
    await expect(service.delete(ada, 'd2')).rejects.toBeInstanceOf(NotFoundError);
  });
});

describe('FeedService', () => {
  it('refuses a cursor it did not make', async () => {
    const service = new FeedService({ feed: { page: async () => [], trending: async () => [], byId: async () => undefined, liked: async () => [], top: async () => [], trendingPage: async () => [], followingPage: async () => [] } }, testMediaUrls);
    await expect(service.page({ limit: 10, cursor: 'garbage' })).rejects.toMatchObject({ message: INVALID_CURSOR });
  });
});

describe('AccountService', () => {
  const otp = { issue: async () => '123456', verify: async () => {} };
  const mail = { send: vi.fn(async () => 'm1') };
  const repos = (existing: ReturnType<typeof aUser>[] = []) => ({
    users: {
      update: async (_id: string, changes: object) => ({ ...ada, ...changes }),
      findByEmail: async (email: string) => existing.find((u) => u.email === email),
      delete: async () => true,
    },
    media: { totalLikesReceived: async () => 7, storageKeysOfUser: async () => [] },
    refreshTokens: { revokeAllForUser: async () => [] },
    signInCodes: { deleteForEmail: async () => {} },
  });

  it('answers get-user-profile in its schema, with the likes received', async () => {
    const service = new AccountService(repos(), noStorage, otp, mail, silent, testMediaUrls, { forget() {} });
    const profile = userProfileResponse.parse(await service.profile(ada));
    expect(profile.user.totalLikesReceived).toBe(7);
    expect(profile.profile).toEqual(profile.user);
  });

  it('completes onboarding on the empty update sent after sign-in', async () => {
    const service = new AccountService(repos(), noStorage, otp, mail, silent, testMediaUrls, { forget() {} });
    expect((await service.updateProfile(ada, {})).profile.onboarding_completed).toBe(true);
  });

  it('mails no code for an address that is already yours or taken', async () => {
    const service = new AccountService(repos([bob]), noStorage, otp, mail, silent, testMediaUrls, { forget() {} });
    await expect(service.requestEmailChange(ada, ada.email)).rejects.toMatchObject({ code: 'SAME_EMAIL' });
    await expect(service.requestEmailChange(ada, bob.email)).rejects.toMatchObject({ message: 'That email address is already in use.' });
    expect(mail.send).not.toHaveBeenCalled();
    await service.requestEmailChange(ada, 'new@example.com');
    expect(mail.send).toHaveBeenCalledTimes(1);
  });
});
