import sharp from 'sharp';
import { outputSize } from './local/local-provider';
import type { GeneratedImage, ImageProvider, ImageRequest } from './provider';
import { PermanentGenerationError } from './provider';

/**
 * For load tests and demos: the photo cropped to the output size with one cheap tint, no
 * likeness check — so what a load test measures is the queue, not the image work. Refused in
 * production by the config.
 */
export class InstantProvider implements ImageProvider {
  readonly name = 'instant';
  readonly checksIdentity = false;

  async generate(request: ImageRequest): Promise<GeneratedImage> {
    const { width, height } = outputSize(request.aspectRatio, 512);
    try {
      const data = await sharp(request.source, { failOn: 'error' })
        .rotate()
        .resize(width, height, { fit: 'cover' })
        .tint(request.attempt % 2 ? '#ffd2e6' : '#d2e6ff')
        .jpeg({ quality: 80 })
        .toBuffer();
      return { data, contentType: 'image/jpeg', width, height, provider: this.name };
    } catch (error) {
      throw new PermanentGenerationError(`The source photo could not be read: ${(error as Error).message}`);
    }
  }
}
