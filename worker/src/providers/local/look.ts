/**
 * What a look is made of, as data: a colour grade, light, texture and SVG overlays. The renderer
 * (render-look.ts) turns a Look into pixels; looks.ts and prompt-steering.ts only describe.
 */
import type { RGB } from './colour';

/** Blend modes of sharp's composite that the overlays use. */
export type Blend = 'over' | 'screen' | 'multiply' | 'overlay' | 'soft-light' | 'add' | 'lighten' | 'darken' | 'hard-light';

export interface Grade {
  /** Brightness in stops (+1 doubles). */
  exposure?: number;
  /** -1 cold … +1 warm white balance. */
  temperature?: number;
  /** -1 green … +1 magenta. */
  tint?: number;
  /** 3×3 channel mixer, row-major (like sharp's recomb). */
  mixer?: readonly [number, number, number, number, number, number, number, number, number];
  /** Rotate every hue by this many degrees. */
  hueShift?: number;
  /** Midtone gamma: below 1 brightens the midtones. */
  gamma?: number;
  /** S-curve strength, -1 (flat) … 1 (punchy). */
  contrast?: number;
  /** Positive lifts the black point (matte, faded film); negative crushes the shadows. */
  blacks?: number;
  /** Negative lowers the white point (soft, faded highlights); positive clips them brighter. */
  whites?: number;
  /** Multiplier of chroma (0 = grey, 1 = unchanged). */
  saturation?: number;
  /** Boosts muted colours more than vivid ones, -1 … 1. */
  vibrance?: number;
  /** Selective colour: hues near `hue` (degrees) keep their chroma, the others are scaled by `others`. */
  keepHue?: { hue: number; width: number; others: number };
  /** Split toning: colour pushed into the shadows / highlights, luminance kept. */
  shadows?: { colour: RGB; amount: number };
  highlights?: { colour: RGB; amount: number };
  /**
   * Luminance mapped onto a dark → (mid →) light gradient, mixed by `amount`. `midAt` is the
   * luminance that maps to `mid` (0.5 by default; a colour's own luma keeps it at full strength).
   * `protectSkin` keeps skin tones mostly as they were.
   */
  duotone?: { dark: RGB; mid?: RGB; midAt?: number; light: RGB; amount: number; protectSkin?: boolean };
}

export interface Light {
  /** Bright parts bled out through a blur and added back with 'screen'. */
  bloom?: { threshold: number; strength: number; radius: number; tint?: RGB };
  /** Darkened (or coloured) corners; `size` is where the falloff starts, 0–1 of the half-diagonal. */
  vignette?: { amount: number; size?: number; colour?: RGB };
}

/** Filters on the pixels before the grade. */
export interface Prefilter {
  /**
   * Cel-shaded / comic look (cel-shade.ts): smoothing (Kuwahara radius `smooth` in px), luminance
   * in `levels` bands and chroma in steps of `chromaStep`, and ink lines of opacity `edges` where
   * the luminance changes faster than `edgeThreshold` (1 = normal, higher = fewer lines),
   * `thickness` px thick.
   */
  cel?: { smooth: number; levels: number; chromaStep?: number; edges: number; edgeThreshold: number; thickness?: number; edgeColour?: RGB };
  /** Local contrast (unsharp mask), 0–2. */
  clarity?: number;
  /** Soft-focus glow: a blurred copy mixed in, 0–1. */
  soften?: number;
  /** Blur that grows towards the edges (tilt-shift / dream), 0–1. */
  edgeBlur?: number;
}

/** Texture applied at the end, over everything. */
export interface Texture {
  grain?: { amount: number; colour?: boolean };
  scanlines?: { spacing: number; amount: number };
  /** Lateral chromatic aberration in pixels at the left and right edges. */
  chroma?: number;
  /** Displaced horizontal bands with an RGB split. */
  glitch?: { bands: number; maxShift: number; split: number };
}

interface OverlayBase {
  /** How the layer meets the image; each kind has a sensible default. */
  blend?: Blend;
  opacity?: number;
}

type Corner = 'tl' | 'tr' | 'bl' | 'br';

export type OverlaySpec = OverlayBase &
  (
    // particles
    | { kind: 'sparkles'; colours: readonly RGB[]; count: number; size?: number }
    | { kind: 'hearts'; colours: readonly RGB[]; count: number; size?: number }
    | { kind: 'bokeh'; colours: readonly RGB[]; count: number; size?: number }
    | { kind: 'petals'; colours: readonly RGB[]; count: number; size?: number }
    | { kind: 'rain'; colour: RGB; count: number; length?: number; angle?: number }
    | { kind: 'snow'; count: number }
    | { kind: 'embers'; colour: RGB; count: number }
    | { kind: 'dust'; count: number }
    // light
    | { kind: 'lightLeak'; colours: readonly RGB[]; corner: Corner }
    | { kind: 'sunFlare'; colour: RGB; corner: Corner }
    | { kind: 'sideLight'; left: RGB; right: RGB }
    | { kind: 'edgeWash'; colour: RGB; inner?: number }
    | { kind: 'holo'; colours: readonly RGB[] }
    | { kind: 'prism' }
    | { kind: 'sheen' }
    | { kind: 'streak'; colour: RGB }
    | { kind: 'smoke'; colour: RGB; coverage?: number }
    // frames
    | { kind: 'neonFrame'; colours: readonly [RGB, RGB] }
    | { kind: 'letterbox'; fraction: number }
    | { kind: 'border'; style: 'polaroid' | 'rounded' | 'editorial' | 'chrome'; colour: RGB }
    | { kind: 'filigree'; colour: RGB }
    | { kind: 'lace'; colour: RGB }
    | { kind: 'mirrorFrame'; colour: RGB; accent: RGB }
    // reactions (anime)
    | { kind: 'teardrops'; colour: RGB }
    | { kind: 'shockLines'; colour: RGB; count: number }
    | { kind: 'sweatDrop'; colour: RGB }
    | { kind: 'gloomLines'; colour: RGB }
    // cyber and ink
    | { kind: 'hud'; colour: RGB }
    | { kind: 'tattoo'; colour: RGB }
    | { kind: 'glitchBlocks'; colours: readonly RGB[]; count: number }
    | { kind: 'serpentLine'; colour: RGB }
    | { kind: 'scales'; colour: RGB }
    | { kind: 'serpents'; colour: RGB; accent: RGB }
    | { kind: 'ink'; colours: readonly RGB[] }
    | { kind: 'sun'; colour: RGB; corner: Corner }
    | { kind: 'seal'; colour: RGB }
  );

export type OverlayKind = OverlaySpec['kind'];

export interface Look {
  /** For logs and the contact sheet. */
  name: string;
  prefilter?: Prefilter;
  grade: Grade;
  light?: Light;
  /** Drawn in order, after the grade and the bloom, before the texture. */
  overlays?: readonly OverlaySpec[];
  texture?: Texture;
  /** The final image is greyscale (black and white, noir). */
  monochrome?: boolean;
}
