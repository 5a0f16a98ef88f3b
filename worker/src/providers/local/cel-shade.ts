/**
 * Cel-shaded / comic look: flat painted patches, a few tone bands and dark ink outlines.
 *  1. edge-preserving smoothing: a median, a Kuwahara pass, a small median again;
 *  2. ink: Sobel on the smoothed luminance, thresholded, thickened by a max filter, softened one
 *     pixel; inside the face fewer, thinner and lighter lines, so skin does not turn into scribbles;
 *  3. quantisation: luminance in `levels` bands, chroma in coarse steps — few distinct colours;
 *  4. the ink composited over the flat colours.
 * Plain loops over typed arrays (the medians too: see median.ts).
 */
import type { RGB } from './colour';
import type { FaceZone } from './face-locate';
import type { Prefilter } from './look';
import { medianFilter } from './median';
import type { Frame } from './frame';
import { kuwahara } from './pixel-effects';

export type CelOptions = NonNullable<Prefilter['cel']>;

function median(frame: Frame, size: number): void {
  frame.data = medianFilter(frame.data, frame.width, frame.height, size);
}

function lumaOf(data: Uint8Array, n: number): Float32Array {
  const lum = new Float32Array(n);
  for (let p = 0, i = 0; p < n; p++, i += 3) lum[p] = 0.2126 * data[i]! + 0.7152 * data[i + 1]! + 0.0722 * data[i + 2]!;
  return lum;
}

/** 1 inside the face's ellipse, 0 outside, a soft rim between. */
function faceWeight(face: FaceZone | undefined, x: number, y: number): number {
  if (!face) return 0;
  const d = ((x - face.cx) / face.rx) ** 2 + ((y - face.cy) / face.ry) ** 2;
  return d >= 1.3 ? 0 : d <= 0.8 ? 1 : (1.3 - d) / 0.5;
}

/** Ink strength per pixel, 0–255: where the smoothed luminance changes fast. */
export function inkMask(frame: Frame, options: CelOptions, face?: FaceZone): Uint8Array {
  const { width, height } = frame;
  const lum = lumaOf(frame.data, width * height);
  const mask = new Uint8Array(width * height);
  // Sobel magnitude (|gx|+|gy|) on 0–255 luminance; a clean edge between flat patches is ~4×step.
  const low = 80 * options.edgeThreshold;
  const high = 160 * options.edgeThreshold;
  for (let y = 1; y < height - 1; y++) {
    const up = (y - 1) * width;
    const row = y * width;
    const down = (y + 1) * width;
    for (let x = 1; x < width - 1; x++) {
      const gx = lum[up + x + 1]! + 2 * lum[row + x + 1]! + lum[down + x + 1]! - lum[up + x - 1]! - 2 * lum[row + x - 1]! - lum[down + x - 1]!;
      const gy = lum[down + x - 1]! + 2 * lum[down + x]! + lum[down + x + 1]! - lum[up + x - 1]! - 2 * lum[up + x]! - lum[up + x + 1]!;
      const mag = Math.abs(gx) + Math.abs(gy);
      const f = faceWeight(face, x, y);
      const lo = low * (1 + 0.6 * f);
      const hi = high * (1 + 0.6 * f);
      if (mag <= lo) continue;
      mask[row + x] = mag >= hi ? 255 : ((mag - lo) / (hi - lo)) * 255;
    }
  }
  // Thick lines outline the shapes; on the face they stay thin and light, as anime draws faces,
  // and because heavy lines over the eyes and mouth hide who the person is.
  const thick = dilate(mask, width, height, options.thickness ?? 1);
  if (face) {
    for (let y = 0; y < height; y++) {
      for (let x = 0; x < width; x++) {
        const f = faceWeight(face, x, y);
        if (f > 0) thick[y * width + x] = (thick[y * width + x]! * (1 - f) + mask[y * width + x]! * f) * (1 - 0.45 * f);
      }
    }
  }
  return soften(thick, width, height);
}

/** Max filter of radius `r` (separable): thickens the lines. */
function dilate(mask: Uint8Array, width: number, height: number, r: number): Uint8Array {
  if (r <= 0) return mask;
  const tmp = new Uint8Array(mask.length);
  for (let y = 0; y < height; y++) {
    const row = y * width;
    for (let x = 0; x < width; x++) {
      let m = 0;
      for (let k = Math.max(0, x - r); k <= Math.min(width - 1, x + r); k++) if (mask[row + k]! > m) m = mask[row + k]!;
      tmp[row + x] = m;
    }
  }
  const out = new Uint8Array(mask.length);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      let m = 0;
      for (let k = Math.max(0, y - r); k <= Math.min(height - 1, y + r); k++) if (tmp[k * width + x]! > m) m = tmp[k * width + x]!;
      out[y * width + x] = m;
    }
  }
  return out;
}

