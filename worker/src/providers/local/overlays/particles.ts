/** Scattered things: sparkles, hearts, bokeh, petals, rain, snow, embers, film dust. */
import { css, mix, WHITE, type RGB } from '../colour';
import type { OverlaySpec } from '../look';
import { faceZone, n, scatter, uid, type OverlayContext, type OverlayLayer, type SvgLayer } from './svg-kit';

type Spec<K extends OverlaySpec['kind']> = Extract<OverlaySpec, { kind: K }>;

const unit = (ctx: OverlayContext): number => Math.min(ctx.width, ctx.height) / 100;

/** Four-pointed twinkles with a soft halo and a cross flare, and a dust of tiny dots. */
export function sparkles(spec: Spec<'sparkles'>, ctx: OverlayContext): OverlayLayer[] {
  const u = unit(ctx) * (spec.size ?? 1);
  const halo = uid('halo');
  const defs = spec.colours.map((c, i) => `<radialGradient id="${halo}${i}"><stop offset="0" stop-color="${css(mix(c, WHITE, 0.5))}" stop-opacity="0.9"/><stop offset="0.3" stop-color="${css(c)}" stop-opacity="0.4"/><stop offset="1" stop-color="${css(c)}" stop-opacity="0"/></radialGradient>`).join('');
  let glow = '';
  let crisp = '';
  for (const [x, y] of scatter(ctx, spec.count, { edgeBias: 0.35, minGap: u * 6 })) {
    const i = ctx.rng.int(0, spec.colours.length - 1);
    const c = spec.colours[i]!;
    const s = u * ctx.rng.range(1.4, 4.5);
    const rot = ctx.rng.pick([0, 0, 45, 15]);
    const star = (k: number) => `M0,${n(-s * 1.7 * k)}Q0,0 ${n(s * 0.8 * k)},0Q0,0 0,${n(s * 1.7 * k)}Q0,0 ${n(-s * 0.8 * k)},0Q0,0 0,${n(-s * 1.7 * k)}Z`;
    const t = `translate(${n(x)},${n(y)}) rotate(${rot})`;
    crisp += `<circle cx="${n(x)}" cy="${n(y)}" r="${n(s * 2.2)}" fill="url(#${halo}${i})"/>`;
    glow += `<path d="${star(1.3)}" transform="${t}" fill="${css(c)}"/>`;
    crisp += `<path d="${star(1)}" transform="${t}" fill="${css(mix(c, WHITE, 0.7))}"/><path d="${star(0.55)}" transform="${t}" fill="white"/>`;
  }
  for (const [x, y] of scatter(ctx, spec.count * 3, { edgeBias: 0.2, minGap: u * 2 })) {
    const c = ctx.rng.pick(spec.colours);
    crisp += `<circle cx="${n(x)}" cy="${n(y)}" r="${n(u * ctx.rng.range(0.15, 0.5))}" fill="${css(mix(c, WHITE, 0.6))}" opacity="${n(ctx.rng.range(0.5, 1))}"/>`;
  }
  const blend = spec.blend ?? 'screen';
  return [{ body: glow, blend, blur: u * 0.9 }, { body: crisp, defs, blend }];
}

const HEART = 'M0,-0.28C-0.05,-0.52 -0.5,-0.55 -0.5,-0.18C-0.5,0.12 -0.2,0.3 0,0.52C0.2,0.3 0.5,0.12 0.5,-0.18C0.5,-0.55 0.05,-0.52 0,-0.28Z';

/** Glossy hearts of several sizes floating up the sides, a few only outlined. */
export function hearts(spec: Spec<'hearts'>, ctx: OverlayContext): OverlayLayer[] {
  const u = unit(ctx) * (spec.size ?? 1);
  const id = uid('hg');
  const defs = spec.colours.map((c, i) => `<radialGradient id="${id}${i}" cx="0.35" cy="0.3" r="0.85"><stop offset="0" stop-color="${css(mix(c, WHITE, 0.6))}"/><stop offset="0.55" stop-color="${css(c)}"/><stop offset="1" stop-color="${css(mix(c, [120, 0, 40], 0.4))}"/></radialGradient>`).join('');
  let glow = '';
  let crisp = '';
  scatter(ctx, spec.count, { edgeBias: 0.7, minGap: u * 9 }).forEach(([x, y], k) => {
    const i = ctx.rng.int(0, spec.colours.length - 1);
    const c = spec.colours[i]!;
    const s = u * ctx.rng.range(4, 11);
    const t = `translate(${n(x)},${n(y)}) rotate(${n(ctx.rng.range(-25, 25))}) scale(${n(s)})`;
    if (k % 5 === 4) {
      crisp += `<path d="${HEART}" transform="${t}" fill="none" stroke="${css(mix(c, WHITE, 0.35))}" stroke-width="0.07"/>`;
      return;
    }
    glow += `<path d="${HEART}" transform="${t} scale(1.15)" fill="${css(c)}"/>`;
    crisp += `<path d="${HEART}" transform="${t}" fill="url(#${id}${i})"/>`;
    crisp += `<ellipse cx="-0.24" cy="-0.22" rx="0.12" ry="0.065" transform="${t} rotate(-35 -0.24 -0.22)" fill="white" opacity="0.9"/>`;
  });
  return [{ body: glow, blend: 'screen', blur: u * 1.2, scale: 0.5 }, { body: crisp, defs, blend: spec.blend ?? 'over' }];
}

