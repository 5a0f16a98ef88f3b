/**
 * The colour grade, run on raw RGB pixels in one pass: channel mixer and white balance, a tone
 * curve, saturation (with vibrance and selective colour), split toning, duotone, vignette.
 * Plain arithmetic on a Uint8 buffer: ~15 ms for a 819×1024 image, and the same bytes everywhere.
 */
import { luma, type RGB } from './colour';
import type { Grade, Light } from './look';

type Matrix = [number, number, number, number, number, number, number, number, number];

const IDENTITY: Matrix = [1, 0, 0, 0, 1, 0, 0, 0, 1];
const LUT_SIZE = 1024;
const INV255 = 1 / 255;

function multiply(a: Matrix, b: Matrix): Matrix {
  const out: Matrix = [0, 0, 0, 0, 0, 0, 0, 0, 0];
  for (let r = 0; r < 3; r++) {
    for (let c = 0; c < 3; c++) {
      out[r * 3 + c] = a[r * 3]! * b[c]! + a[r * 3 + 1]! * b[3 + c]! + a[r * 3 + 2]! * b[6 + c]!;
    }
  }
  return out;
}

/** The classic luminance-preserving hue rotation. */
function hueRotation(degrees: number): Matrix {
  const a = (degrees * Math.PI) / 180;
  const c = Math.cos(a);
  const s = Math.sin(a);
  return [
    0.213 + c * 0.787 - s * 0.213, 0.715 - c * 0.715 - s * 0.715, 0.072 - c * 0.072 + s * 0.928,
    0.213 - c * 0.213 + s * 0.143, 0.715 + c * 0.285 + s * 0.14, 0.072 - c * 0.072 - s * 0.283,
    0.213 - c * 0.213 - s * 0.787, 0.715 - c * 0.715 + s * 0.715, 0.072 + c * 0.928 + s * 0.072,
  ];
}

/** Mixer, hue rotation, white balance and exposure folded into one matrix. */
export function colourMatrix(grade: Grade): Matrix {
  let m: Matrix = grade.mixer ? [...grade.mixer] : [...IDENTITY];
  if (grade.hueShift) m = multiply(hueRotation(grade.hueShift), m);
  const t = grade.temperature ?? 0;
  const g = grade.tint ?? 0;
  const e = 2 ** (grade.exposure ?? 0);
  const gains: Matrix = [
    (1 + 0.16 * t + 0.04 * g) * e, 0, 0,
    0, (1 + 0.02 * t - 0.1 * g) * e, 0,
    0, 0, (1 - 0.2 * t + 0.04 * g) * e,
  ];
  return multiply(gains, m);
}

/** The tone curve as a lookup table over [0, 1]. */
export function toneCurve(grade: Grade): Float32Array {
  const lut = new Float32Array(LUT_SIZE);
  const gamma = grade.gamma ?? 1;
  const k = Math.exp(1.15 * (grade.contrast ?? 0));
  const blacks = grade.blacks ?? 0;
  const whites = grade.whites ?? 0;
  const lo = Math.max(0, blacks);
  const hi = 1 + Math.min(0, whites);
  for (let i = 0; i < LUT_SIZE; i++) {
    let x = i / (LUT_SIZE - 1);
    if (gamma !== 1) x = x ** gamma;
    if (k !== 1) x = x < 0.5 ? 0.5 * (2 * x) ** k : 1 - 0.5 * (2 * (1 - x)) ** k;
    if (blacks < 0) x = Math.max(0, (x + blacks) / (1 + blacks));
    if (whites > 0) x = Math.min(1, x / (1 - whites));
    lut[i] = lo + x * (hi - lo);
  }
  return lut;
}

function smoothstep(e0: number, e1: number, x: number): number {
  const t = Math.min(1, Math.max(0, (x - e0) / (e1 - e0)));
  return t * t * (3 - 2 * t);
}

