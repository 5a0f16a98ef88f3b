import sharp from 'sharp';
import { PermanentGenerationError } from '../provider';

/** Long side of the photo sent to a provider: enough for any model, far below every size limit. */
const SEND_LONG_SIDE = 1536;

/**
 * The person's photo as providers take it: upright JPEG, at most 1536 px on the long side, so
 * it fits every API's limits (Stability's 10 MiB, BFL's 4 MP) whatever was uploaded (HEIC, PNG...).
 */
export async function photoForProvider(photo: Buffer): Promise<Buffer> {
  try {
    return await sharp(photo, { failOn: 'error' })
      .rotate()
      .resize(SEND_LONG_SIDE, SEND_LONG_SIDE, { fit: 'inside', withoutEnlargement: true })
      .flatten({ background: '#ffffff' })
      .jpeg({ quality: 90 })
      .toBuffer();
  } catch (error) {
    throw new PermanentGenerationError(`The source photo could not be read: ${(error as Error).message}`);
  }
}
