/** Light drawn over the picture: leaks, flares, side light, washes, holographic film, smoke. */
import { css, mix, WHITE, type RGB } from '../colour';
import type { OverlaySpec } from '../look';
import { fractalNoise } from './noise';
import { faceZone, n, uid, type OverlayContext, type OverlayLayer, type SvgLayer } from './svg-kit';

type Spec<K extends OverlaySpec['kind']> = Extract<OverlaySpec, { kind: K }>;
type Corner = 'tl' | 'tr' | 'bl' | 'br';

function cornerPoint(ctx: OverlayContext, corner: Corner): [number, number] {
  return [corner.endsWith('l') ? 0 : ctx.width, corner.startsWith('t') ? 0 : ctx.height];
}

function stops(colours: readonly RGB[], opacities: readonly number[]): string {
  return colours
    .map((c, i) => `<stop offset="${n((i / Math.max(1, colours.length - 1)) * 100)}%" stop-color="${css(c)}" stop-opacity="${opacities[i] ?? 0}"/>`)
    .join('');
}

/** A warm burn of light from one corner, as when film is fogged. */
export function lightLeak(spec: Spec<'lightLeak'>, ctx: OverlayContext): SvgLayer {
  const [x, y] = cornerPoint(ctx, spec.corner);
  const g = uid('lk');
  const colours = [...spec.colours, spec.colours[spec.colours.length - 1] ?? WHITE];
  const defs = `<radialGradient id="${g}" gradientUnits="userSpaceOnUse" cx="${n(x)}" cy="${n(y)}" r="${n(Math.max(ctx.width, ctx.height) * 0.75)}">${stops(colours, [0.95, 0.55, 0])}</radialGradient>`;
  const x2 = x === 0 ? ctx.width * 0.08 : ctx.width * 0.92;
  const body = `<rect width="${ctx.width}" height="${ctx.height}" fill="url(#${g})"/><ellipse cx="${n(x2)}" cy="${n(ctx.height * 0.5)}" rx="${n(ctx.width * 0.06)}" ry="${n(ctx.height * 0.6)}" fill="${css(spec.colours[0] ?? WHITE)}" opacity="0.25"/>`;
  return { body, defs, blend: spec.blend ?? 'screen' };
}

/** The sun just outside a corner: a hot core, rays, and lens ghosts across the frame. */
export function sunFlare(spec: Spec<'sunFlare'>, ctx: OverlayContext): OverlayLayer[] {
  const [x, y] = cornerPoint(ctx, spec.corner);
  const sx = x === 0 ? ctx.width * 0.12 : ctx.width * 0.88;
  const sy = y === 0 ? ctx.height * 0.08 : ctx.height * 0.92;
  const big = Math.max(ctx.width, ctx.height);
  const core = uid('sf');
  const ghost = uid('gh');
  const defs =
    `<radialGradient id="${core}" gradientUnits="userSpaceOnUse" cx="${n(sx)}" cy="${n(sy)}" r="${n(big * 0.55)}">` +
    `<stop offset="0" stop-color="white" stop-opacity="1"/><stop offset="0.08" stop-color="${css(mix(spec.colour, WHITE, 0.5))}" stop-opacity="0.9"/>` +
    `<stop offset="0.35" stop-color="${css(spec.colour)}" stop-opacity="0.35"/><stop offset="1" stop-color="${css(spec.colour)}" stop-opacity="0"/></radialGradient>` +
    `<radialGradient id="${ghost}"><stop offset="0.6" stop-color="${css(spec.colour)}" stop-opacity="0.05"/><stop offset="0.92" stop-color="${css(mix(spec.colour, WHITE, 0.4))}" stop-opacity="0.3"/><stop offset="1" stop-color="${css(spec.colour)}" stop-opacity="0"/></radialGradient>`;
  let light = `<rect width="${ctx.width}" height="${ctx.height}" fill="url(#${core})"/>`;
  let rays = '';
  for (let i = 0; i < 14; i++) {
    const a = (i / 14) * Math.PI * 2 + ctx.rng.range(-0.1, 0.1);
    const len = big * ctx.rng.range(0.12, 0.3);
    rays += `<line x1="${n(sx)}" y1="${n(sy)}" x2="${n(sx + Math.cos(a) * len)}" y2="${n(sy + Math.sin(a) * len)}" stroke="${css(mix(spec.colour, WHITE, 0.6))}" stroke-width="${n(big * 0.003)}" opacity="0.55"/>`;
  }
  const zone = faceZone(ctx);
  const cx = ctx.width / 2;
  const cy = ctx.height / 2;
  for (const t of [0.55, 0.8, 1.25, 1.45]) {
    const gx = sx + (cx - sx) * t * 1.2;
    const gy = sy + (cy - sy) * t * 1.2;
    if (Math.hypot((gx - zone.cx) / zone.rx, (gy - zone.cy) / zone.ry) < 1.1) continue;
    light += `<circle cx="${n(gx)}" cy="${n(gy)}" r="${n(big * ctx.rng.range(0.02, 0.06))}" fill="url(#${ghost})"/>`;
  }
  const blend = spec.blend ?? 'screen';
  return [{ body: light, defs, blend, scale: 0.5 }, { body: rays, blend, blur: big * 0.004, scale: 0.5 }];
}

