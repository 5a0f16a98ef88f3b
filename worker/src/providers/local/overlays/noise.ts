/** Smooth value noise (fractal, a few octaves) on a small grid: smoke, mist, grime. */
import type { Rng } from '../rng';

/** Values in [0, 1] on a `width`×`height` grid; `cells` lattice cells across the first octave. */
export function fractalNoise(width: number, height: number, rng: Rng, cells = 3, octaves = 4): Float32Array {
  const out = new Float32Array(width * height);
  let amplitude = 1;
  let total = 0;
  let frequency = cells;
  for (let o = 0; o < octaves; o++) {
    const gx = Math.ceil(frequency) + 2;
    const gy = Math.ceil((frequency * height) / width) + 2;
    const lattice = new Float32Array(gx * gy);
    for (let i = 0; i < lattice.length; i++) lattice[i] = rng.next();
    for (let y = 0; y < height; y++) {
      const fy = (y / width) * frequency;
      const y0 = Math.floor(fy);
      const ty = fy - y0;
      const sy = ty * ty * (3 - 2 * ty);
      for (let x = 0; x < width; x++) {
        const fx = (x / width) * frequency;
        const x0 = Math.floor(fx);
        const tx = fx - x0;
        const sx = tx * tx * (3 - 2 * tx);
        const a = lattice[y0 * gx + x0]!;
        const b = lattice[y0 * gx + x0 + 1]!;
        const c = lattice[(y0 + 1) * gx + x0]!;
        const d = lattice[(y0 + 1) * gx + x0 + 1]!;
        const k = y * width + x;
        out[k] = out[k]! + amplitude * (a + (b - a) * sx + (c - a + (d - c - b + a) * sx) * sy);
      }
    }
    total += amplitude;
    amplitude *= 0.5;
    frequency *= 2.1;
  }
  for (let i = 0; i < out.length; i++) out[i] = out[i]! / total;
  return out;
}
