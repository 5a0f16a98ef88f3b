import { createReadStream } from 'node:fs';
import type { Readable } from 'node:stream';
import { Semaphore } from '../concurrency/semaphore';
import { InvalidInputError, TooLargeError } from '../domain-errors';
import { ImageTooLargeError, UnreadableImageError, canDecodeImage, normalizeImage } from './normalize-image';
import { type ProbeOptions, UnreadableVideoError, probeVideo } from './probe-video';
import { type MediaKind, SNIFF_HEAD_BYTES, sniffMediaType } from './sniff';

/** Texts of an ingest's refusals (the spec's client matches on some of them). */
export const INGEST_ERRORS = {
  fileTooLarge: 'File too large',
  imageTooLarge: 'Image is too large',
  unsupported: 'Unsupported file type',
  empty: 'Empty file',
  invalidImage: 'Invalid image file',
  invalidVideo: 'Invalid video file',
} as const;

/**
 * A `.catch` for a decoder: its refusals (by error class, the first that matches) become the
 * person's input error with that text; any other error passes on.
 */
function refuseAs(refusals: readonly (readonly [new (...args: never[]) => Error, string])[]) {
  return (error: unknown): never => {
    const refusal = refusals.find(([type]) => error instanceof type);
    if (refusal) throw new InvalidInputError(refusal[1]);
    throw error;
  };
}

export interface IngestLimits {
  maxImageBytes: number;
  maxVideoBytes: number;
  /** Decompression-bomb guard, width × height of the (declared) image. */
  maxImagePixels: number;
}

export const DEFAULT_INGEST_LIMITS: IngestLimits = {
  maxImageBytes: 25 * 1024 * 1024,
  maxVideoBytes: 200 * 1024 * 1024,
  maxImagePixels: 50_000_000,
};

/** A received file on disk, with its first bytes (up to SNIFF_HEAD_BYTES) kept for sniffing. */
export interface ReceivedFile {
  path: string;
  bytes: number;
  head: Buffer;
}

/** A file checked and ready to keep: an image normalised in memory, or a video as received. */
export interface IngestedMedia {
  kind: MediaKind;
  format: string;
  contentType: string;
  bytes: number;
  /** After EXIF rotation (images) or display rotation (videos): what a viewer sees. */
  width: number;
  height: number;
  durationSeconds: number | null;
  /** The bytes to store (a video is streamed from its file, opened only when asked). */
  body(): Buffer | Readable;
}

export interface MediaIngestOptions {
  limits?: Partial<IngestLimits>;
  /** Images decoded at once in this process (each may hold its full pixels in memory). */
  concurrentDecodes?: number;
  /** Passed to the video probe (tests pin the tool). */
  probe?: Pick<ProbeOptions, 'tool'>;
}

/**
 * What may be kept of an uploaded file: the type the bytes say (never the name or the declared
 * Content-Type), byte and pixel limits, images EXIF-rotated, stripped and re-encoded, videos
 * measured. Refusals are domain errors carrying the texts above.
 */
export class MediaIngest {
  readonly limits: IngestLimits;
  private readonly decodes: Semaphore;

  constructor(private readonly options: MediaIngestOptions = {}) {
    this.limits = { ...DEFAULT_INGEST_LIMITS, ...options.limits };
    this.decodes = new Semaphore(options.concurrentDecodes ?? 2);
  }

  /** The bytes looked at before a file's own limit is known. */
  get headBytes(): number {
    return SNIFF_HEAD_BYTES;
  }

  /** The most any file may be, whatever its type: the limit while its first bytes are still coming. */
  get maxFileBytes(): number {
    return Math.max(this.limits.maxImageBytes, this.limits.maxVideoBytes);
  }

  /**
   * The byte limit of a file starting with `head` (its first `headBytes`, or all of a shorter
   * file): so a huge or foreign file can be cut off as soon as its first bytes are in.
   */
  byteLimit(head: Buffer): number {
    if (head.length === 0) throw new InvalidInputError(INGEST_ERRORS.empty);
    const media = sniffMediaType(head);
    if (!media) throw new InvalidInputError(INGEST_ERRORS.unsupported);
    return this.limitFor(media.kind);
  }

  /**
   * Checks a received file and makes it ready to keep. `expected` is the resource type the
   * client asked for (`image` or `video`); `auto` or none takes what the bytes are.
   */
  async ingest(file: ReceivedFile, expected?: string): Promise<IngestedMedia> {
    if (file.bytes === 0) throw new InvalidInputError(INGEST_ERRORS.empty);
    const media = sniffMediaType(file.head);
    if (!media) throw new InvalidInputError(INGEST_ERRORS.unsupported);
    if (file.bytes > this.limitFor(media.kind)) throw new TooLargeError(INGEST_ERRORS.fileTooLarge);
    if (expected && expected !== 'auto' && expected !== media.kind) throw new InvalidInputError(INGEST_ERRORS.unsupported);

    if (media.kind === 'image') {
      if (!canDecodeImage(media.format)) throw new InvalidInputError(INGEST_ERRORS.unsupported);
      const image = await this.decodes
        .run(() => normalizeImage(file.path, media.format, { maxPixels: this.limits.maxImagePixels }))
        .catch(
          refuseAs([
            [ImageTooLargeError, INGEST_ERRORS.imageTooLarge],
            [UnreadableImageError, INGEST_ERRORS.invalidImage],
          ]),
        );
      return {
        kind: 'image',
        format: image.format,
        contentType: image.contentType,
        bytes: image.data.length,
        width: image.width,
        height: image.height,
        durationSeconds: null,
        body: () => image.data,
      };
    }

    const probe = await probeVideo(file.path, { format: media.format, ...this.options.probe }).catch(
      refuseAs([[UnreadableVideoError, INGEST_ERRORS.invalidVideo]]),
    );
    return {
      kind: 'video',
      format: media.format,
      contentType: media.contentType,
      bytes: file.bytes,
      width: probe.width,
      height: probe.height,
      durationSeconds: probe.durationSeconds,
      body: () => createReadStream(file.path),
    };
  }

  private limitFor(kind: MediaKind): number {
    return kind === 'image' ? this.limits.maxImageBytes : this.limits.maxVideoBytes;
  }
}
