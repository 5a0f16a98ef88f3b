/** The side of an avatar as uploaded: big enough for the creator page's 112 px circle on a 2× screen. */
export const AVATAR_SIDE = 256;

/**
 * The middle square of a photo, scaled to AVATAR_SIDE and encoded as WebP (JPEG where the
 * browser cannot write WebP): a small file, so every tile that shows it loads fast.
 */
export async function squareAvatar(file: Blob): Promise<Blob> {
  const bitmap = await createImageBitmap(file);
  try {
    const side = Math.min(bitmap.width, bitmap.height);
    const canvas = document.createElement('canvas');
    canvas.width = AVATAR_SIDE;
    canvas.height = AVATAR_SIDE;
    const context = canvas.getContext('2d');
    if (!context) throw new Error('Could not read that photo.');
    context.imageSmoothingQuality = 'high';
    context.drawImage(bitmap, (bitmap.width - side) / 2, (bitmap.height - side) / 2, side, side, 0, 0, AVATAR_SIDE, AVATAR_SIDE);
    const encode = (type: string) => new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, type, 0.9));
    const webp = await encode('image/webp');
    const blob = webp?.type === 'image/webp' ? webp : await encode('image/jpeg');
    if (!blob) throw new Error('Could not read that photo.');
    return blob;
  } finally {
    bitmap.close();
  }
}
