import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { MemoryStorage } from '../../../testing/memory-storage';
import { AVATAR_NOT_A_PICTURE, AVATAR_TOO_LARGE, AvatarRefusedError, avatarFolderOf, largeAvatarRef, storeAvatarVariants } from './avatar-variants';

const MAX_PIXELS = 50_000_000;
const photo = (width: number, height: number) => sharp({ create: { width, height, channels: 3, background: '#8a5cf6' } }).jpeg().toBuffer();

describe('avatar variants', () => {
  it('stores a 96 px and a 256 px square WebP of a landscape photo, and answers the small one', async () => {
    const storage = new MemoryStorage();
    const small = await storeAvatarVariants(storage, 'u-1', await photo(1200, 800), MAX_PIXELS);
    expect(small).toMatch(/^users\/u-1\/avatar\/[0-9a-f-]{36}\/s96\.webp$/);
    const large = largeAvatarRef(small)!;
    expect(large).toBe(small.replace(/s96\.webp$/, 's256.webp'));
    expect([...storage.objects.keys()].sort()).toEqual([large, small].sort());
    expect(await sharp(storage.objects.get(small)!.data).metadata()).toMatchObject({ format: 'webp', width: 96, height: 96 });
    expect(await sharp(storage.objects.get(large)!.data).metadata()).toMatchObject({ format: 'webp', width: 256, height: 256 });
    expect(storage.objects.get(small)!.contentType).toBe('image/webp');
  });

  it('refuses what is not a picture, or too many pixels, storing nothing', async () => {
    const storage = new MemoryStorage();
    await expect(storeAvatarVariants(storage, 'u-1', Buffer.from('not a photo at all'), MAX_PIXELS)).rejects.toThrow(new AvatarRefusedError(AVATAR_NOT_A_PICTURE));
    const truncated = (await photo(400, 400)).subarray(0, 300);
    await expect(storeAvatarVariants(storage, 'u-1', truncated, MAX_PIXELS)).rejects.toThrow(AVATAR_NOT_A_PICTURE);
    await expect(storeAvatarVariants(storage, 'u-1', await photo(400, 400), 100 * 100)).rejects.toThrow(AVATAR_TOO_LARGE);
    expect(storage.objects.size).toBe(0);
  });

  it('takes an avatar stored before copies existed (an upload) as its own large copy', () => {
    expect(largeAvatarRef('users/u-1/uploads/me.webp')).toBe('users/u-1/uploads/me.webp');
    expect(largeAvatarRef(null)).toBeNull();
    expect(avatarFolderOf('users/u-1/uploads/me.webp')).toBeUndefined();
    expect(avatarFolderOf('users/u-1/avatar/abc/s96.webp')).toBe('users/u-1/avatar/abc');
  });
});
