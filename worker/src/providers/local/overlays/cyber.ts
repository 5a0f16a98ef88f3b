/** Cyber marks: a visor HUD, neon tattoo linework, glitch blocks, a neon serpent line, scales. */
import { css, mix, WHITE } from '../colour';
import type { OverlaySpec } from '../look';
import { catmullRom, faceZone, n, polyline, scatter, taperedPath, uid, type Blend, type OverlayContext, type OverlayLayer, type Point, type SvgLayer } from './svg-kit';

type Spec<K extends OverlaySpec['kind']> = Extract<OverlaySpec, { kind: K }>;

const unit = (ctx: OverlayContext): number => Math.min(ctx.width, ctx.height) / 100;

/** Lines that glow: a blurred copy under the crisp lines, both added with 'screen'. */
function glowing(lines: string, defs: string, blend: Blend, blur: number): OverlayLayer[] {
  return [{ body: lines, defs, blend, blur, scale: 0.5 }, { body: lines, defs, blend }];
}

/** A heads-up display: corner brackets, a visor band at eye level, side reticles, readouts. */
export function hud(spec: Spec<'hud'>, ctx: OverlayContext): OverlayLayer[] {
  const u = unit(ctx);
  const z = faceZone(ctx);
  const c = css(spec.colour);
  const light = css(mix(spec.colour, WHITE, 0.5));
  const band = uid('hb');
  const w = ctx.width;
  const h = ctx.height;
  const defs =
    `<linearGradient id="${band}" x1="0" y1="0" x2="1" y2="0"><stop offset="0" stop-color="${c}" stop-opacity="0.55"/><stop offset="0.3" stop-color="${c}" stop-opacity="0.1"/><stop offset="0.7" stop-color="${c}" stop-opacity="0.1"/><stop offset="1" stop-color="${c}" stop-opacity="0.55"/></linearGradient>`;
  let lines = '';
  const m = u * 5;
  const arm = u * 9;
  for (const [x, y, sx, sy] of [[m, m, 1, 1], [w - m, m, -1, 1], [m, h - m, 1, -1], [w - m, h - m, -1, -1]] as const) {
    lines += `<path d="M${n(x)},${n(y + sy * arm)}V${n(y)}H${n(x + sx * arm)}" fill="none" stroke="${c}" stroke-width="${n(u * 0.55)}"/>`;
    lines += `<rect x="${n(x + sx * u * 1.6 - u * 0.6)}" y="${n(y + sy * u * 1.6 - u * 0.6)}" width="${n(u * 1.2)}" height="${n(u * 1.2)}" fill="${c}"/>`;
  }
  // The visor: a translucent band across the eyes with crisp edges.
  const eyeY = z.cy - z.ry * 0.02;
  const bh = u * 6.5;
  lines += `<rect x="0" y="${n(eyeY - bh / 2)}" width="${w}" height="${n(bh)}" fill="url(#${band})"/>`;
  lines += `<path d="M0,${n(eyeY - bh / 2)}H${w}M0,${n(eyeY + bh / 2)}H${w}" stroke="${light}" stroke-width="${n(u * 0.2)}" opacity="0.8"/>`;
  for (let x = u * 2; x < w; x += u * 2.5) {
    if (Math.abs(x - z.cx) < z.rx * 0.8) continue;
    lines += `<line x1="${n(x)}" y1="${n(eyeY + bh / 2)}" x2="${n(x)}" y2="${n(eyeY + bh / 2 - u * (Math.round(x / u) % 5 === 0 ? 1.6 : 0.8))}" stroke="${light}" stroke-width="${n(u * 0.18)}"/>`;
  }
  // Reticles either side of the face.
  for (const side of [-1, 1]) {
    const rx = z.cx + side * (z.rx + u * 9);
    if (rx < u * 6 || rx > w - u * 6) continue;
    const r = u * 5;
    lines += `<circle cx="${n(rx)}" cy="${n(eyeY)}" r="${n(r)}" fill="none" stroke="${c}" stroke-width="${n(u * 0.35)}" stroke-dasharray="${n(u * 3)} ${n(u * 1.5)}"/>`;
    lines += `<circle cx="${n(rx)}" cy="${n(eyeY)}" r="${n(r * 0.45)}" fill="none" stroke="${light}" stroke-width="${n(u * 0.25)}"/>`;
    lines += `<path d="M${n(rx - r * 1.4)},${n(eyeY)}H${n(rx - r * 0.6)}M${n(rx + r * 0.6)},${n(eyeY)}H${n(rx + r * 1.4)}" stroke="${c}" stroke-width="${n(u * 0.3)}"/>`;
  }
  // A ruler down the right side, readout bars bottom left, a trace bottom right.
  for (let i = 0; i <= 24; i++) {
    const y = h * 0.28 + (i / 24) * h * 0.44;
    lines += `<line x1="${n(w - u * 2.2)}" y1="${n(y)}" x2="${n(w - u * (i % 4 === 0 ? 5 : 3.4))}" y2="${n(y)}" stroke="${c}" stroke-width="${n(u * 0.22)}"/>`;
  }
  for (let i = 0; i < 5; i++) {
    const y = h - m - u * 4 - i * u * 1.7;
    lines += `<rect x="${n(m + u * 3)}" y="${n(y)}" width="${n(u * ctx.rng.range(4, 16))}" height="${n(u * 0.7)}" fill="${c}" opacity="${n(0.5 + 0.1 * i)}"/>`;
  }
  const trace: Point[] = [];
  for (let i = 0; i <= 16; i++) trace.push([w - m - u * 22 + i * u * 1.2, h - m - u * 5 - ctx.rng.range(0, u * 5)]);
  lines += `<path d="${polyline(trace)}" fill="none" stroke="${light}" stroke-width="${n(u * 0.3)}"/>`;
  lines += `<path d="M${n(w / 2 - u * 12)},${n(m)}H${n(w / 2 - u * 1.5)}l${n(u * 1.5)},${n(u * 1.5)}l${n(u * 1.5)},${n(-u * 1.5)}H${n(w / 2 + u * 12)}" fill="none" stroke="${c}" stroke-width="${n(u * 0.35)}"/>`;
  return glowing(lines, defs, spec.blend ?? 'screen', u * 0.9);
}

