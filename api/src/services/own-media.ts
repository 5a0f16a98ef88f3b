import { InvalidInputError } from '@app/shared/server/domain-errors';

export const AVATAR_NOT_OURS = 'avatar: must be a picture stored here (one of your uploads)';
export const HERO_IMAGE_NOT_HTTPS = 'hero_image_url: must be an https address or an image stored here';

/**
 * Whether `value` names a file under our public media address (`base`, as the storage gives it,
 * ending in '/'): parsed first, so `..`, credentials or another host never pass for ours.
 */
export function isOwnMediaUrl(value: string, base: string): boolean {
  if (!URL.canParse(value) || !URL.canParse(base)) return false;
  const url = new URL(value);
  if (url.username || url.password || url.hash) return false;
  const root = new URL(base).href;
  return url.href.startsWith(root) && url.pathname.length > new URL(root).pathname.length;
}

/**
 * An avatar is shown to everyone beside the person's work: only a file the person uploaded to
 * our storage (under their own `users/<id>/` prefix), never a foreign or internal address, nor
 * someone else's photo.
 */
export function checkAvatar(value: string, base: string, userId: string): void {
  if (!isOwnMediaUrl(value, base) || !isOwnMediaUrl(value, `${new URL(base).href}users/${userId}/`)) {
    throw new InvalidInputError(AVATAR_NOT_OURS, 'BAD_REQUEST');
  }
}

/** A story's hero image: https anywhere (no credentials in it), or an image in our storage (http in development). */
export function checkHeroImage(value: unknown, base: string): void {
  if (typeof value !== 'string' || value === '') return; // absent, null or cleared: the schema decides
  if (isOwnMediaUrl(value, base)) return;
  const url = URL.canParse(value) ? new URL(value) : undefined;
  if (!url || url.protocol !== 'https:' || url.username || url.password) throw new InvalidInputError(HERO_IMAGE_NOT_HTTPS, 'BAD_REQUEST');
}
