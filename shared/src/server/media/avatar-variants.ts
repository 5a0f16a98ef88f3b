import { randomUUID } from 'node:crypto';
import sharp from 'sharp';
import type { Storage } from '../storage/storage';
import { ImageTooLargeError, UnreadableImageError, canDecodeImage, normalizeImage } from './normalize-image';
import { SNIFF_HEAD_BYTES, sniffMediaType } from './sniff';

/**
 * The sides of an avatar's square WebP copies (issue 47 §2). Small: every avatar beside a creation
 * (24–44 CSS px in the feed, viewer, notifications, lists) at 2× density. Large: the creator page's
 * 112 px circle and the Account form's 84 px at 2×, and the og image of a creator page.
 */
export const AVATAR_SIDES = { small: 96, large: 256 } as const;

/** Quality 80 at effort 4: a 96 px face is ~2–3 KB; encoding two squares this small costs a few ms. */
const WEBP = { quality: 80, effort: 4 } as const;

export const AVATAR_NOT_A_PICTURE = 'avatar: that file is not a picture we can read. Please pick a JPEG, PNG or WebP photo.';
export const AVATAR_TOO_LARGE = 'avatar: that picture is too large. Please pick a smaller photo.';

/** Thrown when the chosen file is not a picture we can make an avatar from. */
export class AvatarRefusedError extends Error {}

const SMALL_FILE = `s${AVATAR_SIDES.small}.webp`;
/** `users/<id>/avatar/<token>/s96.webp`: what `users.avatar_url` holds once variants exist. */
const VARIANT_KEY = new RegExp(`^(users/[^/]+/avatar/[^/]+)/${SMALL_FILE.replace('.', '\\.')}$`);

/** Where a person's avatars live; the whole folder is public (api/src/services/media-file-access.ts). */
export const avatarPrefix = (userId: string) => `users/${userId}/avatar/`;

/** The folder of an avatar reference when it is one of our variant pairs, else undefined (a legacy avatar: an upload). */
export function avatarFolderOf(ref: string | null): string | undefined {
  return ref === null ? undefined : VARIANT_KEY.exec(ref)?.[1];
}

/**
 * The reference of the large copy of a stored avatar. `avatar_url` names the small copy, and the
 * large one sits beside it by convention; an avatar stored before variants (an upload) is its own.
 */
export function largeAvatarRef(ref: string | null): string | null {
  const folder = avatarFolderOf(ref);
  return folder === undefined ? ref : `${folder}/s${AVATAR_SIDES.large}.webp`;
}

/**
 * Makes and stores the small and large square WebP copies of a picture, in a new folder under the
 * person's avatar prefix, and answers the small one's key (what `avatar_url` stores). Nothing is
 * stored unless the bytes decode as a picture within the pixel limit (AvatarRefusedError).
 */
export async function storeAvatarVariants(storage: Pick<Storage, 'put'>, userId: string, data: Buffer, maxPixels: number): Promise<string> {
  const sniffed = sniffMediaType(data.subarray(0, SNIFF_HEAD_BYTES));
  if (sniffed?.kind !== 'image' || !canDecodeImage(sniffed.format)) throw new AvatarRefusedError(AVATAR_NOT_A_PICTURE);
  let upright: Buffer;
  try {
    // The shared decode: pixel and GIF guards, EXIF rotation, first frame, metadata dropped.
    upright = (await normalizeImage(data, sniffed.format, { maxPixels })).data;
  } catch (error) {
    if (error instanceof ImageTooLargeError) throw new AvatarRefusedError(AVATAR_TOO_LARGE);
    if (error instanceof UnreadableImageError) throw new AvatarRefusedError(AVATAR_NOT_A_PICTURE);
    throw error;
  }
  const still = sharp(upright);
  // The middle square, as the web's picker crops (web/src/pages/profile/account/square-avatar.ts).
  const sides = [AVATAR_SIDES.small, AVATAR_SIDES.large];
  const encoded = await Promise.all(sides.map((side) => still.clone().resize(side, side, { fit: 'cover' }).webp(WEBP).toBuffer()));
  const folder = `${avatarPrefix(userId)}${randomUUID()}`;
  for (const [i, side] of sides.entries()) {
    await storage.put(`${folder}/s${side}.webp`, encoded[i]!, { contentType: 'image/webp', immutable: true });
  }
  return `${folder}/${SMALL_FILE}`;
}