/** Tribal-cyber tattoo linework rising from the bottom corners, mirrored left and right. */
export function tattoo(spec: Spec<'tattoo'>, ctx: OverlayContext): OverlayLayer[] {
  const u = unit(ctx);
  const w = ctx.width;
  const h = ctx.height;
  const c = css(spec.colour);
  const core = css(mix(spec.colour, WHITE, 0.55));
  const j = () => ctx.rng.range(-1, 1) * u * 1.5;
  let half = '';
  const main = catmullRom([[w * 0.01, h * 1.01], [w * 0.1 + j(), h * 0.88], [w * 0.05 + j(), h * 0.74], [w * 0.14 + j(), h * 0.62], [w * 0.08 + j(), h * 0.5], [w * 0.12, h * 0.44]], 14);
  half += `<path d="${taperedPath(main, (t) => u * (0.4 + 2.2 * Math.sin(Math.PI * t) ** 0.8))}" fill="${c}"/>`;
  // Barbs: short curved spikes off the main stroke, pointing outwards.
  for (let k = 1; k < 7; k++) {
    const i = Math.round((k / 7) * (main.length - 1));
    const p = main[i]!;
    const q = main[Math.min(main.length - 1, i + 3)]!;
    const len = u * ctx.rng.range(4, 8);
    const dir = k % 2 === 0 ? 1 : -0.6;
    const barb = catmullRom([p, [p[0] + dir * len * 0.6, p[1] - len * 0.3], [q[0] + dir * len, q[1] - len * 0.9]], 8);
    half += `<path d="${taperedPath(barb, (t) => u * 1.6 * (1 - t))}" fill="${c}"/>`;
  }
  // Circuit traces with nodes, and a line of dots.
  for (let k = 0; k < 3; k++) {
    const x0 = w * (0.18 + k * 0.05);
    const y0 = h * (0.99 - k * 0.02);
    const pts: Point[] = [[x0, y0], [x0, y0 - h * (0.08 + k * 0.03)], [x0 - u * 4, y0 - h * (0.11 + k * 0.03)], [x0 - u * 4, y0 - h * (0.16 + k * 0.05)]];
    half += `<path d="${polyline(pts)}" fill="none" stroke="${core}" stroke-width="${n(u * 0.35)}"/>`;
    const end = pts[pts.length - 1]!;
    half += `<circle cx="${n(end[0])}" cy="${n(end[1])}" r="${n(u * 0.9)}" fill="none" stroke="${core}" stroke-width="${n(u * 0.35)}"/>`;
  }
  for (let k = 0; k < 6; k++) half += `<circle cx="${n(w * 0.035)}" cy="${n(h * (0.4 - k * 0.03))}" r="${n(u * (0.7 - k * 0.08))}" fill="${c}"/>`;
  const both = `<g>${half}</g><g transform="translate(${w},0) scale(-1,1)">${half}</g>`;
  return glowing(both, '', spec.blend ?? 'screen', u * 1.1);
}

