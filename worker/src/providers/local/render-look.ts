/**
 * Turns a Look into pixels: prefilters, the grade, bloom and SVG overlays composited with blend
 * modes, then texture. Works on one raw RGB frame; sharp does the blurs, the median and the SVG
 * rasterising, plain loops do the per-pixel maths.
 */
import sharp from 'sharp';
import { applyGrade } from './grade';
import type { Blend, Look } from './look';
import type { FaceZone } from './face-locate';
import { drawOverlay, svgDocument, type OverlayContext, type RasterLayer, type SvgLayer } from './overlays/index';
import { faceDistance } from './overlays/svg-kit';
import { celShade } from './cel-shade';
import type { Frame } from './frame';
import { chromaticAberration, glitch, grain, mixFrames, monochrome, scanlines, screenFrames } from './pixel-effects';
import type { Rng } from './rng';

export interface RenderOptions {
  /** Places the decorations (sparkles, petals, strokes, glitch bands): stable for a run. */
  rng: Rng;
  /** The grain: differs between attempts, so retries differ slightly. */
  detailRng?: Rng;
  /** The ellipse around the face that decoration keeps clear of. */
  face: FaceZone;
  signal?: AbortSignal;
}

function raw(frame: Frame): sharp.Sharp {
  return sharp(frame.data, { raw: { width: frame.width, height: frame.height, channels: 3 } });
}

async function toFrame(image: sharp.Sharp, width: number, height: number): Promise<Uint8Array> {
  const { data, info } = await image.removeAlpha().raw().toBuffer({ resolveWithObject: true });
  if (info.channels !== 3 || info.width !== width || info.height !== height) {
    throw new Error(`unexpected raw frame ${info.width}×${info.height}×${info.channels}`);
  }
  return new Uint8Array(data.buffer, data.byteOffset, data.byteLength);
}

/** A gaussian blur of the frame, done at a quarter size when the radius is large (same look, much faster). */
async function blurred(frame: Frame, sigma: number): Promise<Uint8Array> {
  const { width, height } = frame;
  if (sigma < 6) return toFrame(raw(frame).blur(Math.max(0.3, sigma)), width, height);
  const small = await raw(frame)
    .resize(Math.max(1, Math.round(width / 4)), Math.max(1, Math.round(height / 4)), { kernel: 'linear' })
    .blur(Math.max(0.3, sigma / 4))
    .raw()
    .toBuffer({ resolveWithObject: true });
  return toFrame(sharp(small.data, { raw: { width: small.info.width, height: small.info.height, channels: 3 } }).resize(width, height, { fit: 'fill', kernel: 'linear' }), width, height);
}

async function prefilter(frame: Frame, look: Look, options: RenderOptions): Promise<void> {
  const pre = look.prefilter;
  if (!pre) return;
  const long = Math.max(frame.width, frame.height);
  if (pre.cel) await celShade(frame, pre.cel, options.face);
  if (pre.clarity) {
    // Local contrast: push each pixel away from a wide blur of itself.
    const soft = await blurred(frame, long * 0.012);
    const k = pre.clarity * 0.6;
    const { data } = frame;
    for (let i = 0; i < data.length; i++) {
      const v = data[i]! + (data[i]! - soft[i]!) * k;
      data[i] = v <= 0 ? 0 : v >= 255 ? 255 : (v + 0.5) | 0;
    }
  }
  if (pre.soften) {
    const soft = await blurred(frame, long * 0.01);
    mixFrames(frame, soft, pre.soften * 0.35);
    screenFrames(frame, soft, pre.soften * 0.3);
  }
  if (pre.edgeBlur) {
    const soft = await blurred(frame, long * 0.014);
    const ctx = overlayContext(frame, options);
    mixFrames(frame, soft, pre.edgeBlur, (x, y) => {
      const d = faceDistance(ctx, x, y);
      return d < 0.9 ? 0 : d > 1.8 ? 1 : (d - 0.9) / 0.9;
    });
  }
}

function overlayContext(frame: Frame, options: RenderOptions): OverlayContext {
  return { width: frame.width, height: frame.height, face: options.face, rng: options.rng };
}

/** The bright-pass of the frame, blurred: added back with 'screen' it makes highlights glow. */
async function bloomLayer(frame: Frame, bloom: NonNullable<NonNullable<Look['light']>['bloom']>): Promise<Uint8Array> {
  const { data } = frame;
  const bright = new Uint8Array(data.length);
  const t = bloom.threshold;
  const span = Math.max(0.05, 1 - t);
  const tint = bloom.tint;
  for (let i = 0; i < data.length; i += 3) {
    const l = (0.2126 * data[i]! + 0.7152 * data[i + 1]! + 0.0722 * data[i + 2]!) / 255;
    if (l <= t) continue;
    const k = Math.min(1, (l - t) / span) * bloom.strength;
    for (let c = 0; c < 3; c++) {
      const v = tint ? (data[i + c]! + tint[c]!) / 2 : data[i + c]!;
      bright[i + c] = Math.min(255, v * k * 1.4);
    }
  }
  const long = Math.max(frame.width, frame.height);
  return blurred({ data: bright, width: frame.width, height: frame.height }, long * bloom.radius);
}

