/** Frames around the picture: neon tubes, letterbox, print borders, gold filigree, lace, a mirror. */
import { css, mix, WHITE, type RGB } from '../colour';
import type { OverlaySpec } from '../look';
import { n, uid, type OverlayContext, type OverlayLayer, type SvgLayer } from './svg-kit';

type Spec<K extends OverlaySpec['kind']> = Extract<OverlaySpec, { kind: K }>;

const unit = (ctx: OverlayContext): number => Math.min(ctx.width, ctx.height) / 100;

/** A neon tube around the frame: wide soft glow, coloured body, hot white core; two breaks. */
export function neonFrame(spec: Spec<'neonFrame'>, ctx: OverlayContext): OverlayLayer[] {
  const u = unit(ctx);
  const inset = u * 4.5;
  const g = uid('nf');
  const [a, b] = spec.colours;
  const defs = `<linearGradient id="${g}" gradientUnits="userSpaceOnUse" x1="0" y1="0" x2="${ctx.width}" y2="${ctx.height}"><stop offset="0" stop-color="${css(a)}"/><stop offset="1" stop-color="${css(b)}"/></linearGradient>`;
  const rect = `x="${n(inset)}" y="${n(inset)}" width="${n(ctx.width - 2 * inset)}" height="${n(ctx.height - 2 * inset)}" rx="${n(u * 5)}" fill="none" pathLength="100" stroke-dasharray="31 1.6 44 1.2 22.2 0"`;
  const blend = spec.blend ?? 'screen';
  return [
    { body: `<rect ${rect} stroke="url(#${g})" stroke-width="${n(u * 3.5)}"/>`, defs, blend, blur: u * 2.4, scale: 0.25 },
    { body: `<rect ${rect} stroke="url(#${g})" stroke-width="${n(u * 1.2)}"/>`, defs, blend, blur: u * 0.6, scale: 0.5 },
    { body: `<rect ${rect} stroke="url(#${g})" stroke-width="${n(u * 0.7)}"/><rect ${rect} stroke="white" stroke-opacity="0.85" stroke-width="${n(u * 0.22)}"/>`, defs, blend },
  ];
}

/** Cinema bars top and bottom. */
export function letterbox(spec: Spec<'letterbox'>, ctx: OverlayContext): SvgLayer {
  const h = ctx.height * spec.fraction;
  return { body: `<rect width="${ctx.width}" height="${n(h)}" fill="black"/><rect y="${n(ctx.height - h)}" width="${ctx.width}" height="${n(h)}" fill="black"/>`, blend: spec.blend ?? 'over' };
}

/** A frame with a hole: `inner` is the window's rectangle and corner radius. */
function frameWithHole(ctx: OverlayContext, inner: { x: number; y: number; w: number; h: number; r: number }, fill: string): string {
  const { x, y, w, h, r } = inner;
  const outer = `M0,0H${ctx.width}V${ctx.height}H0Z`;
  const hole = `M${n(x + r)},${n(y)}H${n(x + w - r)}Q${n(x + w)},${n(y)} ${n(x + w)},${n(y + r)}V${n(y + h - r)}Q${n(x + w)},${n(y + h)} ${n(x + w - r)},${n(y + h)}H${n(x + r)}Q${n(x)},${n(y + h)} ${n(x)},${n(y + h - r)}V${n(y + r)}Q${n(x)},${n(y)} ${n(x + r)},${n(y)}Z`;
  return `<path d="${outer}${hole}" fill-rule="evenodd" fill="${fill}"/>`;
}

