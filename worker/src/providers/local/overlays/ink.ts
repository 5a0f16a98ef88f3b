/** Ink and creatures: brush strokes with splatter, a red sun, a seal, serpents. */
import { css, mix, WHITE } from '../colour';
import type { OverlaySpec } from '../look';
import { catmullRom, n, polygon, taperedPath, uid, type OverlayContext, type OverlayLayer, type Point, type SvgLayer } from './svg-kit';

type Spec<K extends OverlaySpec['kind']> = Extract<OverlaySpec, { kind: K }>;

const unit = (ctx: OverlayContext): number => Math.min(ctx.width, ctx.height) / 100;

/** Sweeping brush strokes at the corners with splatter trailing off them. */
export function ink(spec: Spec<'ink'>, ctx: OverlayContext): SvgLayer {
  const u = unit(ctx);
  const w = ctx.width;
  const h = ctx.height;
  const j = () => ctx.rng.range(-1, 1) * u * 2;
  const strokes: Array<{ pts: Point[]; width: number }> = [
    { pts: [[-u * 4, h * 0.78], [w * 0.1 + j(), h * 0.86], [w * 0.24 + j(), h * 0.95], [w * 0.38, h * 1.04]], width: u * 9 },
    { pts: [[w * 0.7 + j(), -u * 3], [w * 0.84 + j(), h * 0.06], [w * 0.95 + j(), h * 0.2], [w * 1.04, h * 0.3]], width: u * 7 },
    { pts: [[w * 1.02, h * 0.62], [w * 0.95 + j(), h * 0.74], [w * 0.97 + j(), h * 0.88], [w * 0.9, h * 1.02]], width: u * 5 },
    { pts: [[-u * 2, h * 0.12], [w * 0.05 + j(), h * 0.22], [w * 0.03 + j(), h * 0.36]], width: u * 3.5 },
  ];
  let body = '';
  strokes.forEach((s, i) => {
    const colour = spec.colours[i % spec.colours.length]!;
    const pts = catmullRom(s.pts, 16);
    const rough = { rng: ctx.rng, amount: u * 0.35 };
    body += `<path d="${taperedPath(pts, (t) => s.width * (0.35 + 0.65 * Math.sin(Math.PI * Math.min(1, t * 1.1 + 0.05)) ** 0.6), rough)}" fill="${css(colour)}" opacity="0.93"/>`;
    // Dry-brush hairs along the stroke.
    for (let k = 0; k < 4; k++) {
      const off = (k - 1.5) * s.width * 0.22;
      const hair = pts.map(([x, y], idx) => [x + off * 0.4, y + off + Math.sin(idx * 0.7 + k) * u * 0.2] as const);
      body += `<path d="${taperedPath(hair, (t) => u * 0.35 * (1 - t), rough)}" fill="${css(colour)}" opacity="0.8"/>`;
    }
    const end = pts[pts.length - 2]!;
    for (let k = 0; k < 9; k++) {
      const r = u * ctx.rng.range(0.2, 1.4) * (1 - k / 12);
      body += `<circle cx="${n(end[0] + ctx.rng.range(-1, 1) * u * 12)}" cy="${n(end[1] + ctx.rng.range(-1, 1) * u * 10)}" r="${n(r)}" fill="${css(colour)}"/>`;
    }
  });
  return { body, blend: spec.blend ?? 'over' };
}

/** A ragged circle, as printed with a worn stamp. */
function raggedCircle(ctx: OverlayContext, x: number, y: number, r: number, amount: number): string {
  const pts: Point[] = [];
  let walk = 0;
  for (let i = 0; i < 180; i++) {
    const a = (i / 180) * Math.PI * 2;
    walk = walk * 0.7 + ctx.rng.range(-1, 1) * amount;
    pts.push([x + Math.cos(a) * (r + walk), y + Math.sin(a) * (r + walk)]);
  }
  return polygon(pts);
}

/** A large sun disc near one corner, printed with multiply. */
export function sun(spec: Spec<'sun'>, ctx: OverlayContext): SvgLayer {
  const u = unit(ctx);
  const g = uid('sg');
  const x = spec.corner.endsWith('l') ? ctx.width * 0.12 : ctx.width * 0.86;
  const y = spec.corner.startsWith('t') ? ctx.height * 0.1 : ctx.height * 0.9;
  const defs = `<radialGradient id="${g}"><stop offset="0" stop-color="${css(mix(spec.colour, WHITE, 0.15))}"/><stop offset="1" stop-color="${css(spec.colour)}"/></radialGradient>`;
  const body = `<path d="${raggedCircle(ctx, x, y, ctx.width * 0.2, u * 0.3)}" fill="url(#${g})"/>`;
  return { body, defs, blend: spec.blend ?? 'multiply' };
}

