import { z } from 'zod/mini';

const RATIO_TEXT = /^(\d{1,5}(?:\.\d{1,4})?)\s*[/:]\s*(\d{1,5}(?:\.\d{1,4})?)$/;
const MAX_DENOMINATOR = 64;

const gcd = (a: number, b: number): number => (b === 0 ? a : gcd(b, a % b));

/**
 * The stored form of a ratio: "w/h" in lowest whole terms when a small fraction matches it
 * (1.3333… and "8:6" are both "4/3", as spec 1's default reads), else four decimals over 1.
 */
export function canonicalAspectRatio(ratio: number): string {
  // Continued fractions give the best approximations with small denominators first.
  let [h0, h1, k0, k1] = [0, 1, 1, 0];
  let x = ratio;
  for (let i = 0; i < 20; i++) {
    const a = Math.floor(x);
    [h0, h1] = [h1, a * h1 + h0];
    [k0, k1] = [k1, a * k1 + k0];
    if (k1 > MAX_DENOMINATOR) break;
    if (Math.abs(h1 / k1 - ratio) <= ratio * 2e-4) {
      const divisor = gcd(h1, k1);
      return `${h1 / divisor}/${k1 / divisor}`;
    }
    const rest = x - a;
    if (rest < 1e-12) break;
    x = 1 / rest;
  }
  return `${Number(ratio.toFixed(4))}/1`;
}

const INVALID = 'aspect_ratio must be a number or "width/height", e.g. 4/3';

/** A draft's aspect_ratio: a positive number (1.3333…) or "w/h" / "w:h" text, stored as "w/h". */
export const draftAspectRatioSchema = z.pipe(
  z.union([z.number(), z.string().check(z.maxLength(24))], { error: INVALID }),
  z.transform((value: number | string, ctx) => {
    let ratio: number;
    if (typeof value === 'number') {
      ratio = value;
    } else {
      const match = RATIO_TEXT.exec(value.trim());
      ratio = match ? Number(match[1]) / Number(match[2]) : Number.NaN;
    }
    if (!Number.isFinite(ratio) || ratio < 0.05 || ratio > 20) {
      ctx.issues.push({ code: 'custom', message: INVALID, input: value });
      return z.NEVER;
    }
    return canonicalAspectRatio(ratio);
  }),
);
