/**
 * A Look from free words, for custom prompts, weekly presets and Studio edits: colours named,
 * moods, times of day, film and black-and-white, edit instructions. Cues add up on a gentle base;
 * a prompt with no cue gets one of a few house grades picked by its hash. Deterministic.
 */
import { coloursIn, luma, mix, phrasePattern, type RGB } from './colour';
import type { Look, OverlaySpec } from './look';
import { hashString } from './rng';

interface Tint {
  colour: RGB;
  amount: number;
}

/** Accumulates the cues' contributions; `build()` clamps and averages them into a Look. */
class LookBuilder {
  exposure = 0;
  temperature = 0;
  tint = 0;
  contrast = 0.12;
  blacks = 0;
  whites = 0;
  saturation = 1;
  vibrance = 0.2;
  shadows: Tint[] = [];
  highlights: Tint[] = [];
  bloom = { threshold: 0.75, strength: 0.18, radius: 0.03, tint: undefined as RGB | undefined };
  vignette = 0.22;
  vignetteColour: RGB | undefined;
  grain = 0.02;
  colourGrain = false;
  clarity = 0;
  soften = 0;
  edgeBlur = 0;
  cel = false;
  scanlines = 0;
  chroma = 0;
  glitch = false;
  monochrome = false;
  sepia = false;
  overlays = new Map<string, OverlaySpec>();
  names: string[] = [];

  overlay(spec: OverlaySpec, key: string = spec.kind): void {
    if (!this.overlays.has(key)) this.overlays.set(key, spec);
  }

  glow(threshold: number, strength: number, tint?: RGB): void {
    this.bloom.threshold = Math.min(this.bloom.threshold, threshold);
    this.bloom.strength = Math.max(this.bloom.strength, strength);
    if (tint) this.bloom.tint = tint;
  }

  build(): Look {
    const clamp = (v: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, v));
    const average = (tints: Tint[]): { colour: RGB; amount: number } | undefined => {
      const total = tints.reduce((s, t) => s + t.amount, 0);
      if (total <= 0) return undefined;
      let colour: RGB = [0, 0, 0];
      for (const t of tints) colour = [colour[0] + (t.colour[0] * t.amount) / total, colour[1] + (t.colour[1] * t.amount) / total, colour[2] + (t.colour[2] * t.amount) / total];
      return { colour, amount: Math.min(0.5, total) };
    };
    const shadows = average(this.shadows);
    const highlights = average(this.highlights);
    const look: Look = {
      name: this.names.length ? this.names.join(' + ') : 'house',
      grade: {
        exposure: clamp(this.exposure, -0.7, 0.6),
        temperature: clamp(this.temperature, -0.6, 0.6),
        tint: clamp(this.tint, -0.5, 0.5),
        contrast: clamp(this.contrast, -0.4, 0.7),
        blacks: clamp(this.blacks, -0.1, 0.16),
        whites: clamp(this.whites, -0.15, 0.05),
        saturation: clamp(this.saturation, 0, 1.6),
        vibrance: clamp(this.vibrance, -0.5, 0.7),
        ...(shadows ? { shadows } : {}),
        ...(highlights ? { highlights } : {}),
        ...(this.sepia ? { duotone: { dark: [40, 25, 15] as RGB, mid: [150, 110, 70] as RGB, light: [250, 235, 205] as RGB, amount: 0.85 } } : {}),
      },
      light: {
        bloom: { threshold: this.bloom.threshold, strength: clamp(this.bloom.strength, 0, 0.6), radius: this.bloom.radius, ...(this.bloom.tint ? { tint: this.bloom.tint } : {}) },
        vignette: { amount: clamp(this.vignette, 0, 0.85), ...(this.vignetteColour ? { colour: this.vignetteColour } : {}) },
      },
      overlays: [...this.overlays.values()],
      texture: {
        // Cel colours are flat: grain would bring back the gradients the look removes.
        ...(this.cel ? {} : { grain: { amount: clamp(this.grain, 0, 0.09), colour: this.colourGrain } }),
        ...(this.scanlines ? { scanlines: { spacing: 4, amount: this.scanlines } } : {}),
        ...(this.chroma ? { chroma: this.chroma } : {}),
        ...(this.glitch ? { glitch: { bands: 18, maxShift: 40, split: 6 } } : {}),
      },
      monochrome: this.monochrome,
    };
    const prefilter = {
      ...(this.cel ? { cel: { smooth: 3, levels: 5, chromaStep: 18, edges: 0.85, edgeThreshold: 1, thickness: 1 } } : {}),
      ...(this.clarity ? { clarity: clamp(this.clarity, 0, 1.5) } : {}),
      ...(this.soften ? { soften: clamp(this.soften, 0, 0.7) } : {}),
      ...(this.edgeBlur ? { edgeBlur: clamp(this.edgeBlur, 0, 0.6) } : {}),
    };
    if (Object.keys(prefilter).length) look.prefilter = prefilter;
    return look;
  }
}

