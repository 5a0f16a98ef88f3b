/**
 * The default provider: no network, a real image pipeline on the CPU. It crops the photo to the
 * request's aspect ratio around the subject, renders the preset's look (or one steered by the
 * prompt's words) and encodes the result at 1024 px on the long side.
 */
import type { AspectRatio } from '@app/shared';
import sharp from 'sharp';
import { PermanentGenerationError } from '../provider';
import type { GeneratedImage, ImageProvider, ImageRequest } from '../provider';
import { locateFace } from './face-locate';
import type { Look } from './look';
import { presetLook } from './looks';
import { lookFromPrompt } from './prompt-steering';
import type { Frame } from './frame';
import { renderLook } from './render-look';
import { createRng } from './rng';

export const LONG_SIDE = 1024;

/** Output size for an aspect ratio: the long side is 1024 px. */
export function outputSize(aspectRatio: AspectRatio, longSide = LONG_SIDE): { width: number; height: number } {
  const [w, h] = aspectRatio.split(':').map(Number) as [number, number];
  if (!(w > 0 && h > 0)) throw new Error(`bad aspect ratio ${aspectRatio}`);
  return w >= h ? { width: longSide, height: Math.round((longSide * h) / w) } : { width: Math.round((longSide * w) / h), height: longSide };
}

/** The look for a request: the preset's own, else one steered by the prompt. */
export function lookFor(request: Pick<ImageRequest, 'preset' | 'prompt'>): Look {
  return (request.preset && presetLook(request.preset.id, request.prompt)) || lookFromPrompt(request.prompt || request.preset?.prompt || '');
}

type Format = 'png' | 'jpeg' | 'webp';

export interface LocalProviderOptions {
  /** Output format when the preset does not name one; JPEG by default. */
  defaultFormat?: Format;
}

/** Decodes the photo once, crops it around the subject to the output size; raw RGB. */
async function decodeAndCrop(source: Buffer, width: number, height: number): Promise<Frame> {
  let result: { data: Buffer; info: sharp.OutputInfo };
  try {
    result = await sharp(source, { failOn: 'error' })
      .rotate()
      .resize(width, height, { fit: 'cover', position: 'attention' })
      .removeAlpha()
      .toColourspace('srgb')
      .raw()
      .toBuffer({ resolveWithObject: true });
  } catch (error) {
    throw new PermanentGenerationError(`The source photo could not be read: ${(error as Error).message}`);
  }
  const { data, info } = result;
  if (info.channels !== 3) throw new PermanentGenerationError(`The source photo has ${info.channels} channels after decoding`);
  return { data: new Uint8Array(data.buffer, data.byteOffset, data.byteLength), width, height };
}

async function encode(frame: Frame, format: Format): Promise<Buffer> {
  const image = sharp(frame.data, { raw: { width: frame.width, height: frame.height, channels: 3 } });
  switch (format) {
    case 'png':
      return image.png({ compressionLevel: 6, adaptiveFiltering: false }).toBuffer();
    case 'webp':
      return image.webp({ quality: 90, smartSubsample: true }).toBuffer();
    case 'jpeg':
      return image.jpeg({ quality: 92, chromaSubsampling: '4:4:4' }).toBuffer();
  }
}

const CONTENT_TYPE: Record<Format, GeneratedImage['contentType']> = { png: 'image/png', jpeg: 'image/jpeg', webp: 'image/webp' };

export class LocalProvider implements ImageProvider {
  readonly name = 'local';

  constructor(private readonly options: LocalProviderOptions = {}) {}

  async generate(request: ImageRequest): Promise<GeneratedImage> {
    const { signal } = request;
    signal.throwIfAborted();
    const { width, height } = outputSize(request.aspectRatio);
    const frame = await decodeAndCrop(request.source, width, height);
    signal.throwIfAborted();
    const face = locateFace(frame);

    const look = lookFor(request);
    // The seed places the decorations; the attempt re-rolls the grain, so a retry differs
    // slightly from the image before it while keeping the look.
    const key = `${request.preset?.id ?? request.mode}|${request.seed}`;
    const out = await renderLook(frame, look, { rng: createRng(key), detailRng: createRng(`${key}|${request.attempt}`), face, signal });
    signal.throwIfAborted();

    const format = request.preset?.output_format ?? this.options.defaultFormat ?? 'jpeg';
    const data = await encode(out, format);
    return { data, contentType: CONTENT_TYPE[format], width, height, provider: this.name };
  }
}