/** Coloured light from both sides, as from neon signs left and right of the subject. */
export function sideLight(spec: Spec<'sideLight'>, ctx: OverlayContext): SvgLayer {
  const g = uid('sl');
  const defs =
    `<linearGradient id="${g}" x1="0" y1="0" x2="1" y2="0">` +
    `<stop offset="0" stop-color="${css(spec.left)}" stop-opacity="0.95"/><stop offset="0.38" stop-color="${css(spec.left)}" stop-opacity="0"/>` +
    `<stop offset="0.62" stop-color="${css(spec.right)}" stop-opacity="0"/><stop offset="1" stop-color="${css(spec.right)}" stop-opacity="0.95"/></linearGradient>`;
  return { body: `<rect width="${ctx.width}" height="${ctx.height}" fill="url(#${g})"/>`, defs, blend: spec.blend ?? 'screen' };
}

/** The frame's edges washed with one colour, the middle untouched. */
export function edgeWash(spec: Spec<'edgeWash'>, ctx: OverlayContext): SvgLayer {
  const g = uid('ew');
  const inner = spec.inner ?? 0.45;
  const defs = `<radialGradient id="${g}" cx="0.5" cy="0.46" r="0.72"><stop offset="${n(inner * 100)}%" stop-color="${css(spec.colour)}" stop-opacity="0"/><stop offset="100%" stop-color="${css(spec.colour)}" stop-opacity="1"/></radialGradient>`;
  return { body: `<rect width="${ctx.width}" height="${ctx.height}" fill="url(#${g})"/>`, defs, blend: spec.blend ?? 'soft-light' };
}

/** Iridescent film: pastel bands running diagonally, strongest at the edges. */
export function holo(spec: Spec<'holo'>, ctx: OverlayContext): OverlayLayer {
  const w = 160;
  const h = Math.max(8, Math.round((w * ctx.height) / ctx.width));
  const colours = spec.colours.length ? spec.colours : [WHITE];
  const data = new Uint8Array(w * h * 4);
  const bands = colours.length * 2;
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      const t = (((x / w) * 0.8 + (y / h) * 0.6) * bands) % colours.length;
      const i0 = Math.floor(t);
      const a = colours[i0]!;
      const b = colours[(i0 + 1) % colours.length]!;
      const f = t - i0;
      const dx = (x / w - 0.5) / 0.5;
      const dy = (y / h - 0.46) / 0.5;
      const edge = Math.min(1, 0.12 + 0.88 * Math.min(1, Math.max(0, (Math.hypot(dx, dy) - 0.3) / 0.7)));
      const p = (y * w + x) * 4;
      data[p] = a[0] + (b[0] - a[0]) * f;
      data[p + 1] = a[1] + (b[1] - a[1]) * f;
      data[p + 2] = a[2] + (b[2] - a[2]) * f;
      data[p + 3] = Math.round(255 * edge);
    }
  }
  return { raster: { data, width: w, height: h }, blend: spec.blend ?? 'soft-light' };
}