interface Cue {
  name: string;
  phrases: readonly string[];
  apply(b: LookBuilder): void;
}

const PINK: RGB = [255, 120, 190];
const CYAN: RGB = [0, 200, 255];

/** Cues, multi-word phrases before the words inside them. */
const CUES: readonly Cue[] = [
  { name: 'black and white', phrases: ['black and white', 'black & white', 'b&w', 'b/w', 'monochrome', 'grayscale', 'greyscale', 'noir'], apply: (b) => { b.monochrome = true; b.contrast += 0.25; b.vignette += 0.2; b.grain += 0.025; } },
  { name: 'golden hour', phrases: ['golden hour', 'golden light'], apply: (b) => { b.temperature += 0.3; b.exposure += 0.08; b.highlights.push({ colour: [255, 195, 90], amount: 0.3 }); b.shadows.push({ colour: [90, 60, 120], amount: 0.1 }); b.glow(0.55, 0.4, [255, 190, 100]); b.overlay({ kind: 'sunFlare', colour: [255, 185, 90], corner: 'tr', opacity: 0.75 }); } },
  { name: 'blue hour', phrases: ['blue hour', 'twilight', 'dusk'], apply: (b) => { b.temperature -= 0.25; b.exposure -= 0.15; b.shadows.push({ colour: [40, 60, 160], amount: 0.3 }); b.highlights.push({ colour: [255, 170, 200], amount: 0.12 }); } },
  { name: 'sunset', phrases: ['sunset', 'sundown', 'evening sun'], apply: (b) => { b.temperature += 0.35; b.highlights.push({ colour: [255, 130, 60], amount: 0.3 }); b.shadows.push({ colour: [110, 40, 120], amount: 0.2 }); b.glow(0.58, 0.35, [255, 140, 80]); b.overlay({ kind: 'lightLeak', colours: [[255, 110, 50], [255, 60, 110]], corner: 'tr', opacity: 0.55 }); } },
  { name: 'dawn', phrases: ['dawn', 'sunrise', 'morning light', 'early morning'], apply: (b) => { b.exposure += 0.1; b.blacks += 0.04; b.temperature += 0.1; b.highlights.push({ colour: [255, 190, 180], amount: 0.25 }); b.shadows.push({ colour: [120, 150, 220], amount: 0.2 }); b.glow(0.6, 0.3, [255, 210, 200]); } },
  { name: 'night', phrases: ['night', 'midnight', 'nighttime', 'moonlight', 'moonlit', 'after dark'], apply: (b) => { b.exposure -= 0.35; b.temperature -= 0.25; b.contrast += 0.15; b.saturation *= 0.9; b.shadows.push({ colour: [20, 40, 130], amount: 0.35 }); b.vignette += 0.25; } },
  { name: 'daylight', phrases: ['sunny', 'noon', 'midday', 'daylight', 'summer', 'tropical', 'beach'], apply: (b) => { b.exposure += 0.15; b.temperature += 0.12; b.vibrance += 0.2; b.shadows.push({ colour: [30, 120, 140], amount: 0.12 }); } },
  { name: 'neon', phrases: ['neon', 'cyberpunk', 'synthwave', 'futuristic', 'sci-fi', 'scifi', 'blade runner'], apply: (b) => { b.exposure -= 0.2; b.contrast += 0.25; b.saturation *= 1.15; b.shadows.push({ colour: [0, 80, 150], amount: 0.35 }); b.highlights.push({ colour: [255, 60, 190], amount: 0.2 }); b.glow(0.6, 0.4, [255, 60, 200]); b.overlay({ kind: 'sideLight', left: [255, 30, 170], right: [0, 170, 255], opacity: 0.6 }); b.chroma = Math.max(b.chroma, 1.2); } },
  { name: 'vaporwave', phrases: ['vaporwave', 'y2k', 'holographic', 'iridescent'], apply: (b) => { b.blacks += 0.06; b.highlights.push({ colour: PINK, amount: 0.2 }); b.shadows.push({ colour: [90, 200, 220], amount: 0.2 }); b.overlay({ kind: 'holo', colours: [[255, 170, 220], [190, 170, 255], [150, 230, 255]], opacity: 0.7 }); } },
  { name: 'cinematic', phrases: ['cinematic', 'movie', 'film still', 'blockbuster', 'hollywood', 'anamorphic'], apply: (b) => { b.contrast += 0.2; b.shadows.push({ colour: [0, 110, 130], amount: 0.35 }); b.highlights.push({ colour: [255, 170, 90], amount: 0.25 }); b.vignette += 0.15; b.grain += 0.02; b.overlay({ kind: 'letterbox', fraction: 0.07 }); } },
  { name: 'film', phrases: ['film', 'analog', 'analogue', '35mm', 'kodak', 'portra', 'fuji', 'polaroid', 'disposable camera'], apply: (b) => { b.blacks += 0.05; b.whites -= 0.03; b.grain += 0.035; b.colourGrain = true; b.highlights.push({ colour: [255, 215, 170], amount: 0.12 }); b.shadows.push({ colour: [40, 90, 90], amount: 0.12 }); } },
  { name: 'vintage', phrases: ['vintage', 'retro', 'nostalgic', '70s', '80s', '90s', 'old photo', 'faded', 'seventies'], apply: (b) => { b.blacks += 0.09; b.whites -= 0.07; b.temperature += 0.2; b.saturation *= 0.78; b.grain += 0.04; b.shadows.push({ colour: [70, 100, 60], amount: 0.2 }); b.highlights.push({ colour: [255, 215, 150], amount: 0.2 }); b.overlay({ kind: 'dust', count: 60 }); b.overlay({ kind: 'lightLeak', colours: [[255, 100, 40], [255, 190, 80]], corner: 'bl', opacity: 0.45 }); } },
  { name: 'sepia', phrases: ['sepia', 'antique', 'daguerreotype', 'victorian photo'], apply: (b) => { b.sepia = true; b.blacks += 0.05; b.grain += 0.04; b.vignette += 0.25; } },
  { name: 'moody', phrases: ['moody', 'dramatic', 'dark', 'brooding', 'mysterious', 'intense', 'gritty'], apply: (b) => { b.contrast += 0.25; b.exposure -= 0.2; b.saturation *= 0.85; b.vignette += 0.3; b.shadows.push({ colour: [20, 60, 80], amount: 0.2 }); b.clarity += 0.4; } },
  { name: 'dreamy', phrases: ['dreamy', 'dreamlike', 'ethereal', 'dream', 'soft focus', 'fairy', 'angelic', 'heavenly', 'whimsical'], apply: (b) => { b.contrast -= 0.15; b.blacks += 0.08; b.exposure += 0.1; b.saturation *= 0.88; b.soften += 0.35; b.edgeBlur += 0.4; b.glow(0.45, 0.45, [255, 225, 245]); b.highlights.push({ colour: [255, 215, 240], amount: 0.18 }); b.overlay({ kind: 'bokeh', colours: [[255, 215, 240], [215, 205, 255], [255, 240, 215]], count: 14 }); } },
  { name: 'happy', phrases: ['happy', 'cheerful', 'joyful', 'bright', 'vibrant', 'colorful', 'colourful', 'playful', 'fun', 'sunshine'], apply: (b) => { b.exposure += 0.15; b.vibrance += 0.3; b.saturation *= 1.12; b.temperature += 0.08; b.contrast += 0.05; } },
  { name: 'calm', phrases: ['calm', 'serene', 'peaceful', 'minimal', 'clean', 'airy'], apply: (b) => { b.contrast -= 0.08; b.exposure += 0.1; b.blacks += 0.03; b.saturation *= 0.92; } },
  { name: 'pastel', phrases: ['pastel', 'soft colors', 'soft colours', 'candy'], apply: (b) => { b.blacks += 0.1; b.contrast -= 0.12; b.saturation *= 0.75; b.exposure += 0.12; b.highlights.push({ colour: PINK, amount: 0.12 }); b.shadows.push({ colour: [150, 190, 240], amount: 0.15 }); } },
  { name: 'sad', phrases: ['sad', 'melancholy', 'melancholic', 'lonely', 'gloomy', 'rainy day'], apply: (b) => { b.saturation *= 0.7; b.temperature -= 0.2; b.exposure -= 0.1; b.shadows.push({ colour: [60, 80, 130], amount: 0.25 }); } },
  { name: 'horror', phrases: ['horror', 'creepy', 'spooky', 'haunted', 'eerie', 'zombie', 'halloween'], apply: (b) => { b.saturation *= 0.6; b.tint -= 0.3; b.contrast += 0.3; b.exposure -= 0.25; b.vignette += 0.4; b.shadows.push({ colour: [20, 70, 40], amount: 0.3 }); b.overlay({ kind: 'smoke', colour: [180, 200, 180], coverage: 0.45, opacity: 0.5 }); } },
  { name: 'romantic', phrases: ['romantic', 'love', 'valentine', 'hearts', 'in love'], apply: (b) => { b.tint += 0.15; b.temperature += 0.1; b.highlights.push({ colour: [255, 180, 200], amount: 0.22 }); b.glow(0.55, 0.35, [255, 180, 210]); b.overlay({ kind: 'hearts', colours: [[255, 80, 130], [255, 140, 180]], count: 12 }); } },
  { name: 'magic', phrases: ['magic', 'magical', 'sparkle', 'sparkles', 'sparkling', 'glitter', 'stars', 'fantasy', 'enchanted'], apply: (b) => { b.glow(0.5, 0.45); b.overlay({ kind: 'sparkles', colours: [[255, 235, 170], [255, 255, 255], [210, 225, 255]], count: 22 }); } },
  { name: 'space', phrases: ['space', 'galaxy', 'cosmic', 'nebula', 'astronaut', 'universe'], apply: (b) => { b.exposure -= 0.15; b.contrast += 0.2; b.shadows.push({ colour: [60, 20, 130], amount: 0.35 }); b.highlights.push({ colour: [160, 210, 255], amount: 0.15 }); b.overlay({ kind: 'sparkles', colours: [[255, 255, 255], [200, 190, 255]], count: 18, size: 0.6 }); } },
  { name: 'flowers', phrases: ['flower', 'flowers', 'floral', 'petals', 'blossom', 'blossoms', 'spring', 'garden', 'sakura', 'cherry blossom'], apply: (b) => { b.vibrance += 0.2; b.highlights.push({ colour: [255, 200, 215], amount: 0.12 }); b.overlay({ kind: 'petals', colours: [[255, 150, 190], [255, 200, 220], [250, 110, 160]], count: 22 }); } },
  { name: 'autumn', phrases: ['autumn', 'fall', 'cozy', 'cosy', 'warm', 'warmth', 'candlelight', 'fireplace'], apply: (b) => { b.temperature += 0.28; b.highlights.push({ colour: [255, 170, 80], amount: 0.18 }); b.shadows.push({ colour: [90, 50, 30], amount: 0.12 }); } },
  { name: 'cold', phrases: ['cold', 'cool', 'icy', 'ice', 'winter', 'frozen', 'frost', 'frosty', 'arctic'], apply: (b) => { b.temperature -= 0.35; b.saturation *= 0.9; b.highlights.push({ colour: [200, 230, 255], amount: 0.2 }); b.shadows.push({ colour: [30, 70, 130], amount: 0.2 }); } },
  { name: 'snow', phrases: ['snow', 'snowy', 'snowfall', 'snowing'], apply: (b) => { b.exposure += 0.1; b.temperature -= 0.15; b.overlay({ kind: 'snow', count: 120 }); } },
  { name: 'rain', phrases: ['rain', 'rainy', 'storm', 'stormy', 'drizzle', 'wet'], apply: (b) => { b.temperature -= 0.12; b.contrast += 0.1; b.overlay({ kind: 'rain', colour: [210, 225, 255], count: 90, opacity: 0.6 }); } },
  { name: 'fire', phrases: ['fire', 'flame', 'flames', 'ember', 'embers', 'burning', 'inferno', 'lava'], apply: (b) => { b.temperature += 0.35; b.contrast += 0.2; b.highlights.push({ colour: [255, 120, 30], amount: 0.25 }); b.glow(0.55, 0.4, [255, 120, 40]); b.overlay({ kind: 'embers', colour: [255, 110, 30], count: 45 }); } },
  { name: 'smoke', phrases: ['smoke', 'smoky', 'fog', 'foggy', 'mist', 'misty', 'haze', 'hazy'], apply: (b) => { b.blacks += 0.07; b.contrast -= 0.08; b.overlay({ kind: 'smoke', colour: [225, 225, 230], coverage: 0.5, opacity: 0.6 }); } },
  { name: 'underwater', phrases: ['underwater', 'ocean', 'sea', 'aquatic', 'mermaid'], apply: (b) => { b.temperature -= 0.25; b.tint -= 0.15; b.shadows.push({ colour: [0, 90, 120], amount: 0.35 }); b.highlights.push({ colour: [150, 240, 230], amount: 0.2 }); b.overlay({ kind: 'bokeh', colours: [[180, 240, 255], [120, 220, 230]], count: 14 }); } },
  { name: 'forest', phrases: ['forest', 'jungle', 'woods', 'nature', 'botanical'], apply: (b) => { b.tint -= 0.15; b.shadows.push({ colour: [20, 80, 40], amount: 0.25 }); b.highlights.push({ colour: [230, 240, 180], amount: 0.12 }); } },
  { name: 'desert', phrases: ['desert', 'dune', 'dunes', 'sahara', 'western'], apply: (b) => { b.temperature += 0.3; b.saturation *= 0.9; b.highlights.push({ colour: [255, 200, 130], amount: 0.22 }); b.blacks += 0.04; } },
  { name: 'glitch', phrases: ['glitch', 'glitchy', 'datamosh', 'corrupted'], apply: (b) => { b.glitch = true; b.chroma = Math.max(b.chroma, 2.5); } },
  { name: 'vhs', phrases: ['vhs', 'crt', 'scanlines', 'retro tv', 'camcorder'], apply: (b) => { b.scanlines = 0.22; b.chroma = Math.max(b.chroma, 2.5); b.blacks += 0.04; b.saturation *= 0.9; } },
  { name: 'hud', phrases: ['hud', 'cyborg', 'android', 'robot', 'hologram'], apply: (b) => { b.overlay({ kind: 'hud', colour: CYAN }); } },
  { name: 'tattoo', phrases: ['tattoo', 'tattoos', 'tattooed', 'ink'], apply: (b) => { b.overlay({ kind: 'tattoo', colour: [255, 60, 200] }); } },
  { name: 'cel', phrases: ['cel shaded', 'cel-shaded', 'cel shading', 'anime', 'ghibli', 'cartoon', 'illustration', 'illustrated', 'oil painting', 'painting', 'painted', 'painterly', 'watercolor', 'watercolour', 'comic book', 'comic', 'manga', 'toon', 'cel'], apply: (b) => { b.cel = true; b.vibrance += 0.25; b.exposure += 0.05; } },
  { name: 'luxury', phrases: ['luxury', 'luxurious', 'royal', 'regal', 'baroque', 'opulent', 'art deco'], apply: (b) => { b.highlights.push({ colour: [255, 200, 110], amount: 0.18 }); b.contrast += 0.1; b.overlay({ kind: 'filigree', colour: [222, 178, 92] }); } },
  { name: 'editorial', phrases: ['editorial', 'fashion', 'vogue', 'magazine', 'high fashion', 'studio portrait', 'professional'], apply: (b) => { b.contrast += 0.15; b.clarity += 0.3; b.saturation *= 0.92; b.exposure += 0.05; } },
  // Studio edit instructions.
  { name: 'brighter', phrases: ['brighter', 'brighten', 'lighter', 'lighten', 'more light', 'exposure up'], apply: (b) => { b.exposure += 0.35; b.blacks += 0.02; } },
  { name: 'darker', phrases: ['darker', 'darken', 'dimmer', 'less bright'], apply: (b) => { b.exposure -= 0.35; } },
  { name: 'contrast', phrases: ['more contrast', 'high contrast', 'punchy', 'contrasty', 'pop'], apply: (b) => { b.contrast += 0.3; } },
  { name: 'saturate', phrases: ['more saturated', 'saturated', 'saturate', 'vivid', 'more color', 'more colour', 'richer colors', 'richer colours'], apply: (b) => { b.saturation *= 1.3; b.vibrance += 0.2; } },
  { name: 'desaturate', phrases: ['desaturate', 'desaturated', 'muted', 'washed out', 'less color', 'less colour', 'subtle colors'], apply: (b) => { b.saturation *= 0.6; } },
  { name: 'sharpen', phrases: ['sharpen', 'sharper', 'crisp', 'crisper', 'more detail', 'hdr', 'enhance details'], apply: (b) => { b.clarity += 0.8; } },
  { name: 'smooth', phrases: ['smooth skin', 'soften', 'softer', 'retouch', 'glow', 'glowing', 'beauty'], apply: (b) => { b.soften += 0.35; b.glow(0.6, 0.3); } },
  { name: 'blur background', phrases: ['blur the background', 'blur background', 'blurred background', 'bokeh', 'depth of field', 'portrait mode'], apply: (b) => { b.edgeBlur += 0.6; } },
  { name: 'vignette', phrases: ['vignette'], apply: (b) => { b.vignette += 0.35; } },
  { name: 'grain', phrases: ['grain', 'grainy', 'noise'], apply: (b) => { b.grain += 0.04; } },
];

