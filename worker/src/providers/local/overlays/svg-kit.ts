/** Helpers shared by the SVG overlay generators: placement around the face, curves, documents. */
import type { FaceZone } from '../face-locate';
import type { Blend } from '../look';

export type { Blend } from '../look';
import type { Rng } from '../rng';

export interface OverlayContext {
  width: number;
  height: number;
  /** The ellipse around the face that opaque decoration keeps clear of. */
  face: FaceZone;
  rng: Rng;
}

/** One layer drawn as SVG, plus how it is blended. */
export interface SvgLayer {
  body: string;
  defs?: string;
  blend: Blend;
  /** Soft layers may be drawn smaller and scaled up: 0.25–1. */
  scale?: number;
  /** Gaussian blur (sigma in full-size pixels) applied after rasterising: glows, defocus. */
  blur?: number;
}

/** One layer computed as pixels (RGBA, any size: it is stretched smoothly to the frame). */
export interface RasterLayer {
  raster: { data: Uint8Array; width: number; height: number };
  blend: Blend;
}

export type OverlayLayer = SvgLayer | RasterLayer;

export type Point = readonly [number, number];

/** Numbers for SVG attributes: one decimal is plenty. */
export const n = (v: number): string => (Math.round(v * 10) / 10).toString();

let idCounter = 0;
/** A unique id for gradients and filters within a document. */
export function uid(prefix: string): string {
  idCounter = (idCounter + 1) % 1_000_000;
  return `${prefix}${idCounter}`;
}

/** The ellipse kept clear of opaque decoration so the face stays recognisable. */
export function faceZone(ctx: OverlayContext): FaceZone {
  return ctx.face;
}

/** 0 at the face's centre, 1 on the keep-clear ellipse, above 1 outside it. */
export function faceDistance(ctx: OverlayContext, x: number, y: number): number {
  const z = faceZone(ctx);
  return Math.hypot((x - z.cx) / z.rx, (y - z.cy) / z.ry);
}

/** Draws from [0, 1) pushed towards both ends by `bias` (0 = uniform). */
function towardsEdges(u: number, bias: number): number {
  const e = 1 + bias;
  return u < 0.5 ? (2 * u) ** e / 2 : 1 - (2 * (1 - u)) ** e / 2;
}

/**
 * Random points outside the face zone, pushed towards the frame's edges, kept `minGap` apart
 * where possible. Deterministic for the context's Rng.
 */
export function scatter(ctx: OverlayContext, count: number, options: { edgeBias?: number; margin?: number; minGap?: number; where?: (x: number, y: number) => boolean } = {}): Point[] {
  const { rng, width, height } = ctx;
  const margin = options.margin ?? 1.05;
  const gap = options.minGap ?? Math.min(width, height) * 0.05;
  const points: Point[] = [];
  for (let i = 0; i < count; i++) {
    let best: Point | null = null;
    for (let attempt = 0; attempt < 40; attempt++) {
      const x = towardsEdges(rng.next(), options.edgeBias ?? 0.6) * width;
      const y = towardsEdges(rng.next(), (options.edgeBias ?? 0.6) * 0.5) * height;
      if (faceDistance(ctx, x, y) < margin) continue;
      if (options.where && !options.where(x, y)) continue;
      best = [x, y];
      if (points.every(([px, py]) => Math.hypot(px - x, py - y) >= gap)) break;
    }
    if (best) points.push(best);
  }
  return points;
}

/** A smooth curve through the control points (centripetal-ish Catmull-Rom), sampled. */
export function catmullRom(points: readonly Point[], samplesPerSegment = 12): Point[] {
  if (points.length < 2) return [...points];
  const out: Point[] = [];
  for (let i = 0; i < points.length - 1; i++) {
    const p0 = points[Math.max(0, i - 1)]!;
    const p1 = points[i]!;
    const p2 = points[i + 1]!;
    const p3 = points[Math.min(points.length - 1, i + 2)]!;
    for (let s = 0; s < samplesPerSegment; s++) {
      const t = s / samplesPerSegment;
      const t2 = t * t;
      const t3 = t2 * t;
      const x = 0.5 * (2 * p1[0] + (-p0[0] + p2[0]) * t + (2 * p0[0] - 5 * p1[0] + 4 * p2[0] - p3[0]) * t2 + (-p0[0] + 3 * p1[0] - 3 * p2[0] + p3[0]) * t3);
      const y = 0.5 * (2 * p1[1] + (-p0[1] + p2[1]) * t + (2 * p0[1] - 5 * p1[1] + 4 * p2[1] - p3[1]) * t2 + (-p0[1] + 3 * p1[1] - 3 * p2[1] + p3[1]) * t3);
      out.push([x, y]);
    }
  }
  out.push(points[points.length - 1]!);
  return out;
}

/** A filled outline around a centre line whose width varies along it: brush strokes, snakes. */
export function taperedPath(points: readonly Point[], width: (t: number) => number, rough?: { rng: Rng; amount: number }): string {
  const left: Point[] = [];
  const right: Point[] = [];
  const last = points.length - 1;
  for (let i = 0; i <= last; i++) {
    const a = points[Math.max(0, i - 1)]!;
    const b = points[Math.min(last, i + 1)]!;
    const dx = b[0] - a[0];
    const dy = b[1] - a[1];
    const len = Math.hypot(dx, dy) || 1;
    const half = width(last === 0 ? 0 : i / last) / 2;
    const p = points[i]!;
    left.push([p[0] - (dy / len) * half, p[1] + (dx / len) * half]);
    right.push([p[0] + (dy / len) * half, p[1] - (dx / len) * half]);
  }
  const outline = rough ? [...roughen(left, rough.rng, rough.amount), ...roughen(right, rough.rng, rough.amount).reverse()] : [...left, ...right.reverse()];
  return `M${outline.map(([x, y]) => `${n(x)},${n(y)}`).join('L')}Z`;
}

/**
 * Ragged edges for ink: each outline point pushed in or out along its normal by a random walk,
 * so strokes look brushed rather than vector-smooth.
 */
export function roughen(points: readonly Point[], rng: Rng, amount: number): Point[] {
  let walk = 0;
  return points.map((p, i) => {
    const a = points[Math.max(0, i - 1)]!;
    const b = points[Math.min(points.length - 1, i + 1)]!;
    const dx = b[0] - a[0];
    const dy = b[1] - a[1];
    const len = Math.hypot(dx, dy) || 1;
    walk = walk * 0.6 + rng.range(-1, 1) * amount;
    return [p[0] - (dy / len) * walk, p[1] + (dx / len) * walk] as const;
  });
}

/** A closed polygon path. */
export function polygon(points: readonly Point[]): string {
  return `${polyline(points)}Z`;
}

/** An open polyline path through points. */
export function polyline(points: readonly Point[]): string {
  return `M${points.map(([x, y]) => `${n(x)},${n(y)}`).join('L')}`;
}


/** A whole SVG document for one layer at the frame's size (or a scaled-down raster of it). */
export function svgDocument(ctx: OverlayContext, layer: SvgLayer, opacity = 1): string {
  const scale = layer.scale ?? 1;
  const w = Math.max(1, Math.round(ctx.width * scale));
  const h = Math.max(1, Math.round(ctx.height * scale));
  const body = opacity < 1 ? `<g opacity="${Math.round(opacity * 100) / 100}">${layer.body}</g>` : layer.body;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${ctx.width} ${ctx.height}" preserveAspectRatio="none"><defs>${layer.defs ?? ''}</defs>${body}</svg>`;
}