/** Blocks of corrupted signal at the edges, and a few torn scan lines. */
export function glitchBlocks(spec: Spec<'glitchBlocks'>, ctx: OverlayContext): SvgLayer {
  const u = unit(ctx);
  let body = '';
  for (const [x, y] of scatter(ctx, spec.count, { edgeBias: 0.7, minGap: u * 3, margin: 1 })) {
    const c = ctx.rng.pick(spec.colours);
    const bw = u * ctx.rng.range(3, 22);
    const bh = u * ctx.rng.range(0.4, 3.2);
    body += `<rect x="${n(x - bw / 2)}" y="${n(y)}" width="${n(bw)}" height="${n(bh)}" fill="${css(c)}" opacity="${n(ctx.rng.range(0.45, 0.9))}"/>`;
    if (ctx.rng.next() < 0.35) body += `<rect x="${n(x - bw / 2 + u * 2)}" y="${n(y + bh)}" width="${n(bw * 0.6)}" height="${n(u * 0.3)}" fill="white" opacity="0.7"/>`;
  }
  for (let i = 0; i < 4; i++) {
    const y = ctx.rng.range(0, ctx.height);
    body += `<rect x="0" y="${n(y)}" width="${ctx.width}" height="${n(u * ctx.rng.range(0.15, 0.4))}" fill="${css(ctx.rng.pick(spec.colours))}" opacity="0.55"/>`;
  }
  return { body, blend: spec.blend ?? 'screen' };
}

/** A neon line that winds around the frame like a serpent, with a diamond head. */
export function serpentLine(spec: Spec<'serpentLine'>, ctx: OverlayContext): OverlayLayer[] {
  const u = unit(ctx);
  const w = ctx.width;
  const h = ctx.height;
  const inset = u * 7;
  const per = 2 * (w + h - 4 * inset);
  const along = (s: number): [number, number, number, number] => {
    // Position and outward normal on the inset rectangle, s in [0, per).
    const a = w - 2 * inset;
    const b = h - 2 * inset;
    if (s < b) return [inset, h - inset - s, -1, 0];
    if (s < b + a) return [inset + (s - b), inset, 0, -1];
    if (s < 2 * b + a) return [w - inset, inset + (s - b - a), 1, 0];
    return [w - inset - (s - 2 * b - a), h - inset, 0, 1];
  };
  const pts: Point[] = [];
  const start = per * 0.08;
  const span = per * 0.82;
  for (let i = 0; i <= 360; i++) {
    const s = start + (i / 360) * span;
    const [x, y, nx, ny] = along(s);
    const wave = Math.sin((s / per) * Math.PI * 2 * 11) * u * 2.6;
    pts.push([x + nx * wave, y + ny * wave]);
  }
  const c = css(spec.colour);
  const bodyPath = taperedPath(pts, (t) => u * (0.25 + 1.1 * Math.min(1, t * 4)));
  const head = pts[pts.length - 1]!;
  const prev = pts[pts.length - 6]!;
  const ang = (Math.atan2(head[1] - prev[1], head[0] - prev[0]) * 180) / Math.PI;
  const headShape = `<path d="M${n(u * 3)},0L0,${n(-u * 1.6)}L${n(-u * 1.5)},0L0,${n(u * 1.6)}Z" transform="translate(${n(head[0])},${n(head[1])}) rotate(${n(ang)})" fill="${c}"/>`;
  const lines = `<path d="${bodyPath}" fill="${c}"/>${headShape}<path d="${polyline(pts)}" fill="none" stroke="${css(mix(spec.colour, WHITE, 0.6))}" stroke-width="${n(u * 0.18)}"/>`;
  return glowing(lines, '', spec.blend ?? 'screen', u * 1.3);
}

/** Overlapping scales, dense at the edges, fading out towards the face. */
export function scales(spec: Spec<'scales'>, ctx: OverlayContext): SvgLayer {
  const u = unit(ctx);
  const s = u * 3.2;
  const r = s / 2;
  const zone = faceZone(ctx);
  const bins = ['', '', ''];
  for (let row = 0, y = 0; y < ctx.height + s; row++, y += s * 0.5) {
    for (let x = row % 2 ? -r : 0; x < ctx.width + s; x += s) {
      const d = Math.hypot((x + r - zone.cx) / zone.rx, (y - zone.cy) / zone.ry);
      if (d < 1.05) continue;
      const bin = d < 1.4 ? 0 : d < 1.9 ? 1 : 2;
      bins[bin] += `M${n(x)},${n(y)}a${n(r)},${n(r)} 0 0 0 ${n(s)},0`;
    }
  }
  const c = css(spec.colour);
  const body = bins.map((d, i) => (d ? `<path d="${d}" fill="none" stroke="${c}" stroke-width="${n(u * 0.3)}" opacity="${[0.3, 0.6, 1][i]}"/>` : '')).join('');
  return { body, blend: spec.blend ?? 'overlay' };
}