/** Chroma offsets of a tint colour with its own luma removed, 0–1 units. */
function chromaOf(c: RGB): [number, number, number] {
  const l = luma(c);
  return [c[0] / 255 - l, c[1] / 255 - l, c[2] / 255 - l];
}

const VIGNETTE_STEPS = 2048;

/**
 * The vignette as a lookup over the squared normalised distance from the centre (0 in the
 * middle, 1 in the corners), so the per-pixel cost is two adds and a lookup.
 */
function vignetteCurve(vignette: NonNullable<Light['vignette']>): Float32Array {
  const size = vignette.size ?? 0.45;
  const lut = new Float32Array(VIGNETTE_STEPS + 1);
  for (let i = 0; i <= VIGNETTE_STEPS; i++) {
    const d = Math.sqrt((i / VIGNETTE_STEPS) * 1.2);
    lut[i] = vignette.amount * smoothstep(size, 1.05, d) ** 1.2;
  }
  return lut;
}

/** How much a colour (0–1 RGB) looks like skin, 0–1: a soft ellipse in the CbCr plane. */
function skinLikeness(r: number, g: number, b: number): number {
  if (r < g || g < b * 0.9) return 0;
  const cb = 128 + 255 * (-0.168736 * r - 0.331264 * g + 0.5 * b);
  const cr = 128 + 255 * (0.5 * r - 0.418688 * g - 0.081312 * b);
  const d = ((cb - 106) / 16) ** 2 + ((cr - 150) / 14) ** 2;
  const y = 0.299 * r + 0.587 * g + 0.114 * b;
  if (d >= 2 || y < 0.2) return 0;
  return d <= 1 ? 1 : 2 - d;
}