/** 3×3 box blur: anti-aliased line edges. */
function soften(mask: Uint8Array, width: number, height: number): Uint8Array {
  const out = new Uint8Array(mask.length);
  for (let y = 0; y < height; y++) {
    const up = (y > 0 ? y - 1 : y) * width;
    const row = y * width;
    const down = (y < height - 1 ? y + 1 : y) * width;
    for (let x = 0; x < width; x++) {
      const l = x > 0 ? x - 1 : x;
      const r = x < width - 1 ? x + 1 : x;
      out[row + x] = (mask[up + l]! + mask[up + x]! + mask[up + r]! + mask[row + l]! + mask[row + x]! + mask[row + r]! + mask[down + l]! + mask[down + x]! + mask[down + r]!) / 9;
    }
  }
  return out;
}

/**
 * Flat colours: luminance snapped to the middle of one of `levels` bands, the colour's offset
 * from its luminance snapped to steps of `chromaStep`. Hue and light/shade are kept, the
 * gradients within them are not. Inside the face (`faceAt` > 0) the bands meet softly and the
 * chroma steps are finer: hard bands across skin read as blotches and hide who the person is.
 */
export function quantise(frame: Frame, levels: number, chromaStep: number, faceAt: (x: number, y: number) => number = () => 0): void {
  const { data, width, height } = frame;
  const band = 255 / levels;
  for (let y = 0, i = 0; y < height; y++) {
    for (let x = 0; x < width; x++, i += 3) {
      const f = faceAt(x, y);
      const r = data[i]!;
      const g = data[i + 1]!;
      const b = data[i + 2]!;
      const l = 0.2126 * r + 0.7152 * g + 0.0722 * b;
      const q = Math.min(levels - 0.001, l / band);
      const n = Math.floor(q);
      const soft = 0.45 * f;
      const t = soft > 0 ? smoothstep(0.5 - soft, 0.5 + soft, q - n) : q - n >= 0.5 ? 1 : 0;
      const lq = (n + t) * band;
      const step = chromaStep * (1 - 0.5 * f);
      data[i] = clampByte(lq + Math.round((r - l) / step) * step);
      data[i + 1] = clampByte(lq + Math.round((g - l) / step) * step);
      data[i + 2] = clampByte(lq + Math.round((b - l) / step) * step);
    }
  }
}

function smoothstep(e0: number, e1: number, x: number): number {
  const t = Math.min(1, Math.max(0, (x - e0) / (e1 - e0)));
  return t * t * (3 - 2 * t);
}

function clampByte(v: number): number {
  return v <= 0 ? 0 : v >= 255 ? 255 : (v + 0.5) | 0;
}

function composeInk(frame: Frame, mask: Uint8Array, ink: RGB, strength: number): void {
  const { data } = frame;
  for (let p = 0, i = 0; p < mask.length; p++, i += 3) {
    const a = (mask[p]! / 255) * strength;
    if (a <= 0) continue;
    for (let c = 0; c < 3; c++) data[i + c] = clampByte(data[i + c]! + (ink[c]! - data[i + c]!) * a);
  }
}

/** Renders the cel look onto `frame` (its data is replaced). */
export async function celShade(frame: Frame, options: CelOptions, face?: FaceZone): Promise<void> {
  median(frame, 5);
  const detailed = frame.data.slice();
  kuwahara(frame, options.smooth);
  median(frame, 3);
  const faceAt = (x: number, y: number) => faceWeight(face, x, y);
  // The face keeps more of its own shape than the rest: the features are who the person is.
  mixIn(frame, detailed, (x, y) => 0.6 * faceAt(x, y));
  const mask = inkMask(frame, options, face);
  quantise(frame, options.levels, options.chromaStep ?? 18, faceAt);
  // Cleans the speckle where a gradient crossed a band boundary.
  median(frame, 3);
  composeInk(frame, mask, options.edgeColour ?? [35, 28, 32], options.edges);
}

function mixIn(frame: Frame, other: Uint8Array, weight: (x: number, y: number) => number): void {
  const { data, width, height } = frame;
  for (let y = 0, i = 0; y < height; y++) {
    for (let x = 0; x < width; x++, i += 3) {
      const a = weight(x, y);
      if (a <= 0) continue;
      for (let c = 0; c < 3; c++) data[i + c] = clampByte(data[i + c]! + (other[i + c]! - data[i + c]!) * a);
    }
  }
}