/** Out-of-focus light discs with a brighter rim, the way a fast lens draws them. */
export function bokeh(spec: Spec<'bokeh'>, ctx: OverlayContext): OverlayLayer {
  const u = unit(ctx) * (spec.size ?? 1);
  const id = uid('bk');
  const defs = spec.colours.map((c, i) => `<radialGradient id="${id}${i}"><stop offset="0" stop-color="${css(c)}" stop-opacity="0.35"/><stop offset="0.8" stop-color="${css(c)}" stop-opacity="0.5"/><stop offset="0.93" stop-color="${css(mix(c, WHITE, 0.35))}" stop-opacity="0.85"/><stop offset="1" stop-color="${css(c)}" stop-opacity="0"/></radialGradient>`).join('');
  let body = '';
  for (const [x, y] of scatter(ctx, spec.count, { edgeBias: 0.8, minGap: u * 5 })) {
    const i = ctx.rng.int(0, spec.colours.length - 1);
    body += `<circle cx="${n(x)}" cy="${n(y)}" r="${n(u * ctx.rng.range(2.5, 8))}" fill="url(#${id}${i})" opacity="${n(ctx.rng.range(0.45, 0.95))}"/>`;
  }
  return { body, defs, blend: spec.blend ?? 'screen', blur: u * 0.35 };
}

const PETAL = 'M0,0C0.55,-0.3 0.6,-1 0.08,-1.45L0,-1.32L-0.08,-1.45C-0.6,-1 -0.55,-0.3 0,0Z';

/** Flower petals drifting at the edges: large defocused ones in front, crisp small ones behind. */
export function petals(spec: Spec<'petals'>, ctx: OverlayContext): OverlayLayer[] {
  const u = unit(ctx) * (spec.size ?? 1);
  const id = uid('pg');
  const defs = spec.colours.map((c, i) => `<linearGradient id="${id}${i}" x1="0" y1="1" x2="0" y2="0"><stop offset="0" stop-color="${css(mix(c, [255, 245, 200], 0.55))}"/><stop offset="0.55" stop-color="${css(c)}"/><stop offset="1" stop-color="${css(mix(c, [90, 0, 60], 0.25))}"/></linearGradient>`).join('');
  let near = '';
  let far = '';
  scatter(ctx, spec.count, { edgeBias: 0.9, minGap: u * 6 }).forEach(([x, y], k) => {
    const i = ctx.rng.int(0, spec.colours.length - 1);
    const big = k % 4 === 0;
    const s = u * (big ? ctx.rng.range(9, 15) : ctx.rng.range(3, 6.5));
    const t = `translate(${n(x)},${n(y)}) rotate(${n(ctx.rng.range(0, 360))}) scale(${n(s)},${n(s * ctx.rng.range(0.75, 1))})`;
    if (big) near += `<path d="${PETAL}" transform="${t}" fill="url(#${id}${i})" opacity="0.8"/>`;
    else far += `<path d="${PETAL}" transform="${t}" fill="url(#${id}${i})"/><path d="M0,-0.1L0,-1.1" transform="${t}" stroke="white" stroke-opacity="0.4" stroke-width="0.04" fill="none"/>`;
  });
  const blend = spec.blend ?? 'over';
  return [{ body: far, defs, blend, blur: u * 0.12 }, { body: near, defs, blend, blur: u * 1.3, scale: 0.5 }];
}