/** Print borders: a polaroid, a rounded vintage print, a thin editorial rule, a chrome edge. */
export function border(spec: Spec<'border'>, ctx: OverlayContext): OverlayLayer | OverlayLayer[] {
  const u = unit(ctx);
  const c = css(spec.colour);
  const blend = spec.blend ?? 'over';
  const inset = (inner: { x: number; y: number; w: number; h: number; r: number }): SvgLayer => ({
    body: `<rect x="${n(inner.x)}" y="${n(inner.y)}" width="${n(inner.w)}" height="${n(inner.h)}" rx="${n(inner.r)}" fill="none" stroke="black" stroke-opacity="0.5" stroke-width="${n(u * 1)}"/>`,
    blend: 'multiply',
    blur: u * 0.6,
    scale: 0.5,
  });
  switch (spec.style) {
    case 'polaroid': {
      const b = u * 3.2;
      const inner = { x: b, y: b, w: ctx.width - 2 * b, h: ctx.height - b - u * 11, r: u * 0.3 };
      return [inset(inner), { body: frameWithHole(ctx, inner, c), blend }];
    }
    case 'rounded': {
      const b = u * 2.6;
      const inner = { x: b, y: b, w: ctx.width - 2 * b, h: ctx.height - 2 * b, r: u * 5 };
      return [inset(inner), { body: frameWithHole(ctx, inner, c), blend }];
    }
    case 'editorial': {
      const m = u * 4;
      const tick = u * 3;
      let body = `<rect x="${n(m)}" y="${n(m)}" width="${n(ctx.width - 2 * m)}" height="${n(ctx.height - 2 * m)}" fill="none" stroke="${c}" stroke-width="${n(u * 0.22)}" opacity="0.9"/>`;
      const m2 = m + u * 1.1;
      body += `<rect x="${n(m2)}" y="${n(m2)}" width="${n(ctx.width - 2 * m2)}" height="${n(ctx.height - 2 * m2)}" fill="none" stroke="${c}" stroke-width="${n(u * 0.12)}" opacity="0.6"/>`;
      for (const [x, y, sx, sy] of [[m, m, 1, 1], [ctx.width - m, m, -1, 1], [m, ctx.height - m, 1, -1], [ctx.width - m, ctx.height - m, -1, -1]] as const) {
        body += `<path d="M${n(x - sx * tick)},${n(y)}H${n(x + sx * tick * 2)}M${n(x)},${n(y - sy * tick)}V${n(y + sy * tick * 2)}" stroke="${c}" stroke-width="${n(u * 0.3)}"/>`;
      }
      body += `<rect x="${n(ctx.width / 2 - u * 9)}" y="${n(m - u * 0.15)}" width="${n(u * 18)}" height="${n(u * 0.3)}" fill="${c}"/>`;
      return { body, blend };
    }
    case 'chrome': {
      const g = uid('ch');
      const b = u * 1.6;
      const metal = `<linearGradient id="${g}" gradientUnits="userSpaceOnUse" x1="0" y1="0" x2="${n(ctx.width * 0.4)}" y2="${n(ctx.height * 0.4)}" spreadMethod="reflect">` +
        [[0, 0.35], [0.18, 1], [0.3, 0.55], [0.5, 0.95], [0.62, 0.3], [0.8, 0.85], [1, 0.45]].map(([o, l]) => `<stop offset="${o}" stop-color="${css(mix([20, 22, 28], spec.colour, l!))}"/>`).join('') +
        '</linearGradient>';
      const inner = { x: b, y: b, w: ctx.width - 2 * b, h: ctx.height - 2 * b, r: u * 2.5 };
      const body = frameWithHole(ctx, inner, `url(#${g})`) +
        `<rect x="${n(b)}" y="${n(b)}" width="${n(inner.w)}" height="${n(inner.h)}" rx="${n(inner.r)}" fill="none" stroke="black" stroke-opacity="0.6" stroke-width="${n(u * 0.4)}"/>`;
      return { body, defs: metal, blend };
    }
  }
}

/** Metallic gold as a gradient across the whole frame, so mirrored corners shimmer alike. */
function goldGradient(id: string, ctx: OverlayContext, colour: RGB): string {
  const dark = mix(colour, [60, 35, 5], 0.6);
  const light = mix(colour, [255, 248, 220], 0.75);
  const stops: Array<[number, RGB]> = [[0, dark], [0.12, light], [0.25, colour], [0.4, light], [0.52, dark], [0.68, colour], [0.82, light], [1, dark]];
  return `<linearGradient id="${id}" gradientUnits="userSpaceOnUse" x1="0" y1="0" x2="${n(ctx.width * 0.35)}" y2="${n(ctx.height * 0.22)}" spreadMethod="reflect">${stops.map(([o, c]) => `<stop offset="${o}" stop-color="${css(c)}"/>`).join('')}</linearGradient>`;
}

