import { InvalidInputError } from '@app/shared/server/domain-errors';
import type { MediaUrls } from '@app/shared/server/storage';

export const AVATAR_NOT_OURS = 'avatar: must be a picture stored here (one of your uploads)';
export const HERO_IMAGE_NOT_HTTPS = 'hero_image_url: must be an https address or an image stored here';

/**
 * An avatar is shown to everyone beside the person's work: only a file the person uploaded to our
 * storage (under their own `users/<id>/` prefix), never a foreign or internal address, nor someone
 * else's photo. Answers the file's key, which is what is stored.
 */
export function avatarRef(value: string, urls: MediaUrls, userId: string): string {
  const key = urls.keyOf(value);
  if (key === undefined || !key.startsWith(`users/${userId}/`)) throw new InvalidInputError(AVATAR_NOT_OURS, 'BAD_REQUEST');
  return key;
}

/**
 * A story's hero image: an image in our storage (stored by its key; http in development), or https
 * anywhere without credentials (stored as the address).
 */
export function heroImageRef(value: string, urls: MediaUrls): string {
  const key = urls.keyOf(value);
  if (key !== undefined) return key;
  const url = URL.canParse(value) ? new URL(value) : undefined;
  if (!url || url.protocol !== 'https:' || url.username || url.password) throw new InvalidInputError(HERO_IMAGE_NOT_HTTPS, 'BAD_REQUEST');
  return value;
}
