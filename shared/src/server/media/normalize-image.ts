import sharp from 'sharp';
import type { ImageFormat } from './sniff';

/** The formats an upload is stored as after normalisation. */
export type StoredImageFormat = 'jpg' | 'png' | 'webp';

export interface NormalizedImage {
  data: Buffer;
  format: StoredImageFormat;
  contentType: string;
  /** After EXIF rotation: what a viewer sees. */
  width: number;
  height: number;
}

/**
 * GIF frames are decoded whole into RGBA at the size of the GIF's canvas: a 3 MB file can declare
 * a 7000 × 7000 canvas and cost 200 MB to open. So GIFs get bounds of their own, checked on
 * the header: the canvas (4 bytes a pixel: 16 MB at most) and frames × canvas, which bounds the
 * work of walking an animation.
 */
export const GIF_MAX_FRAME_PIXELS = 2048 * 2048;
export const GIF_MAX_TOTAL_PIXELS = 100_000_000;

export interface NormalizeImageOptions {
  /** Decompression-bomb guard: images declaring more pixels than this are refused unread. */
  maxPixels: number;
  /** JPEG quality of the re-encoded file. */
  jpegQuality?: number;
}

/** The image declares more pixels than allowed. */
export class ImageTooLargeError extends Error {
  constructor(message = 'Image is too large') {
    super(message);
    this.name = 'ImageTooLargeError';
  }
}

/** The bytes looked like an image but could not be decoded. */
export class UnreadableImageError extends Error {
  constructor(message = 'Invalid image file', options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'UnreadableImageError';
  }
}

/** What each sniffed input is stored as: JPEG-like photos as JPEG, lossless inputs keep their format. */
const OUTPUT_FORMAT: Record<ImageFormat, StoredImageFormat> = {
  jpg: 'jpg',
  heic: 'jpg',
  avif: 'jpg',
  png: 'png',
  gif: 'png',
  webp: 'webp',
};

const OUTPUT_CONTENT_TYPE: Record<StoredImageFormat, string> = {
  jpg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
};

/**
 * Whether this sharp build can decode the format. The prebuilt libvips reads AVIF but not
 * HEIC (HEVC is patent-encumbered and left out), so HEIC is accepted only where a custom
 * libvips with libde265 is installed.
 */
export function canDecodeImage(format: ImageFormat): boolean {
  if (format !== 'heic' && format !== 'avif') return true;
  const heif = sharp.format.heif as { input?: { buffer?: boolean; fileSuffix?: string[] } } | undefined;
  if (!heif?.input?.buffer) return false;
  const suffixes = heif.input.fileSuffix ?? [];
  return format === 'avif' ? suffixes.includes('.avif') : suffixes.includes('.heic') || suffixes.includes('.heif');
}

/**
 * Normalises an uploaded image: applies the EXIF orientation, drops all metadata (EXIF, GPS,
 * XMP, IPTC; sharp keeps none unless asked with withMetadata/keepExif, which this never does),
 * takes the first frame of animations, and re-encodes. The pixel limit is checked on the
 * header before anything is decoded, and enforced again by libvips while decoding.
 */
export async function normalizeImage(input: Buffer | string, format: ImageFormat, options: NormalizeImageOptions): Promise<NormalizedImage> {
  const open = () => sharp(input, { limitInputPixels: options.maxPixels, failOn: 'error', pages: 1 });
  let declared: sharp.Metadata;
  try {
    declared = await open().metadata();
  } catch (error) {
    throw translate(error);
  }
  const width = declared.width ?? 0;
  const height = declared.height ?? 0;
  if (width <= 0 || height <= 0) throw new UnreadableImageError();
  if (width * height > options.maxPixels) throw new ImageTooLargeError();
  if (format === 'gif') {
    // With `pages: 1` the metadata describes the first frame; `pages` still counts them all.
    const frames = Math.max(1, declared.pages ?? 1);
    if (width * height > GIF_MAX_FRAME_PIXELS || width * height * frames > GIF_MAX_TOTAL_PIXELS) throw new ImageTooLargeError();
  }

  const target = OUTPUT_FORMAT[format];
  let pipeline = open().rotate();
  if (target === 'jpg') pipeline = pipeline.jpeg({ quality: options.jpegQuality ?? 90, mozjpeg: false });
  else if (target === 'png') pipeline = pipeline.png();
  else pipeline = pipeline.webp({ quality: 90 });
  try {
    const { data, info } = await pipeline.toBuffer({ resolveWithObject: true });
    return { data, format: target, contentType: OUTPUT_CONTENT_TYPE[target], width: info.width, height: info.height };
  } catch (error) {
    throw translate(error);
  }
}

function translate(error: unknown): Error {
  const message = error instanceof Error ? error.message : String(error);
  if (/pixel limit/i.test(message)) return new ImageTooLargeError();
  return new UnreadableImageError('Invalid image file', { cause: error });
}