/** Fine streaks of rain, brighter in the middle of each streak, angled. */
export function rain(spec: Spec<'rain'>, ctx: OverlayContext): OverlayLayer {
  const u = unit(ctx);
  const g = uid('rg');
  const defs = `<linearGradient id="${g}" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${css(spec.colour)}" stop-opacity="0"/><stop offset="0.6" stop-color="${css(spec.colour)}" stop-opacity="0.85"/><stop offset="1" stop-color="${css(spec.colour)}" stop-opacity="0"/></linearGradient>`;
  let body = '';
  const angle = spec.angle ?? 12;
  for (const [x, y] of scatter(ctx, spec.count, { edgeBias: 0.5, minGap: u, margin: 0.95 })) {
    const len = u * (spec.length ?? 8) * ctx.rng.range(0.6, 1.4);
    body += `<rect x="${n(x)}" y="${n(y)}" width="${n(u * ctx.rng.range(0.12, 0.3))}" height="${n(len)}" rx="${n(u * 0.1)}" transform="rotate(${n(angle)} ${n(x)} ${n(y)})" fill="url(#${g})" opacity="${n(ctx.rng.range(0.35, 0.9))}"/>`;
  }
  return { body, defs, blend: spec.blend ?? 'screen' };
}

export function snow(spec: Spec<'snow'>, ctx: OverlayContext): OverlayLayer[] {
  const u = unit(ctx);
  let near = '';
  let far = '';
  scatter(ctx, spec.count, { edgeBias: 0.3, minGap: u * 1.5, margin: 0.9 }).forEach(([x, y], k) => {
    const big = k % 6 === 0;
    const r = u * (big ? ctx.rng.range(1.2, 2.2) : ctx.rng.range(0.25, 0.7));
    const dot = `<circle cx="${n(x)}" cy="${n(y)}" r="${n(r)}" fill="white" opacity="${n(ctx.rng.range(0.55, 0.95))}"/>`;
    if (big) near += dot;
    else far += dot;
  });
  const blend = spec.blend ?? 'screen';
  return [{ body: far, blend }, { body: near, blend, blur: u * 0.5 }];
}

/** Glowing sparks rising from the lower frame. */
export function embers(spec: Spec<'embers'>, ctx: OverlayContext): OverlayLayer[] {
  const u = unit(ctx);
  let glow = '';
  let crisp = '';
  const zone = faceZone(ctx);
  for (const [x, y] of scatter(ctx, spec.count, { edgeBias: 0.4, minGap: u * 2, where: (_x, y) => y > zone.cy - zone.ry * 0.3 })) {
    const r = u * ctx.rng.range(0.2, 0.65);
    const hot = css(mix(spec.colour, [255, 240, 180], ctx.rng.range(0.1, 0.6)));
    const len = u * ctx.rng.range(0.5, 2.5);
    glow += `<circle cx="${n(x)}" cy="${n(y)}" r="${n(r * 3)}" fill="${css(spec.colour)}"/>`;
    crisp += `<ellipse cx="${n(x)}" cy="${n(y)}" rx="${n(r)}" ry="${n(r + len * 0.3)}" transform="rotate(${n(ctx.rng.range(-30, 30))} ${n(x)} ${n(y)})" fill="${hot}"/>`;
  }
  const blend = spec.blend ?? 'screen';
  return [{ body: glow, blend, blur: u * 0.8 }, { body: crisp, blend }];
}

/** Film dust and hairline scratches. */
export function dust(spec: Spec<'dust'>, ctx: OverlayContext): SvgLayer {
  const u = unit(ctx);
  let body = '';
  for (const [x, y] of scatter(ctx, spec.count, { edgeBias: 0, minGap: u * 2, margin: 0.8 })) {
    const light = ctx.rng.next() < 0.5;
    const c: RGB = light ? [250, 245, 230] : [30, 25, 20];
    if (ctx.rng.next() < 0.3) {
      const len = u * ctx.rng.range(1, 4);
      const bend = u * ctx.rng.range(-1, 1);
      body += `<path d="M${n(x)},${n(y)}q${n(bend)},${n(len / 2)} ${n(bend * 0.3)},${n(len)}" stroke="${css(c)}" stroke-width="${n(u * 0.12)}" fill="none" opacity="0.6"/>`;
    } else {
      body += `<circle cx="${n(x)}" cy="${n(y)}" r="${n(u * ctx.rng.range(0.08, 0.3))}" fill="${css(c)}" opacity="${n(ctx.rng.range(0.4, 0.8))}"/>`;
    }
  }
  for (let i = 0; i < 2; i++) {
    const x = ctx.rng.pick([ctx.rng.range(0.04, 0.22), ctx.rng.range(0.78, 0.96)]) * ctx.width;
    body += `<line x1="${n(x)}" y1="0" x2="${n(x + u * ctx.rng.range(-2, 2))}" y2="${ctx.height}" stroke="rgb(245,240,225)" stroke-width="${n(u * 0.1)}" opacity="0.35"/>`;
  }
  return { body, blend: spec.blend ?? 'over' };
}