/** Rainbow refractions, like light through a prism held to the lens. */
export function prism(spec: Spec<'prism'>, ctx: OverlayContext): SvgLayer {
  const g = uid('pr');
  const rainbow: RGB[] = [[255, 60, 60], [255, 170, 40], [250, 240, 80], [80, 230, 120], [60, 170, 255], [170, 90, 255]];
  const defs = `<linearGradient id="${g}" x1="0" y1="0" x2="1" y2="0">${rainbow.map((c, i) => `<stop offset="${n((i / 5) * 100)}%" stop-color="${css(c)}"/>`).join('')}</linearGradient>`;
  const w = ctx.width;
  const h = ctx.height;
  let body = '';
  const beams: Array<[number, number, number]> = [[-0.06, 0.1, -28], [0.72, 0.78, 24], [0.78, 0.02, 35]];
  for (const [bx, by, rot] of beams) {
    body += `<rect x="${n(bx * w)}" y="${n(by * h)}" width="${n(w * 0.42)}" height="${n(h * 0.035)}" fill="url(#${g})" opacity="0.75" transform="rotate(${rot} ${n(bx * w)} ${n(by * h)})"/>`;
  }
  return { body, defs, blend: spec.blend ?? 'screen', blur: w * 0.012, scale: 0.25 };
}

/** A glossy diagonal highlight over the upper frame, like an anime cel's sheen. */
export function sheen(spec: Spec<'sheen'>, ctx: OverlayContext): SvgLayer {
  const g = uid('sh');
  const defs = `<linearGradient id="${g}" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="white" stop-opacity="0.55"/><stop offset="0.22" stop-color="white" stop-opacity="0.12"/><stop offset="0.3" stop-color="white" stop-opacity="0.4"/><stop offset="0.36" stop-color="white" stop-opacity="0"/><stop offset="1" stop-color="white" stop-opacity="0"/></linearGradient>`;
  return { body: `<rect width="${ctx.width}" height="${ctx.height}" fill="url(#${g})"/>`, defs, blend: spec.blend ?? 'screen' };
}

/** An anamorphic streak: a thin horizontal line of light across the frame. */
export function streak(spec: Spec<'streak'>, ctx: OverlayContext): OverlayLayer[] {
  const y = ctx.height * ctx.rng.range(0.12, 0.2);
  const g = uid('st');
  const defs = `<linearGradient id="${g}" x1="0" y1="0" x2="1" y2="0"><stop offset="0" stop-color="${css(spec.colour)}" stop-opacity="0"/><stop offset="0.5" stop-color="${css(mix(spec.colour, WHITE, 0.5))}" stop-opacity="1"/><stop offset="1" stop-color="${css(spec.colour)}" stop-opacity="0"/></linearGradient>`;
  const cx = ctx.width * ctx.rng.range(0.2, 0.8);
  const glow = `<rect x="0" y="${n(y - ctx.height * 0.006)}" width="${ctx.width}" height="${n(ctx.height * 0.012)}" fill="url(#${g})"/><circle cx="${n(cx)}" cy="${n(y)}" r="${n(ctx.height * 0.02)}" fill="${css(mix(spec.colour, WHITE, 0.6))}" opacity="0.8"/>`;
  const line = `<rect x="0" y="${n(y - 1)}" width="${ctx.width}" height="2" fill="url(#${g})"/>`;
  const blend = spec.blend ?? 'screen';
  return [{ body: glow, defs, blend, blur: ctx.height * 0.006, scale: 0.5 }, { body: line, defs, blend }];
}

/** Drifting smoke or mist from fractal noise, thick at the edges and clear over the face. */
export function smoke(spec: Spec<'smoke'>, ctx: OverlayContext): OverlayLayer {
  const w = 128;
  const h = Math.max(8, Math.round((w * ctx.height) / ctx.width));
  const coverage = spec.coverage ?? 0.5;
  const noise = fractalNoise(w, h, ctx.rng, 2.5, 4);
  const zone = faceZone(ctx);
  const data = new Uint8Array(w * h * 4);
  const lo = 0.62 - coverage * 0.35;
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      const p = y * w + x;
      const fx = ((x + 0.5) / w) * ctx.width;
      const fy = ((y + 0.5) / h) * ctx.height;
      const d = Math.hypot((fx - zone.cx) / zone.rx, (fy - zone.cy) / zone.ry);
      const edge = Math.min(1, Math.max(0, (d - 0.85) / 1.1));
      const t = Math.min(1, Math.max(0, (noise[p]! - lo) / 0.32));
      const alpha = t * t * (3 - 2 * t) * edge;
      data[p * 4] = spec.colour[0];
      data[p * 4 + 1] = spec.colour[1];
      data[p * 4 + 2] = spec.colour[2];
      data[p * 4 + 3] = Math.round(alpha * 255);
    }
  }
  return { raster: { data, width: w, height: h }, blend: spec.blend ?? 'screen' };
}