/** A carved seal stamp: a rough red square with abstract white strokes (no text). */
export function seal(spec: Spec<'seal'>, ctx: OverlayContext): SvgLayer {
  const u = unit(ctx);
  const s = u * 8.5;
  const x = ctx.width - u * 6 - s;
  const y = ctx.height - u * 7 - s;
  const k = s / 10;
  const carve = `M${n(2 * k)},${n(2.2 * k)}H${n(8 * k)}M${n(5 * k)},${n(2.2 * k)}V${n(8 * k)}M${n(2.5 * k)},${n(4.6 * k)}H${n(7.5 * k)}M${n(3 * k)},${n(6.2 * k)}L${n(2 * k)},${n(8 * k)}M${n(7 * k)},${n(6.2 * k)}L${n(8 * k)},${n(8 * k)}`;
  const body = `<g transform="translate(${n(x)},${n(y)}) rotate(-3 ${n(s / 2)} ${n(s / 2)})"><rect width="${n(s)}" height="${n(s)}" rx="${n(k * 0.6)}" fill="${css(spec.colour)}"/><rect x="${n(k * 0.7)}" y="${n(k * 0.7)}" width="${n(s - k * 1.4)}" height="${n(s - k * 1.4)}" fill="none" stroke="${css(WHITE)}" stroke-opacity="0.85" stroke-width="${n(k * 0.35)}"/><path d="${carve}" stroke="${css(WHITE)}" stroke-opacity="0.9" stroke-width="${n(k * 0.7)}" stroke-linecap="square" fill="none"/></g>`;
  return { body, blend: spec.blend ?? 'over' };
}

/** Two serpents coiling up the sides: tapered scaled bodies, gold bellies, heads with eyes. */
export function serpents(spec: Spec<'serpents'>, ctx: OverlayContext): OverlayLayer[] {
  const u = unit(ctx);
  const w = ctx.width;
  const h = ctx.height;
  const g = uid('sb');
  const pat = uid('ss');
  const c = spec.colour;
  const defs =
    `<linearGradient id="${g}" x1="0" y1="0" x2="1" y2="0"><stop offset="0" stop-color="${css(mix(c, [0, 0, 0], 0.55))}"/><stop offset="0.45" stop-color="${css(c)}"/><stop offset="0.7" stop-color="${css(mix(c, [230, 255, 200], 0.45))}"/><stop offset="1" stop-color="${css(mix(c, [0, 0, 0], 0.5))}"/></linearGradient>` +
    `<pattern id="${pat}" patternUnits="userSpaceOnUse" width="${n(u * 1.6)}" height="${n(u * 1.2)}"><path d="M0,${n(u * 0.6)}Q${n(u * 0.8)},${n(-u * 0.3)} ${n(u * 1.6)},${n(u * 0.6)}" fill="none" stroke="black" stroke-opacity="0.35" stroke-width="${n(u * 0.18)}"/></pattern>`;
  let body = '';
  let shadow = '';
  const snakes: Point[][] = [
    [[w * 0.0, h * 1.02], [w * 0.1, h * 0.9], [w * 0.03, h * 0.78], [w * 0.11, h * 0.66], [w * 0.05, h * 0.55], [w * 0.1, h * 0.47]],
    [[w * 1.0, h * 1.02], [w * 0.9, h * 0.93], [w * 0.97, h * 0.82], [w * 0.89, h * 0.72], [w * 0.95, h * 0.62], [w * 0.9, h * 0.55]],
  ];
  for (const ctrl of snakes) {
    const jittered = ctrl.map(([x, y]) => [x + ctx.rng.range(-1, 1) * u, y + ctx.rng.range(-1, 1) * u] as const);
    const pts = catmullRom(jittered, 14).reverse();
    const outline = taperedPath(pts, (t) => u * (t < 0.06 ? 3.2 + t * 10 : 3.8 * (1 - t) ** 0.7 + 0.3));
    shadow += `<path d="${outline}" fill="black" opacity="0.6" transform="translate(${n(u * 0.8)},${n(u * 1)})"/>`;
    body += `<path d="${outline}" fill="url(#${g})"/><path d="${outline}" fill="url(#${pat})"/>`;
    const belly = pts.map(([x, y], i) => [x + Math.sin(i * 0.3) * u * 0.2, y] as const);
    body += `<path d="${taperedPath(belly, (t) => u * 0.7 * (1 - t))}" fill="${css(spec.accent)}" opacity="0.75"/>`;
    const head = pts[0]!;
    const next = pts[4]!;
    const ang = (Math.atan2(head[1] - next[1], head[0] - next[0]) * 180) / Math.PI;
    body +=
      `<g transform="translate(${n(head[0])},${n(head[1])}) rotate(${n(ang)})">` +
      `<path d="M${n(u * 5.5)},0l${n(u * 1.8)},${n(-u * 0.8)}M${n(u * 5.5)},0l${n(u * 1.8)},${n(u * 0.8)}M${n(u * 3.6)},0H${n(u * 5.5)}" stroke="rgb(200,20,40)" stroke-width="${n(u * 0.35)}" fill="none"/>` +
      `<ellipse cx="${n(u * 1.2)}" cy="0" rx="${n(u * 2.8)}" ry="${n(u * 2)}" fill="url(#${g})"/>` +
      `<circle cx="${n(u * 2)}" cy="${n(-u * 1)}" r="${n(u * 0.55)}" fill="${css(spec.accent)}"/><circle cx="${n(u * 2)}" cy="${n(u * 1)}" r="${n(u * 0.55)}" fill="${css(spec.accent)}"/>` +
      `<ellipse cx="${n(u * 2.1)}" cy="${n(-u * 1)}" rx="${n(u * 0.12)}" ry="${n(u * 0.45)}" fill="black"/><ellipse cx="${n(u * 2.1)}" cy="${n(u * 1)}" rx="${n(u * 0.12)}" ry="${n(u * 0.45)}" fill="black"/></g>`;
  }
  return [{ body: shadow, blend: 'multiply', blur: u * 1.2, scale: 0.5 }, { body, defs, blend: spec.blend ?? 'over' }];
}

