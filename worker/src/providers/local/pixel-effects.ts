/**
 * Per-pixel effects on packed RGB buffers (3 bytes a pixel): Kuwahara smoothing, mixes of blurred
 * copies, film grain, scanlines, chromatic aberration and glitch bands. Randomness comes from the
 * caller's seeded Rng, so the same seed gives the same bytes.
 */
import type { FaceZone } from './face-locate';
import type { Frame } from './frame';
import type { Texture } from './look';
import type { Rng } from './rng';

function clampByte(v: number): number {
  return v <= 0 ? 0 : v >= 255 ? 255 : (v + 0.5) | 0;
}

/**
 * Kuwahara filter: each pixel takes the mean colour of the least busy of the four squares
 * around it. Flattens texture into painted patches while keeping edges sharp. Summed-area
 * tables make it O(1) a pixel whatever the radius.
 */
export function kuwahara(frame: Frame, radius: number): void {
  const { data, width, height } = frame;
  const w1 = width + 1;
  const size = w1 * (height + 1);
  const sr = new Int32Array(size);
  const sg = new Int32Array(size);
  const sb = new Int32Array(size);
  const sl = new Int32Array(size);
  const sl2 = new Float64Array(size);
  for (let y = 0; y < height; y++) {
    let rr = 0, rg = 0, rb = 0, rl = 0, rl2 = 0;
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * 3;
      const r = data[i]!;
      const g = data[i + 1]!;
      const b = data[i + 2]!;
      const l = (r * 54 + g * 183 + b * 19) >> 8;
      rr += r;
      rg += g;
      rb += b;
      rl += l;
      rl2 += l * l;
      const o = (y + 1) * w1 + x + 1;
      const above = o - w1;
      sr[o] = sr[above]! + rr;
      sg[o] = sg[above]! + rg;
      sb[o] = sb[above]! + rb;
      sl[o] = sl[above]! + rl;
      sl2[o] = sl2[above]! + rl2;
    }
  }
  const out = new Uint8Array(data.length);
  for (let y = 0; y < height; y++) {
    const ys = [Math.max(0, y - radius), y, y, Math.min(height - 1, y + radius)] as const;
    for (let x = 0; x < width; x++) {
      const xs = [Math.max(0, x - radius), x, x, Math.min(width - 1, x + radius)] as const;
      let best = Infinity;
      let bestArea = 0, bestA = 0, bestB = 0, bestC = 0, bestD = 0;
      for (let q = 0; q < 4; q++) {
        const x0 = q & 1 ? xs[2] : xs[0];
        const x1 = q & 1 ? xs[3] : xs[1];
        const y0 = q & 2 ? ys[2] : ys[0];
        const y1 = q & 2 ? ys[3] : ys[1];
        const a = y0 * w1 + x0;
        const b = y0 * w1 + x1 + 1;
        const c = (y1 + 1) * w1 + x0;
        const d = (y1 + 1) * w1 + x1 + 1;
        const area = (x1 - x0 + 1) * (y1 - y0 + 1);
        const mean = (sl[d]! - sl[b]! - sl[c]! + sl[a]!) / area;
        const variance = (sl2[d]! - sl2[b]! - sl2[c]! + sl2[a]!) / area - mean * mean;
        if (variance < best) {
          best = variance;
          bestArea = area;
          bestA = a;
          bestB = b;
          bestC = c;
          bestD = d;
        }
      }
      const i = (y * width + x) * 3;
      out[i] = (sr[bestD]! - sr[bestB]! - sr[bestC]! + sr[bestA]!) / bestArea;
      out[i + 1] = (sg[bestD]! - sg[bestB]! - sg[bestC]! + sg[bestA]!) / bestArea;
      out[i + 2] = (sb[bestD]! - sb[bestB]! - sb[bestC]! + sb[bestA]!) / bestArea;
    }
  }
  frame.data = out;
}

/** Mixes `other` into `frame` by `amount`, weighted per pixel by `weight` (0–1) when given. */
export function mixFrames(frame: Frame, other: Uint8Array, amount: number, weight?: (x: number, y: number) => number): void {
  const { data, width, height } = frame;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const a = weight ? amount * weight(x, y) : amount;
      if (a <= 0) continue;
      const i = (y * width + x) * 3;
      for (let c = 0; c < 3; c++) data[i + c] = clampByte(data[i + c]! + (other[i + c]! - data[i + c]!) * a);
    }
  }
}

/** 'screen' of a soft-focus copy: highlights glow, shadows stay. */
export function screenFrames(frame: Frame, other: Uint8Array, amount: number): void {
  const { data } = frame;
  for (let i = 0; i < data.length; i++) {
    const a = data[i]! / 255;
    const b = (other[i]! / 255) * amount;
    data[i] = clampByte(255 * (1 - (1 - a) * (1 - b)));
  }
}