/** House grades for prompts with no cue at all ("Transform this image"). */
const HOUSE: ReadonlyArray<{ name: string; apply(b: LookBuilder): void }> = [
  { name: 'house: clean glow', apply: (b) => { b.exposure += 0.06; b.vibrance += 0.1; b.glow(0.68, 0.28); b.highlights.push({ colour: [255, 232, 210], amount: 0.12 }); } },
  { name: 'house: warm film', apply: (b) => { b.temperature += 0.15; b.blacks += 0.04; b.grain += 0.02; b.highlights.push({ colour: [255, 205, 160], amount: 0.18 }); b.shadows.push({ colour: [30, 100, 110], amount: 0.15 }); } },
  { name: 'house: soft matte', apply: (b) => { b.blacks += 0.07; b.whites -= 0.03; b.contrast -= 0.02; b.saturation *= 0.92; b.highlights.push({ colour: [250, 228, 215], amount: 0.15 }); b.shadows.push({ colour: [90, 80, 130], amount: 0.12 }); } },
  { name: 'house: crisp cool', apply: (b) => { b.temperature -= 0.1; b.contrast += 0.1; b.clarity += 0.4; b.vibrance += 0.1; b.shadows.push({ colour: [20, 70, 110], amount: 0.15 }); } },
];

/** Replaces every match of a phrase with spaces, and says whether there was one. */
function consume(text: { value: string }, phrase: string): boolean {
  let hit = false;
  text.value = text.value.replace(phrasePattern(phrase), (m: string) => {
    hit = true;
    return ' '.repeat(m.length);
  });
  return hit;
}

