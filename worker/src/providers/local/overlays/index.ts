/** Every overlay kind, drawn as an SVG layer for the renderer to rasterise and blend. */
import type { OverlaySpec } from '../look';
import { glitchBlocks, hud, scales, serpentLine, tattoo } from './cyber';
import { border, filigree, lace, letterbox, mirrorFrame, neonFrame } from './frames';
import { ink, seal, serpents, sun } from './ink';
import { edgeWash, holo, lightLeak, prism, sheen, sideLight, smoke, streak, sunFlare } from './light';
import { bokeh, dust, embers, hearts, petals, rain, snow, sparkles } from './particles';
import { gloomLines, shockLines, sweatDrop, teardrops } from './reactions';
import type { OverlayContext, OverlayLayer } from './svg-kit';

export type { OverlayContext, OverlayLayer, RasterLayer, SvgLayer } from './svg-kit';
export { svgDocument } from './svg-kit';

/** The layers of one overlay, bottom first. */
export function drawOverlay(spec: OverlaySpec, ctx: OverlayContext): OverlayLayer[] {
  const layers = draw(spec, ctx);
  return Array.isArray(layers) ? layers : [layers];
}

function draw(spec: OverlaySpec, ctx: OverlayContext): OverlayLayer | OverlayLayer[] {
  switch (spec.kind) {
    case 'sparkles': return sparkles(spec, ctx);
    case 'hearts': return hearts(spec, ctx);
    case 'bokeh': return bokeh(spec, ctx);
    case 'petals': return petals(spec, ctx);
    case 'rain': return rain(spec, ctx);
    case 'snow': return snow(spec, ctx);
    case 'embers': return embers(spec, ctx);
    case 'dust': return dust(spec, ctx);
    case 'lightLeak': return lightLeak(spec, ctx);
    case 'sunFlare': return sunFlare(spec, ctx);
    case 'sideLight': return sideLight(spec, ctx);
    case 'edgeWash': return edgeWash(spec, ctx);
    case 'holo': return holo(spec, ctx);
    case 'prism': return prism(spec, ctx);
    case 'sheen': return sheen(spec, ctx);
    case 'streak': return streak(spec, ctx);
    case 'smoke': return smoke(spec, ctx);
    case 'neonFrame': return neonFrame(spec, ctx);
    case 'letterbox': return letterbox(spec, ctx);
    case 'border': return border(spec, ctx);
    case 'filigree': return filigree(spec, ctx);
    case 'lace': return lace(spec, ctx);
    case 'mirrorFrame': return mirrorFrame(spec, ctx);
    case 'teardrops': return teardrops(spec, ctx);
    case 'shockLines': return shockLines(spec, ctx);
    case 'sweatDrop': return sweatDrop(spec, ctx);
    case 'gloomLines': return gloomLines(spec, ctx);
    case 'hud': return hud(spec, ctx);
    case 'tattoo': return tattoo(spec, ctx);
    case 'glitchBlocks': return glitchBlocks(spec, ctx);
    case 'serpentLine': return serpentLine(spec, ctx);
    case 'scales': return scales(spec, ctx);
    case 'serpents': return serpents(spec, ctx);
    case 'ink': return ink(spec, ctx);
    case 'sun': return sun(spec, ctx);
    case 'seal': return seal(spec, ctx);
  }
}
