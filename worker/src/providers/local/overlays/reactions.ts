/** Anime reaction marks: tears, shock lines, a sweat drop, gloom lines. Kept off the face. */
import { css, mix, WHITE } from '../colour';
import type { OverlaySpec } from '../look';
import { catmullRom, faceZone, n, taperedPath, uid, type OverlayContext, type OverlayLayer, type Point, type SvgLayer } from './svg-kit';

type Spec<K extends OverlaySpec['kind']> = Extract<OverlaySpec, { kind: K }>;

const unit = (ctx: OverlayContext): number => Math.min(ctx.width, ctx.height) / 100;

const DROP = 'M0,-1C0.18,-0.55 0.62,-0.15 0.62,0.28C0.62,0.68 0.33,0.95 0,0.95C-0.33,0.95 -0.62,0.68 -0.62,0.28C-0.62,-0.15 -0.18,-0.55 0,-1Z';

function glossyDrop(id: string, x: number, y: number, size: number, rot = 0): string {
  const t = `translate(${n(x)},${n(y)}) rotate(${n(rot)}) scale(${n(size)})`;
  return (
    `<path d="${DROP}" transform="${t}" fill="url(#${id})" stroke="white" stroke-width="0.06" stroke-opacity="0.9"/>` +
    `<ellipse cx="-0.22" cy="0.25" rx="0.12" ry="0.26" transform="${t}" fill="white" opacity="0.9"/>` +
    `<circle cx="0.25" cy="0.62" r="0.07" transform="${t}" fill="white" opacity="0.7"/>`
  );
}

function dropGradient(id: string, spec: { colour: readonly [number, number, number] }): string {
  return `<linearGradient id="${id}" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${css(mix(spec.colour, WHITE, 0.7))}"/><stop offset="0.6" stop-color="${css(spec.colour)}"/><stop offset="1" stop-color="${css(mix(spec.colour, [0, 30, 90], 0.3))}"/></linearGradient>`;
}

/** Streams of tears running down beside the face, with drops falling from them. */
export function teardrops(spec: Spec<'teardrops'>, ctx: OverlayContext): OverlayLayer[] {
  const u = unit(ctx);
  const z = faceZone(ctx);
  const grad = uid('td');
  const defs = dropGradient(grad, spec) +
    `<linearGradient id="${grad}s" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="white" stop-opacity="0"/><stop offset="0.25" stop-color="${css(mix(spec.colour, WHITE, 0.6))}" stop-opacity="0.85"/><stop offset="1" stop-color="${css(spec.colour)}" stop-opacity="0.9"/></linearGradient>`;
  let body = '';
  let glow = '';
  for (const side of [-1, 1]) {
    // From the outer corner of the eye down the cheek and off the jaw.
    const x0 = z.cx + side * z.rx * 0.5;
    const y0 = z.cy - z.ry * 0.02;
    const pts: Point[] = catmullRom([[x0, y0], [x0 + side * z.rx * 0.12, y0 + z.ry * 0.3], [x0 + side * z.rx * 0.18, y0 + z.ry * 0.6], [x0 + side * z.rx * 0.3, y0 + z.ry * 0.95]], 10);
    const stream = taperedPath(pts, (t) => u * (0.3 + 1.5 * Math.sin(Math.PI * Math.min(1, t * 1.1)) ** 0.8));
    glow += `<path d="${stream}" fill="${css(spec.colour)}" opacity="0.5"/>`;
    body += `<path d="${stream}" fill="url(#${grad}s)"/>`;
    const end = pts[pts.length - 1]!;
    for (let i = 0; i < 3; i++) {
      const s = u * ctx.rng.range(1.3, 2.4) * (1 - i * 0.2);
      body += glossyDrop(grad, end[0] + side * u * ctx.rng.range(0, 3), end[1] + u * (4 + i * 7) + ctx.rng.range(0, u * 2), s, side * ctx.rng.range(0, 12));
    }
  }
  return [{ body: glow, blend: 'screen', blur: u * 0.8 }, { body, defs, blend: spec.blend ?? 'over' }];
}

/** Manga focus lines: thin wedges from the frame's edge towards the face, stopping short of it. */
export function shockLines(spec: Spec<'shockLines'>, ctx: OverlayContext): SvgLayer {
  const z = faceZone(ctx);
  const far = Math.hypot(ctx.width, ctx.height);
  let body = '';
  for (let i = 0; i < spec.count; i++) {
    const a = (i / spec.count) * Math.PI * 2 + ctx.rng.range(-0.04, 0.04);
    const ca = Math.cos(a);
    const sa = Math.sin(a);
    const reach = 1.08 + ctx.rng.range(0, 0.45);
    const x0 = z.cx + ca * z.rx * reach;
    const y0 = z.cy + sa * z.ry * reach;
    const w = (Math.PI * 2 * far) / spec.count * ctx.rng.range(0.08, 0.3);
    const x1 = z.cx + ca * far;
    const y1 = z.cy + sa * far;
    body += `<path d="M${n(x0)},${n(y0)}L${n(x1 - sa * w)},${n(y1 + ca * w)}L${n(x1 + sa * w)},${n(y1 - ca * w)}Z" fill="${css(spec.colour)}" opacity="${n(ctx.rng.range(0.55, 0.95))}"/>`;
  }
  return { body, blend: spec.blend ?? 'over' };
}

/** The big anime sweat drop beside the head, with two small motion ticks. */
export function sweatDrop(spec: Spec<'sweatDrop'>, ctx: OverlayContext): SvgLayer {
  const u = unit(ctx);
  const z = faceZone(ctx);
  const grad = uid('sw');
  const defs = dropGradient(grad, spec);
  const x = Math.min(ctx.width - u * 8, z.cx + z.rx * 0.92);
  const y = Math.max(u * 10, z.cy - z.ry * 0.62);
  let body = glossyDrop(grad, x, y, u * 6.5, 18);
  body += `<path d="M${n(x + u * 6)},${n(y - u * 9)}l${n(u * 2.2)},${n(-u * 3)}M${n(x + u * 8.5)},${n(y - u * 5)}l${n(u * 3)},${n(-u * 1.4)}" stroke="${css(mix(spec.colour, [10, 20, 60], 0.5))}" stroke-width="${n(u * 0.7)}" stroke-linecap="round"/>`;
  return { body, defs, blend: spec.blend ?? 'over' };
}

/** Vertical gloom lines hanging from the top edge, fading down. */
export function gloomLines(spec: Spec<'gloomLines'>, ctx: OverlayContext): SvgLayer {
  const u = unit(ctx);
  const z = faceZone(ctx);
  const g = uid('gl');
  const defs = `<linearGradient id="${g}" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${css(spec.colour)}" stop-opacity="0.9"/><stop offset="1" stop-color="${css(spec.colour)}" stop-opacity="0"/></linearGradient>`;
  let body = '';
  const count = Math.round(ctx.width / (u * 2.4));
  for (let i = 0; i < count; i++) {
    const x = (i + ctx.rng.range(0.1, 0.9)) * (ctx.width / count);
    const inside = Math.abs(x - z.cx) < z.rx;
    const len = inside ? Math.max(u * 4, (z.cy - z.ry * 0.9) * ctx.rng.range(0.6, 1)) : ctx.height * ctx.rng.range(0.2, 0.45);
    body += `<rect x="${n(x)}" y="0" width="${n(u * ctx.rng.range(0.25, 0.6))}" height="${n(len)}" fill="url(#${g})"/>`;
  }
  return { body, defs, blend: spec.blend ?? 'multiply' };
}