interface Layer {
  input: Buffer;
  blend: Blend;
  raw?: { width: number; height: number; channels: 3 | 4 };
}

/** A soft layer drawn small (cheap), blurred there, stretched to the frame. */
async function rasteriseSoft(layer: SvgLayer, ctx: OverlayContext, opacity: number): Promise<Layer> {
  const blur = layer.blur ?? 0;
  const scale = layer.scale ?? 1;
  let image = sharp(Buffer.from(svgDocument(ctx, layer, opacity)));
  if (blur > 0) image = image.blur(Math.max(0.3, blur * scale));
  const small = await image.raw().toBuffer({ resolveWithObject: true });
  return stretch({ data: small.data, width: small.info.width, height: small.info.height }, ctx, layer.blend);
}

async function stretch(raster: RasterLayer['raster'], ctx: OverlayContext, blend: Blend): Promise<Layer> {
  const { width, height } = ctx;
  const input = raster.width === width && raster.height === height
    ? Buffer.from(raster.data.buffer, raster.data.byteOffset, raster.data.byteLength)
    : await sharp(raster.data, { raw: { width: raster.width, height: raster.height, channels: 4 } }).resize(width, height, { fit: 'fill', kernel: 'linear' }).raw().toBuffer();
  return { input, blend, raw: { width, height, channels: 4 } };
}

/**
 * The overlays as composite inputs, in order. Consecutive crisp SVG layers with the same blend
 * are drawn as one document (fewer rasterisations); soft and raster layers are drawn small and
 * stretched, in parallel.
 */
async function overlayLayers(frame: Frame, look: Look, options: RenderOptions): Promise<Layer[]> {
  const ctx = overlayContext(frame, options);
  const pending: Array<Promise<Layer> | Layer> = [];
  let crisp: { blend: Blend; defs: string[]; bodies: string[] } | null = null;
  const flush = () => {
    if (!crisp) return;
    const doc = svgDocument(ctx, { body: crisp.bodies.join(''), defs: crisp.defs.join(''), blend: crisp.blend });
    pending.push({ input: Buffer.from(doc), blend: crisp.blend });
    crisp = null;
  };
  for (const spec of look.overlays ?? []) {
    const opacity = spec.opacity ?? 1;
    for (const layer of drawOverlay(spec, ctx)) {
      if ('raster' in layer) {
        flush();
        const { data } = layer.raster;
        if (opacity < 1) for (let i = 3; i < data.length; i += 4) data[i] = Math.round(data[i]! * opacity);
        pending.push(stretch(layer.raster, ctx, layer.blend));
      } else if ((layer.blur ?? 0) > 0 || (layer.scale ?? 1) < 1) {
        flush();
        pending.push(rasteriseSoft(layer, ctx, opacity));
      } else {
        if (crisp && crisp.blend !== layer.blend) flush();
        crisp ??= { blend: layer.blend, defs: [], bodies: [] };
        crisp.defs.push(layer.defs ?? '');
        crisp.bodies.push(opacity < 1 ? `<g opacity="${Math.round(opacity * 100) / 100}">${layer.body}</g>` : layer.body);
      }
    }
  }
  flush();
  return Promise.all(pending);
}

/** Renders `look` onto `frame` (modified in place and returned). */
export async function renderLook(frame: Frame, look: Look, options: RenderOptions): Promise<Frame> {
  const { signal } = options;
  await prefilter(frame, look, options);
  signal?.throwIfAborted();

  applyGrade(frame.data, frame.width, frame.height, look.grade, look.light?.vignette);
  signal?.throwIfAborted();

  const layers: Layer[] = [];
  if (look.light?.bloom) {
    const glow = await bloomLayer(frame, look.light.bloom);
    layers.push({ input: Buffer.from(glow.buffer, glow.byteOffset, glow.byteLength), blend: 'screen', raw: { width: frame.width, height: frame.height, channels: 3 } });
  }
  layers.push(...(await overlayLayers(frame, look, options)));
  signal?.throwIfAborted();
  if (layers.length > 0) {
    frame.data = await toFrame(raw(frame).composite(layers.map((l) => (l.raw ? { input: l.input, raw: l.raw, blend: l.blend } : { input: l.input, blend: l.blend }))), frame.width, frame.height);
  }

  const texture = look.texture;
  if (texture?.glitch) glitch(frame, texture.glitch, options.rng, options.face);
  if (texture?.chroma) chromaticAberration(frame, texture.chroma);
  if (texture?.scanlines) scanlines(frame, texture.scanlines);
  if (look.monochrome) monochrome(frame);
  if (texture?.grain) grain(frame, { ...texture.grain, colour: look.monochrome ? false : texture.grain.colour }, options.detailRng ?? options.rng);
  return frame;
}