/** The text with cue phrases that contain colour words blanked ('golden hour', 'black and white'). */
function withoutCuePhrases(prompt: string): { value: string; matched: Cue[] } {
  const text = { value: prompt.toLowerCase() };
  const matched: Cue[] = [];
  for (const cue of CUES) {
    let hit = false;
    for (const phrase of cue.phrases) if (consume(text, phrase)) hit = true;
    if (hit) matched.push(cue);
  }
  return { value: text.value, matched };
}

const NEUTRALS = new Set(['black', 'white', 'grey', 'gray', 'silver', 'charcoal', 'ivory', 'cream']);

/**
 * The colour a prompt is about: the most mentioned chromatic colour (first on a tie), a neutral
 * one only when nothing else is named. Undefined when no colour is named.
 */
export function dominantColour(prompt: string): RGB | undefined {
  const text = withoutCuePhrases(prompt).value;
  const ranked = coloursIn(text)
    .map(({ name, rgb, index }) => ({ name, rgb, first: index, count: (text.match(phrasePattern(name)) ?? []).length }))
    .sort((x, y) => Number(NEUTRALS.has(x.name)) - Number(NEUTRALS.has(y.name)) || y.count - x.count || x.first - y.first);
  return ranked[0]?.rgb;
}

/** A Look for free text. */
export function lookFromPrompt(prompt: string): Look {
  const b = new LookBuilder();
  const { value: rest, matched } = withoutCuePhrases(prompt);
  for (const cue of matched) {
    cue.apply(b);
    b.names.push(cue.name);
  }
  const colours = coloursIn(rest).slice(0, 3);
  colours.forEach(({ name, rgb }, i) => {
    b.names.push(name);
    if (name === 'black' || name === 'charcoal') {
      b.contrast += 0.12;
      b.blacks -= 0.03;
      return;
    }
    if (name === 'white' || name === 'ivory' || name === 'cream') {
      b.exposure += 0.1;
      b.highlights.push({ colour: [255, 248, 240], amount: 0.1 });
      return;
    }
    if (name === 'grey' || name === 'gray' || name === 'silver') {
      b.saturation *= 0.7;
      return;
    }
    const weight = i === 0 ? 1 : 0.6;
    b.highlights.push({ colour: mix(rgb, [255, 255, 255], 0.25), amount: 0.3 * weight });
    b.shadows.push({ colour: mix(rgb, [0, 0, 0], 0.35), amount: 0.28 * weight });
    b.temperature += (0.22 * weight * (rgb[0] - rgb[2])) / 255;
    if (i === 0) {
      b.glow(0.62, 0.3, rgb);
      b.overlay({ kind: 'edgeWash', colour: rgb, inner: 0.4, blend: 'soft-light', opacity: luma(rgb) > 0.6 ? 0.6 : 0.8 }, 'colour-wash');
    }
  });
  if (matched.length === 0 && colours.length === 0) {
    const house = HOUSE[hashString(prompt.trim().toLowerCase()) % HOUSE.length]!;
    house.apply(b);
    b.names.push(house.name);
  }
  if (b.monochrome) b.overlays.delete('colour-wash');
  return b.build();
}