/** Film grain, strongest in the midtones. An inline xorshift keeps it fast; the Rng seeds it. */
export function grain(frame: Frame, options: NonNullable<Texture['grain']>, rng: Rng): void {
  const { data } = frame;
  const amp = options.amount * 255;
  let state = (rng.next() * 0xffffffff) | 1;
  const noise = (): number => {
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    return (state >>> 0) / 4294967296;
  };
  for (let i = 0; i < data.length; i += 3) {
    const l = (0.2126 * data[i]! + 0.7152 * data[i + 1]! + 0.0722 * data[i + 2]!) / 255;
    const a = amp * (0.45 + 2.2 * l * (1 - l));
    // Sum of two uniforms: a softer, more film-like distribution than one.
    const v = (noise() + noise() - 1) * a;
    if (options.colour) {
      data[i] = clampByte(data[i]! + v + (noise() - 0.5) * a * 0.5);
      data[i + 1] = clampByte(data[i + 1]! + v + (noise() - 0.5) * a * 0.5);
      data[i + 2] = clampByte(data[i + 2]! + v + (noise() - 0.5) * a * 0.5);
    } else {
      data[i] = clampByte(data[i]! + v);
      data[i + 1] = clampByte(data[i + 1]! + v);
      data[i + 2] = clampByte(data[i + 2]! + v);
    }
  }
}

/** CRT scanlines: a soft dark line every `spacing` rows. */
export function scanlines(frame: Frame, options: NonNullable<Texture['scanlines']>): void {
  const { data, width, height } = frame;
  for (let y = 0; y < height; y++) {
    const f = 1 - options.amount * (0.5 + 0.5 * Math.cos((2 * Math.PI * y) / options.spacing));
    const start = y * width * 3;
    const end = start + width * 3;
    for (let i = start; i < end; i++) data[i] = clampByte(data[i]! * f);
  }
}

/** Lateral chromatic aberration: red pushed out, blue pulled in, growing towards the sides. */
export function chromaticAberration(frame: Frame, shift: number): void {
  const { data, width, height } = frame;
  const cx = (width - 1) / 2;
  const row = new Uint8Array(width * 3);
  for (let y = 0; y < height; y++) {
    const start = y * width * 3;
    row.set(data.subarray(start, start + width * 3));
    for (let x = 0; x < width; x++) {
      const s = (shift * (x - cx)) / cx;
      data[start + x * 3] = sampleRow(row, width, x - s, 0);
      data[start + x * 3 + 2] = sampleRow(row, width, x + s, 2);
    }
  }
}

function sampleRow(row: Uint8Array, width: number, x: number, channel: number): number {
  const xc = x < 0 ? 0 : x > width - 1 ? width - 1 : x;
  const x0 = Math.floor(xc);
  const x1 = x0 < width - 1 ? x0 + 1 : x0;
  const f = xc - x0;
  return clampByte(row[x0 * 3 + channel]! * (1 - f) + row[x1 * 3 + channel]! * f);
}

/**
 * Glitch: horizontal bands displaced sideways with their red and blue channels split. Inside
 * the face's ellipse the pixels stay put, so the subject holds still while the signal tears
 * around them.
 */
export function glitch(frame: Frame, options: NonNullable<Texture['glitch']>, rng: Rng, face: FaceZone): void {
  const { data, width, height } = frame;
  const row = new Uint8Array(width * 3);
  for (let band = 0; band < options.bands; band++) {
    const h = rng.int(3, Math.max(4, Math.round(height * 0.05)));
    const y0 = rng.int(0, height - h);
    const shift = Math.round(rng.range(-1, 1) * options.maxShift);
    const split = Math.round(options.split * (rng.next() < 0.5 ? -1 : 1));
    for (let y = y0; y < y0 + h; y++) {
      const start = y * width * 3;
      row.set(data.subarray(start, start + width * 3));
      const dy = (y - face.cy) / face.ry;
      const half = dy * dy < 1 ? face.rx * 0.95 * Math.sqrt(1 - dy * dy) : -1;
      for (let x = 0; x < width; x++) {
        if (Math.abs(x - face.cx) < half) continue;
        const xr = clampIndex(x - shift - split, width);
        const xg = clampIndex(x - shift, width);
        const xb = clampIndex(x - shift + split, width);
        data[start + x * 3] = row[xr * 3]!;
        data[start + x * 3 + 1] = row[xg * 3 + 1]!;
        data[start + x * 3 + 2] = row[xb * 3 + 2]!;
      }
    }
  }
}

function clampIndex(x: number, width: number): number {
  return x < 0 ? 0 : x >= width ? width - 1 : x;
}

/** Final greyscale, three channels kept. */
export function monochrome(frame: Frame): void {
  const { data } = frame;
  for (let i = 0; i < data.length; i += 3) {
    const l = clampByte(0.2126 * data[i]! + 0.7152 * data[i + 1]! + 0.0722 * data[i + 2]!);
    data[i] = data[i + 1] = data[i + 2] = l;
  }
}