/** Grades `data` (packed RGB, 3 bytes a pixel) in place. */
export function applyGrade(data: Uint8Array, width: number, height: number, grade: Grade, vignette?: Light['vignette'], monochrome = false): void {
  const m = colourMatrix(grade);
  const lut = toneCurve(grade);
  const saturation = grade.saturation ?? 1;
  const vibrance = grade.vibrance ?? 0;
  const keep = grade.keepHue;
  const sh = grade.shadows ? chromaOf(grade.shadows.colour) : null;
  const shAmount = grade.shadows?.amount ?? 0;
  const hl = grade.highlights ? chromaOf(grade.highlights.colour) : null;
  const hlAmount = grade.highlights?.amount ?? 0;
  const duo = grade.duotone;
  const midAt = Math.min(0.9, Math.max(0.1, duo?.midAt ?? 0.5));
  const vig = vignette && vignette.amount > 0 ? vignetteCurve(vignette) : null;
  // Squared, normalised distances per column and per row (the corners are 1).
  const colD = new Float32Array(width);
  const rowD = new Float32Array(height);
  for (let x = 0; x < width; x++) colD[x] = ((x - width / 2) / (width / 2)) ** 2 / 2;
  for (let y = 0; y < height; y++) rowD[y] = ((y - height * 0.46) / (height / 2)) ** 2 / 2;
  const vk = VIGNETTE_STEPS / 1.2;
  const vc = vignette?.colour ?? [0, 0, 0];
  const vcr = vc[0] / 255;
  const vcg = vc[1] / 255;
  const vcb = vc[2] / 255;
  const top = LUT_SIZE - 1;
  const m0 = m[0], m1 = m[1], m2 = m[2], m3 = m[3], m4 = m[4], m5 = m[5], m6 = m[6], m7 = m[7], m8 = m[8];

  const n = width * height;
  for (let p = 0, i = 0, px = 0, py = 0; p < n; p++, i += 3) {
    if (px === width) {
      px = 0;
      py++;
    }
    const pd = colD[px++]! + rowD[py]!;
    const r0 = data[i]! * INV255;
    const g0 = data[i + 1]! * INV255;
    const b0 = data[i + 2]! * INV255;
    let r = m0 * r0 + m1 * g0 + m2 * b0;
    let g = m3 * r0 + m4 * g0 + m5 * b0;
    let b = m6 * r0 + m7 * g0 + m8 * b0;
    r = lut[r <= 0 ? 0 : r >= 1 ? top : (r * top + 0.5) | 0]!;
    g = lut[g <= 0 ? 0 : g >= 1 ? top : (g * top + 0.5) | 0]!;
    b = lut[b <= 0 ? 0 : b >= 1 ? top : (b * top + 0.5) | 0]!;

    let l = 0.2126 * r + 0.7152 * g + 0.0722 * b;
    if (saturation !== 1 || vibrance !== 0 || keep) {
      const max = r > g ? (r > b ? r : b) : g > b ? g : b;
      const min = r < g ? (r < b ? r : b) : g < b ? g : b;
      const chroma = max - min;
      let f = saturation * (1 + vibrance * (1 - chroma) * (1 - chroma));
      if (keep && chroma > 1e-3) {
        let h: number;
        if (max === r) h = ((g - b) / chroma + 6) % 6;
        else if (max === g) h = (b - r) / chroma + 2;
        else h = (r - g) / chroma + 4;
        let dh = Math.abs(h * 60 - keep.hue);
        if (dh > 180) dh = 360 - dh;
        const w = Math.exp(-((dh / keep.width) ** 2));
        f *= keep.others + (1 - keep.others) * w;
      } else if (keep) {
        f *= keep.others;
      }
      r = l + (r - l) * f;
      g = l + (g - l) * f;
      b = l + (b - l) * f;
    }
    if (sh || hl) {
      const lc = l < 0 ? 0 : l > 1 ? 1 : l;
      if (sh) {
        const w = (1 - lc) * (1 - lc) * shAmount;
        r += sh[0] * w;
        g += sh[1] * w;
        b += sh[2] * w;
      }
      if (hl) {
        const w = lc * lc * hlAmount;
        r += hl[0] * w;
        g += hl[1] * w;
        b += hl[2] * w;
      }
    }
    if (duo) {
      l = 0.2126 * r + 0.7152 * g + 0.0722 * b;
      const t = l < 0 ? 0 : l > 1 ? 1 : l;
      let tr: number, tg: number, tb: number;
      if (duo.mid) {
        const low = t < midAt;
        const a = low ? duo.dark : duo.mid;
        const c = low ? duo.mid : duo.light;
        const u = low ? t / midAt : (t - midAt) / (1 - midAt);
        tr = (a[0] + (c[0] - a[0]) * u) / 255;
        tg = (a[1] + (c[1] - a[1]) * u) / 255;
        tb = (a[2] + (c[2] - a[2]) * u) / 255;
      } else {
        tr = (duo.dark[0] + (duo.light[0] - duo.dark[0]) * t) / 255;
        tg = (duo.dark[1] + (duo.light[1] - duo.dark[1]) * t) / 255;
        tb = (duo.dark[2] + (duo.light[2] - duo.dark[2]) * t) / 255;
      }
      const k = duo.protectSkin ? duo.amount * (1 - 0.85 * skinLikeness(r0, g0, b0)) : duo.amount;
      r += (tr - r) * k;
      g += (tg - g) * k;
      b += (tb - b) * k;
    }
    if (vig) {
      const v = vig[Math.min(VIGNETTE_STEPS, (pd * vk) | 0)]!;
      r *= 1 - v * (1 - vcr);
      g *= 1 - v * (1 - vcg);
      b *= 1 - v * (1 - vcb);
    }
    if (monochrome) r = g = b = 0.2126 * r + 0.7152 * g + 0.0722 * b;
    data[i] = r <= 0 ? 0 : r >= 1 ? 255 : (r * 255 + 0.5) | 0;
    data[i + 1] = g <= 0 ? 0 : g >= 1 ? 255 : (g * 255 + 0.5) | 0;
    data[i + 2] = b <= 0 ? 0 : b >= 1 ? 255 : (b * 255 + 0.5) | 0;
  }
}
