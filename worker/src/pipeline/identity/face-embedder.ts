/**
 * Face embeddings for the identity check: `@vladmandic/human` 3.3 (BlazeFace detector, FaceMesh
 * alignment, FaceRes 1024-d descriptor) on the tfjs WASM backend, offline. See human-runtime.ts for
 * how the packages, models and wasm binaries are located.
 *
 * Importing this module loads nothing heavy; the model loads on the first `createHumanEmbedder()`
 * and is shared by every embedder in the process.
 */
import sharp from 'sharp';
import { loadHuman, type HumanFace, type HumanInstance } from './human-runtime';

export interface FaceEmbedder {
  /**
   * The embedding of the largest face in an encoded image (PNG, JPEG, WebP, ...), or `null` when
   * the image has no face. Rejects when the image cannot be decoded.
   */
  embed(image: Buffer): Promise<Float32Array | null>;
  /** Every face's embedding, largest face first (empty when there is none). */
  embedAll(image: Buffer): Promise<Float32Array[]>;
  /** Stops this embedder (later `embed` calls reject). The shared model stays loaded for the process. */
  close(): Promise<void>;
}

export interface HumanEmbedderOptions {
  /** folder with human's models (default: `models/` of the installed `@vladmandic/human`) */
  modelsDir?: string;
  /** folder with the tfjs wasm binaries (default: `dist/` of the installed `@tensorflow/tfjs-backend-wasm`) */
  wasmDir?: string;
}

/**
 * Longest side the image is scaled down to before detection. The detector looks at a 256 px
 * version anyway; the descriptor crops the face from this image, so 1024 keeps plenty of detail
 * while bounding tensor memory for large uploads.
 */
const MAX_SIDE = 1024;

/** human/tfjs-wasm is not re-entrant: every detection in the process goes through this queue. */
let queue: Promise<unknown> = Promise.resolve();
function serialised<T>(task: () => Promise<T>): Promise<T> {
  const run = queue.then(task, task);
  queue = run.catch(() => undefined);
  return run;
}

async function decodeRgb(image: Buffer): Promise<{ pixels: Uint8Array; width: number; height: number }> {
  const { data, info } = await sharp(image, { failOn: 'none' })
    .rotate() // honour EXIF orientation
    .resize({ width: MAX_SIDE, height: MAX_SIDE, fit: 'inside', withoutEnlargement: true })
    .flatten({ background: { r: 255, g: 255, b: 255 } }) // alpha → white (no-op without alpha)
    .toColourspace('srgb') // greyscale / CMYK → 3 channels
    .raw()
    .toBuffer({ resolveWithObject: true });
  if (info.channels !== 3) throw new Error(`face embedder: expected 3 channels after decoding, got ${info.channels}`);
  return {
    pixels: new Uint8Array(data.buffer, data.byteOffset, data.byteLength),
    width: info.width,
    height: info.height,
  };
}

function bySize(faces: HumanFace[]): HumanFace[] {
  return faces
    .filter((face) => face.embedding && face.embedding.length > 0)
    .sort((a, b) => b.box[2] * b.box[3] - a.box[2] * a.box[3]);
}

async function embedWith(human: HumanInstance, image: Buffer): Promise<Float32Array[]> {
  const { pixels, width, height } = await decodeRgb(image);
  return serialised(async () => {
    const tensor = human.tf.tensor3d(pixels, [height, width, 3], 'int32');
    try {
      const result = await human.detect(tensor);
      if (result.error) throw new Error(`face embedder: ${result.error}`);
      return bySize(result.face).map((face) => Float32Array.from(face.embedding ?? []));
    } finally {
      tensor.dispose();
    }
  });
}

/** An embedder backed by the process-wide human instance (loaded on first use, then reused). */
export async function createHumanEmbedder(options: HumanEmbedderOptions = {}): Promise<FaceEmbedder> {
  const human = await loadHuman(options);
  let closed = false;
  const pending = new Set<Promise<unknown>>();
  const embedder: FaceEmbedder = {
    async embed(image) {
      return (await embedder.embedAll(image))[0] ?? null;
    },
    embedAll(image) {
      if (closed) return Promise.reject(new Error('face embedder is closed'));
      const run = embedWith(human, image);
      pending.add(run);
      void run.then(
        () => pending.delete(run),
        () => pending.delete(run),
      );
      return run;
    },
    async close() {
      closed = true;
      await Promise.allSettled([...pending]);
    },
  };
  return embedder;
}