/** Art-deco gold corners (fans, rays, scrolls, a diamond) and a double gold rule. */
export function filigree(spec: Spec<'filigree'>, ctx: OverlayContext): OverlayLayer[] {
  const u = unit(ctx);
  const gold = uid('gd');
  const defs = goldGradient(gold, ctx, spec.colour);
  const m = u * 3;
  const s = u * 24;
  let corner = '';
  for (const r of [0.34, 0.46, 0.58]) {
    corner += `<path d="M${n(s * r)},0A${n(s * r)},${n(s * r)} 0 0 1 0,${n(s * r)}" stroke-width="${n(u * (r === 0.46 ? 0.55 : 0.3))}"/>`;
  }
  for (const a of [12, 24, 36, 45, 54, 66, 78]) {
    const rad = (a * Math.PI) / 180;
    const r0 = s * 0.12;
    const r1 = s * (a === 45 ? 0.74 : 0.58);
    corner += `<line x1="${n(Math.cos(rad) * r0)}" y1="${n(Math.sin(rad) * r0)}" x2="${n(Math.cos(rad) * r1)}" y2="${n(Math.sin(rad) * r1)}" stroke-width="${n(u * 0.25)}"/>`;
  }
  const d = s * 0.82 / Math.SQRT2;
  corner += `<path d="M${n(d)},${n(d - u * 2.2)}L${n(d + u * 1.3)},${n(d)}L${n(d)},${n(d + u * 2.2)}L${n(d - u * 1.3)},${n(d)}Z" transform="rotate(-45 ${n(d)} ${n(d)})" fill="url(#${gold})" stroke="none"/>`;
  for (const flip of [false, true]) {
    // A scroll running along one edge, ending in a curl.
    const L = s * 1.35;
    const path = `M${n(s * 0.62)},${n(u * 1.2)}C${n(s * 0.85)},${n(u * 1.2)} ${n(L * 0.8)},${n(u * 4.2)} ${n(L)},${n(u * 2.2)}c${n(u * 1.6)},${n(-u * 1)} ${n(u * 0.4)},${n(-u * 2.8)} ${n(-u * 1)},${n(-u * 1.6)}c${n(-u * 1)},${n(u * 1)} ${n(u * 0.3)},${n(u * 2)} ${n(u * 1.1)},${n(u * 1)}`;
    corner += `<path d="${path}" stroke-width="${n(u * 0.4)}"${flip ? ' transform="matrix(0,1,1,0,0,0)"' : ''}/>`;
    corner += `<circle cx="${n(L * 0.55)}" cy="${n(u * 2.4)}" r="${n(u * 0.45)}" fill="url(#${gold})" stroke="none"${flip ? ' transform="matrix(0,1,1,0,0,0)"' : ''}/>`;
  }
  const group = (stroke: string) =>
    [[1, 1, m, m], [-1, 1, ctx.width - m, m], [1, -1, m, ctx.height - m], [-1, -1, ctx.width - m, ctx.height - m]]
      .map(([sx, sy, x, y]) => `<g transform="translate(${n(x!)},${n(y!)}) scale(${sx},${sy})" fill="none" stroke="${stroke}" stroke-linecap="round">${corner}</g>`)
      .join('');
  const rule = (stroke: string) =>
    `<rect x="${n(m)}" y="${n(m)}" width="${n(ctx.width - 2 * m)}" height="${n(ctx.height - 2 * m)}" fill="none" stroke="${stroke}" stroke-width="${n(u * 0.45)}"/>` +
    `<rect x="${n(m + u * 1.2)}" y="${n(m + u * 1.2)}" width="${n(ctx.width - 2 * m - u * 2.4)}" height="${n(ctx.height - 2 * m - u * 2.4)}" fill="none" stroke="${stroke}" stroke-width="${n(u * 0.2)}"/>`;
  return [
    { body: `<g opacity="0.75">${group('black')}${rule('black')}</g>`, blend: 'multiply', blur: u * 0.5 },
    { body: `${group(`url(#${gold})`)}${rule(`url(#${gold})`)}`, defs, blend: spec.blend ?? 'over' },
  ];
}

/** Black lace closing in from the edges: a lace pattern outside an oval, scalloped at its rim. */
export function lace(spec: Spec<'lace'>, ctx: OverlayContext): SvgLayer {
  const u = unit(ctx);
  const t = u * 6;
  const pat = uid('lp');
  const mask = uid('lm');
  const c = css(spec.colour);
  const cx = ctx.width / 2;
  const cy = ctx.height * 0.47;
  const rx = ctx.width * 0.5;
  const ry = ctx.height * 0.52;
  const tile =
    `<circle cx="${n(t / 2)}" cy="${n(t / 2)}" r="${n(t * 0.3)}" fill="none" stroke="${c}" stroke-width="${n(t * 0.09)}"/>` +
    `<circle cx="${n(t / 2)}" cy="${n(t / 2)}" r="${n(t * 0.08)}" fill="${c}"/>` +
    [0, 1].flatMap((i) => [0, 1].map((j) => `<circle cx="${n(i * t)}" cy="${n(j * t)}" r="${n(t * 0.2)}" fill="${c}"/>`)).join('') +
    `<path d="M${n(t / 2)},0V${n(t * 0.2)}M${n(t / 2)},${n(t)}V${n(t * 0.8)}M0,${n(t / 2)}H${n(t * 0.2)}M${n(t)},${n(t / 2)}H${n(t * 0.8)}" stroke="${c}" stroke-width="${n(t * 0.06)}"/>`;
  const defs =
    `<pattern id="${pat}" patternUnits="userSpaceOnUse" width="${n(t)}" height="${n(t)}">${tile}</pattern>` +
    `<radialGradient id="${mask}g" gradientUnits="userSpaceOnUse" cx="${n(cx)}" cy="${n(cy)}" r="${n(rx)}" gradientTransform="translate(${n(cx)},${n(cy)}) scale(1,${n(ry / rx)}) translate(${n(-cx)},${n(-cy)})">` +
    `<stop offset="0.86" stop-color="black"/><stop offset="0.93" stop-color="white"/></radialGradient>` +
    `<mask id="${mask}"><rect width="${ctx.width}" height="${ctx.height}" fill="url(#${mask}g)"/></mask>`;
  let scallops = '';
  const count = Math.round((Math.PI * (rx + ry)) / (t * 0.95));
  for (let i = 0; i < count; i++) {
    const a = (i / count) * Math.PI * 2;
    const x = cx + Math.cos(a) * rx * 0.9;
    const y = cy + Math.sin(a) * ry * 0.9;
    if (x < -t || x > ctx.width + t || y < -t || y > ctx.height + t) continue;
    scallops += `<circle cx="${n(x)}" cy="${n(y)}" r="${n(t * 0.55)}" fill="none" stroke="${c}" stroke-width="${n(t * 0.1)}"/><circle cx="${n(x)}" cy="${n(y)}" r="${n(t * 0.14)}" fill="${c}"/>`;
  }
  const body = `<rect width="${ctx.width}" height="${ctx.height}" fill="url(#${pat})" mask="url(#${mask})"/><g opacity="0.9">${scallops}</g>`;
  return { body, defs, blend: spec.blend ?? 'over' };
}

/** An ornate oval mirror: dark surround, a gilded rim with beads. */
export function mirrorFrame(spec: Spec<'mirrorFrame'>, ctx: OverlayContext): OverlayLayer[] {
  const u = unit(ctx);
  const cx = ctx.width / 2;
  const cy = ctx.height * 0.47;
  const rx = ctx.width * 0.455;
  const ry = ctx.height * 0.455;
  const gold = uid('mg');
  const defs = goldGradient(gold, ctx, spec.accent);
  const outside = `M0,0H${ctx.width}V${ctx.height}H0Z M${n(cx - rx)},${n(cy)}A${n(rx)},${n(ry)} 0 1 0 ${n(cx + rx)},${n(cy)}A${n(rx)},${n(ry)} 0 1 0 ${n(cx - rx)},${n(cy)}Z`;
  let beads = '';
  const count = 64;
  for (let i = 0; i < count; i++) {
    const a = (i / count) * Math.PI * 2;
    beads += `<circle cx="${n(cx + Math.cos(a) * (rx + u * 2.6))}" cy="${n(cy + Math.sin(a) * (ry + u * 2.6))}" r="${n(u * (i % 4 === 0 ? 0.75 : 0.4))}" fill="url(#${gold})"/>`;
  }
  const shadow = `<ellipse cx="${n(cx)}" cy="${n(cy)}" rx="${n(rx + u * 1.2)}" ry="${n(ry + u * 1.2)}" fill="none" stroke="black" stroke-width="${n(u * 3.6)}" opacity="0.7"/>`;
  const rim =
    `<ellipse cx="${n(cx)}" cy="${n(cy)}" rx="${n(rx + u * 1.2)}" ry="${n(ry + u * 1.2)}" fill="none" stroke="url(#${gold})" stroke-width="${n(u * 2.2)}"/>` +
    `<ellipse cx="${n(cx)}" cy="${n(cy)}" rx="${n(rx - u * 0.2)}" ry="${n(ry - u * 0.2)}" fill="none" stroke="${css(mix(spec.accent, WHITE, 0.5))}" stroke-width="${n(u * 0.3)}" opacity="0.8"/>` +
    `<ellipse cx="${n(cx)}" cy="${n(cy)}" rx="${n(rx + u * 4.2)}" ry="${n(ry + u * 4.2)}" fill="none" stroke="url(#${gold})" stroke-width="${n(u * 0.5)}"/>` +
    beads;
  const blend = spec.blend ?? 'over';
  return [
    { body: `<path d="${outside}" fill-rule="evenodd" fill="${css(spec.colour)}" opacity="0.88"/>`, blend },
    { body: shadow, blend: 'multiply', blur: u * 1.5, scale: 0.5 },
    { body: rim, defs, blend },
  ];
}
