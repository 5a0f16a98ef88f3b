/**
 * One Look per preset id, as data. Looks of a mode share a base (the Ghibli paint, the Cyber
 * Siren neon) and differ in grade, light and overlays so each preset is recognisable at a glance.
 * Colorcore is the one look built from its prompt: the colour the prompt names leads it.
 */
import { luma, mix, type RGB } from './colour';
import type { Look } from './look';
import { dominantColour } from './prompt-steering';

const GOLD: RGB = [222, 178, 92];
const WARM_WHITE: RGB = [255, 240, 220];
const TEAL: RGB = [0, 110, 130];
const NEON_PINK: RGB = [255, 40, 170];
const NEON_CYAN: RGB = [0, 230, 255];
const NEON_VIOLET: RGB = [150, 60, 255];

// ——— Unreal Reflection: dramatic, editorial, one signature ornament each ———

const syndicate: Look = {
  name: 'The Syndicate',
  prefilter: { clarity: 0.5 },
  grade: { exposure: -0.1, contrast: 0.45, blacks: -0.03, saturation: 0.75, temperature: 0.08, shadows: { colour: [20, 70, 85], amount: 0.35 }, highlights: { colour: [255, 196, 110], amount: 0.3 }, duotone: { dark: [8, 22, 26], mid: [112, 94, 64], light: [255, 230, 175], amount: 0.4 } },
  light: { bloom: { threshold: 0.68, strength: 0.35, radius: 0.03, tint: [255, 190, 110] }, vignette: { amount: 0.7, size: 0.38 } },
  overlays: [{ kind: 'filigree', colour: GOLD }],
  texture: { grain: { amount: 0.035 } },
};

const yakuzaHeir: Look = {
  name: 'Yakuza Heir',
  grade: { contrast: 0.6, blacks: -0.07, exposure: -0.05, keepHue: { hue: 355, width: 24, others: 0.04 }, saturation: 1.45, highlights: { colour: [250, 236, 214], amount: 0.25 } },
  light: { vignette: { amount: 0.45, size: 0.45 } },
  overlays: [
    { kind: 'sun', colour: [200, 25, 35], corner: 'tr', opacity: 0.9 },
    { kind: 'ink', colours: [[12, 10, 10], [190, 18, 30], [12, 10, 10], [190, 18, 30]] },
    { kind: 'seal', colour: [200, 30, 35] },
  ],
  texture: { grain: { amount: 0.045 } },
};

const gothicPact: Look = {
  name: 'The Gothic Pact',
  grade: { exposure: -0.25, contrast: 0.45, blacks: -0.02, saturation: 0.35, temperature: -0.15, shadows: { colour: [60, 20, 90], amount: 0.4 }, highlights: { colour: [225, 215, 235], amount: 0.12 }, duotone: { dark: [10, 4, 18], mid: [92, 70, 112], light: [238, 228, 242], amount: 0.35 } },
  light: { bloom: { threshold: 0.78, strength: 0.25, radius: 0.025, tint: [200, 190, 255] }, vignette: { amount: 0.75, size: 0.35, colour: [20, 0, 30] } },
  overlays: [{ kind: 'lace', colour: [8, 4, 12], opacity: 0.92 }, { kind: 'smoke', colour: [140, 110, 170], coverage: 0.45, opacity: 0.55 }],
  texture: { grain: { amount: 0.03 } },
};

const oracleOfSeoul: Look = {
  name: 'Oracle of Seoul',
  prefilter: { soften: 0.45 },
  grade: { exposure: 0.2, contrast: 0.05, blacks: 0.07, saturation: 0.85, tint: 0.12, shadows: { colour: [150, 140, 235], amount: 0.35 }, highlights: { colour: [255, 205, 232], amount: 0.25 }, duotone: { dark: [70, 55, 130], mid: [232, 170, 212], light: [255, 248, 252], amount: 0.35 } },
  light: { bloom: { threshold: 0.55, strength: 0.45, radius: 0.04, tint: [255, 220, 245] } },
  overlays: [
    { kind: 'holo', colours: [[255, 150, 210], [180, 160, 255], [130, 220, 255], [170, 255, 215]], blend: 'multiply', opacity: 0.6 },
    { kind: 'prism' },
    { kind: 'sparkles', colours: [[255, 200, 240], [200, 210, 255], [255, 255, 255]], count: 18, size: 0.9 },
  ],
  texture: { grain: { amount: 0.015 } },
};

const medusasMirror: Look = {
  name: "Medusa's Mirror",
  grade: { exposure: -0.1, contrast: 0.4, saturation: 0.7, temperature: -0.05, tint: -0.35, shadows: { colour: [0, 110, 60], amount: 0.45 }, highlights: { colour: [225, 230, 150], amount: 0.2 }, duotone: { dark: [0, 24, 14], mid: [62, 128, 88], light: [232, 242, 196], amount: 0.35 } },
  light: { bloom: { threshold: 0.7, strength: 0.25, radius: 0.03, tint: [180, 255, 190] }, vignette: { amount: 0.4, colour: [0, 60, 30] } },
  overlays: [
    { kind: 'mirrorFrame', colour: [4, 26, 16], accent: [200, 170, 80] },
    { kind: 'scales', colour: [120, 220, 140], opacity: 0.4 },
    { kind: 'serpents', colour: [20, 140, 70], accent: [230, 190, 80] },
  ],
  texture: { grain: { amount: 0.03 } },
};

const chromaticBloom: Look = {
  name: 'Chromatic Bloom',
  grade: { exposure: 0.08, contrast: 0.2, saturation: 1.25, vibrance: 0.5, highlights: { colour: [255, 215, 190], amount: 0.15 }, shadows: { colour: [140, 30, 150], amount: 0.35 } },
  light: { bloom: { threshold: 0.6, strength: 0.45, radius: 0.035 } },
  overlays: [
    { kind: 'lightLeak', colours: [[255, 60, 160], [255, 160, 60]], corner: 'tl', opacity: 0.55 },
    { kind: 'lightLeak', colours: [[120, 90, 255], [60, 200, 255]], corner: 'br', opacity: 0.5 },
    { kind: 'edgeWash', colour: [255, 60, 170], inner: 0.4, blend: 'soft-light', opacity: 0.9 },
    { kind: 'petals', colours: [[245, 60, 140], [255, 130, 90], [255, 205, 80], [170, 90, 240], [255, 160, 200]], count: 36 },
  ],
  texture: { grain: { amount: 0.02 } },
};

// ——— Parallel Self: the same person in another life ———

const blackAura: Look = {
  name: 'Black Aura',
  grade: { exposure: -0.15, contrast: 0.55, blacks: -0.08, saturation: 0.12, shadows: { colour: [40, 0, 70], amount: 0.2 }, highlights: { colour: [235, 230, 255], amount: 0.05 } },
  light: { bloom: { threshold: 0.8, strength: 0.2, radius: 0.02 }, vignette: { amount: 0.8, size: 0.32 } },
  overlays: [
    { kind: 'smoke', colour: [0, 0, 0], coverage: 0.75, blend: 'multiply' },
    { kind: 'edgeWash', colour: [90, 30, 160], inner: 0.5, blend: 'screen', opacity: 0.35 },
  ],
  texture: { grain: { amount: 0.045 } },
};

const untouchable: Look = {
  name: 'The Untouchable',
  prefilter: { soften: 0.2 },
  grade: { exposure: 0.15, contrast: 0.35, blacks: -0.02, saturation: 0.5, temperature: 0.1, shadows: { colour: [70, 45, 30], amount: 0.15 }, highlights: { colour: WARM_WHITE, amount: 0.2 }, duotone: { dark: [22, 18, 16], mid: [150, 122, 102], light: [255, 243, 226], amount: 0.3 } },
  light: { bloom: { threshold: 0.7, strength: 0.25, radius: 0.03 }, vignette: { amount: 0.25 } },
  overlays: [{ kind: 'border', style: 'editorial', colour: [250, 240, 222] }],
  texture: { grain: { amount: 0.02 } },
};

const neonProof: Look = {
  name: 'Neon Proof',
  grade: { exposure: -0.3, contrast: 0.4, saturation: 1.2, hueShift: -30, temperature: -0.25, shadows: { colour: [20, 30, 140], amount: 0.55 }, highlights: { colour: [255, 90, 210], amount: 0.2 } },
  light: { bloom: { threshold: 0.6, strength: 0.4, radius: 0.03, tint: [255, 80, 220] }, vignette: { amount: 0.35 } },
  overlays: [
    { kind: 'sideLight', left: [255, 30, 170], right: [0, 160, 255], opacity: 0.95 },
    { kind: 'bokeh', colours: [NEON_PINK, [0, 180, 255], [180, 80, 255]], count: 18 },
  ],
  texture: { chroma: 1.5, grain: { amount: 0.025 } },
};

const mechanic: Look = {
  name: 'The Mechanic',
  prefilter: { clarity: 1.5 },
  grade: { exposure: -0.05, contrast: 0.5, saturation: 0.55, temperature: 0.2, shadows: { colour: [30, 70, 70], amount: 0.3 }, highlights: { colour: [255, 175, 85], amount: 0.25 }, duotone: { dark: [18, 22, 22], mid: [128, 108, 84], light: [255, 222, 172], amount: 0.25 } },
  light: { vignette: { amount: 0.55, colour: [40, 25, 10] } },
  overlays: [
    { kind: 'smoke', colour: [70, 45, 20], coverage: 0.5, blend: 'multiply', opacity: 0.8 },
    { kind: 'lightLeak', colours: [[255, 150, 40], [255, 90, 20]], corner: 'tr', opacity: 0.45 },
    { kind: 'dust', count: 60, opacity: 0.6 },
  ],
  texture: { grain: { amount: 0.06 } },
};

/** Colorcore: a whole world in the colour the prompt names; the face keeps its light and shade. */
function colorcore(prompt: string): Look {
  const c = dominantColour(prompt) ?? [235, 90, 150];
  return {
    name: 'Colorcore',
    grade: { contrast: 0.2, saturation: 1.1, vibrance: 0.2, duotone: { dark: mix(c, [0, 0, 0], 0.85), mid: c, midAt: luma(c), light: mix(c, [255, 255, 255], 0.85), amount: 0.85, protectSkin: true } },
    light: { bloom: { threshold: 0.65, strength: 0.3, radius: 0.03, tint: c }, vignette: { amount: 0.3, colour: mix(c, [0, 0, 0], 0.4) } },
    overlays: [
      { kind: 'edgeWash', colour: c, inner: 0.3, blend: 'multiply', opacity: 0.8 },
      { kind: 'bokeh', colours: [c, mix(c, [255, 255, 255], 0.5)], count: 10, size: 1.2, opacity: 0.7 },
    ],
    texture: { grain: { amount: 0.02 } },
  };
}

const getawayLookbook: Look = {
  name: 'Getaway Lookbook',
  grade: { exposure: 0.12, contrast: 0.12, blacks: 0.06, whites: -0.03, saturation: 1.05, temperature: 0.22, shadows: { colour: [40, 110, 120], amount: 0.22 }, highlights: { colour: [255, 205, 150], amount: 0.22 } },
  light: { bloom: { threshold: 0.65, strength: 0.3, radius: 0.035, tint: [255, 210, 160] } },
  overlays: [
    { kind: 'sunFlare', colour: [255, 190, 110], corner: 'tr', opacity: 0.85 },
    { kind: 'border', style: 'polaroid', colour: [248, 244, 236] },
  ],
  texture: { grain: { amount: 0.04, colour: true } },
};

// ——— Ghibli Reaction: one painted base, four reactions ———

const ghibliPaint = { smooth: 3, levels: 6, chromaStep: 16, edges: 0.8, edgeThreshold: 1, thickness: 1 } as const;
const ghibliGrade = { exposure: 0.1, contrast: 0.08, blacks: 0.05, saturation: 1.1, vibrance: 0.35 } as const;

const ghibliTears: Look = {
  name: 'Tears',
  prefilter: { cel: { ...ghibliPaint, edgeColour: [40, 50, 80] } },
  grade: { ...ghibliGrade, temperature: -0.25, saturation: 0.95, shadows: { colour: [70, 100, 170], amount: 0.3 }, highlights: { colour: [215, 232, 255], amount: 0.2 } },
  light: { bloom: { threshold: 0.62, strength: 0.3, radius: 0.03 }, vignette: { amount: 0.25, colour: [40, 60, 120] } },
  overlays: [
    { kind: 'sheen', opacity: 0.8 },
    { kind: 'rain', colour: [200, 225, 255], count: 70, length: 7, angle: 8, opacity: 0.7 },
    { kind: 'teardrops', colour: [120, 190, 255] },
  ],
};

const ghibliShock: Look = {
  name: 'Shock',
  prefilter: { cel: { ...ghibliPaint, edges: 0.9, edgeColour: [30, 25, 60] } },
  grade: { ...ghibliGrade, contrast: 0.2, saturation: 0.8, tint: 0.1, shadows: { colour: [90, 60, 170], amount: 0.35 }, highlights: { colour: [240, 240, 255], amount: 0.1 } },
  light: { vignette: { amount: 0.2 } },
  overlays: [
    { kind: 'shockLines', colour: [25, 20, 60], count: 90, opacity: 0.85 },
    { kind: 'gloomLines', colour: [60, 40, 140], opacity: 0.7 },
    { kind: 'sweatDrop', colour: [110, 180, 255] },
  ],
};

const ghibliSparkle: Look = {
  name: 'Sparkle',
  prefilter: { cel: { ...ghibliPaint, edgeColour: [90, 55, 40] } },
  grade: { ...ghibliGrade, exposure: 0.18, temperature: 0.2, shadows: { colour: [60, 120, 130], amount: 0.2 }, highlights: { colour: [255, 230, 170], amount: 0.25 } },
  light: { bloom: { threshold: 0.5, strength: 0.5, radius: 0.04, tint: [255, 230, 170] } },
  overlays: [
    { kind: 'bokeh', colours: [[255, 225, 150], [255, 245, 210], [190, 230, 255]], count: 16 },
    { kind: 'sparkles', colours: [[255, 200, 90], [255, 240, 190], [170, 215, 255]], count: 26, size: 1.3, blend: 'over' },
  ],
};

const ghibliLove: Look = {
  name: 'Love',
  prefilter: { cel: { ...ghibliPaint, edgeColour: [110, 40, 60] } },
  grade: { ...ghibliGrade, exposure: 0.14, temperature: 0.12, tint: 0.2, shadows: { colour: [170, 80, 130], amount: 0.2 }, highlights: { colour: [255, 200, 215], amount: 0.3 } },
  light: { bloom: { threshold: 0.55, strength: 0.4, radius: 0.04, tint: [255, 180, 210] } },
  overlays: [
    { kind: 'edgeWash', colour: [255, 150, 190], inner: 0.5, blend: 'screen', opacity: 0.45 },
    { kind: 'hearts', colours: [[255, 80, 130], [255, 130, 170], [240, 50, 100]], count: 16 },
  ],
};

// ——— Cyber Siren: neon night, eight variations ———

const neonBase = { exposure: -0.2, contrast: 0.4, saturation: 1.15 } as const;

const neoTokyoBase: Look = {
  name: 'Cyber Siren',
  grade: { ...neonBase, hueShift: -35, shadows: { colour: [0, 90, 140], amount: 0.55 }, highlights: { colour: [255, 70, 190], amount: 0.3 } },
  light: { bloom: { threshold: 0.6, strength: 0.4, radius: 0.03, tint: NEON_PINK }, vignette: { amount: 0.4 } },
  overlays: [
    { kind: 'rain', colour: [150, 220, 255], count: 90, length: 9, angle: 10, opacity: 0.55 },
    { kind: 'neonFrame', colours: [NEON_PINK, NEON_CYAN] },
  ],
  texture: { chroma: 1, grain: { amount: 0.03 } },
};

const neoTokyoVisor: Look = {
  name: 'Visor',
  grade: { ...neonBase, temperature: -0.4, saturation: 0.8, shadows: { colour: [0, 40, 110], amount: 0.45 }, highlights: { colour: [120, 240, 255], amount: 0.25 }, duotone: { dark: [0, 14, 30], mid: [40, 120, 160], light: [215, 250, 255], amount: 0.4 } },
  light: { bloom: { threshold: 0.62, strength: 0.35, radius: 0.025, tint: NEON_CYAN }, vignette: { amount: 0.5 } },
  overlays: [{ kind: 'hud', colour: NEON_CYAN }],
  texture: { grain: { amount: 0.025 } },
};

const neoTokyoTattoos: Look = {
  name: 'Tattoos',
  grade: { ...neonBase, hueShift: -70, tint: 0.2, shadows: { colour: [70, 20, 120], amount: 0.5 }, highlights: { colour: [255, 120, 220], amount: 0.25 } },
  light: { bloom: { threshold: 0.6, strength: 0.35, radius: 0.03, tint: NEON_VIOLET }, vignette: { amount: 0.5 } },
  overlays: [{ kind: 'tattoo', colour: [255, 50, 200] }],
  texture: { grain: { amount: 0.03 } },
};

const neoTokyoScanlines: Look = {
  name: 'Scanlines',
  grade: { ...neonBase, contrast: 0.3, saturation: 1.0, duotone: { dark: [0, 18, 12], mid: [50, 190, 140], light: [225, 255, 240], amount: 0.7 } },
  light: { bloom: { threshold: 0.55, strength: 0.45, radius: 0.02, tint: [120, 255, 220] }, vignette: { amount: 0.65, size: 0.35 } },
  texture: { scanlines: { spacing: 4, amount: 0.35 }, chroma: 3.5, grain: { amount: 0.04 } },
};

const silverProxy: Look = {
  name: 'Silver Proxy',
  prefilter: { clarity: 0.8 },
  grade: { exposure: -0.05, contrast: 0.5, saturation: 0.1, temperature: -0.15, shadows: { colour: [20, 40, 70], amount: 0.3 }, highlights: { colour: [225, 238, 255], amount: 0.25 } },
  light: { bloom: { threshold: 0.7, strength: 0.35, radius: 0.02, tint: [220, 235, 255] }, vignette: { amount: 0.45 } },
  overlays: [
    { kind: 'streak', colour: [170, 210, 255], opacity: 0.9 },
    { kind: 'border', style: 'chrome', colour: [225, 232, 242] },
  ],
  texture: { grain: { amount: 0.025 } },
};

const serpentLine: Look = {
  name: 'Serpent Line',
  grade: { exposure: -0.25, contrast: 0.5, saturation: 0.6, tint: -0.4, shadows: { colour: [0, 50, 20], amount: 0.5 }, highlights: { colour: [190, 255, 150], amount: 0.2 }, duotone: { dark: [0, 14, 6], mid: [40, 112, 62], light: [212, 255, 200], amount: 0.45 } },
  light: { bloom: { threshold: 0.6, strength: 0.35, radius: 0.025, tint: [120, 255, 90] }, vignette: { amount: 0.55 } },
  overlays: [
    { kind: 'scales', colour: [110, 255, 120], opacity: 0.45, blend: 'screen' },
    { kind: 'serpentLine', colour: [90, 255, 110] },
  ],
  texture: { grain: { amount: 0.03 } },
};

const smokeSignal: Look = {
  name: 'Smoke Signal',
  grade: { exposure: -0.05, contrast: 0.3, blacks: 0.06, saturation: 0.6, temperature: 0.3, shadows: { colour: [70, 50, 60], amount: 0.2 }, highlights: { colour: [255, 180, 100], amount: 0.25 }, duotone: { dark: [26, 16, 12], mid: [140, 96, 62], light: [255, 226, 182], amount: 0.4 } },
  light: { bloom: { threshold: 0.6, strength: 0.35, radius: 0.04, tint: [255, 150, 60] }, vignette: { amount: 0.45, colour: [30, 15, 5] } },
  overlays: [
    { kind: 'smoke', colour: [230, 215, 200], coverage: 0.6, opacity: 0.75 },
    { kind: 'embers', colour: [255, 120, 30], count: 45 },
  ],
  texture: { grain: { amount: 0.04 } },
};

const signalLoss: Look = {
  name: 'Signal Loss',
  grade: { exposure: -0.1, contrast: 0.35, saturation: 0.55, temperature: -0.1, shadows: { colour: [0, 60, 90], amount: 0.3 }, highlights: { colour: [255, 90, 120], amount: 0.12 } },
  light: { vignette: { amount: 0.35 } },
  overlays: [{ kind: 'glitchBlocks', colours: [[0, 255, 230], [255, 0, 120], [255, 255, 255], [60, 80, 255]], count: 24, opacity: 0.85 }],
  texture: { glitch: { bands: 26, maxShift: 55, split: 7 }, scanlines: { spacing: 3, amount: 0.12 }, chroma: 2.5, grain: { amount: 0.05, colour: true } },
};

// ——— Story Time ———

const storyCinematic: Look = {
  name: 'Cinematic',
  grade: { contrast: 0.4, blacks: -0.02, saturation: 0.85, shadows: { colour: TEAL, amount: 0.6 }, highlights: { colour: [255, 170, 90], amount: 0.35 } },
  light: { bloom: { threshold: 0.7, strength: 0.25, radius: 0.03 }, vignette: { amount: 0.4 } },
  overlays: [{ kind: 'streak', colour: [90, 160, 255], opacity: 0.7 }, { kind: 'letterbox', fraction: 0.09 }],
  texture: { grain: { amount: 0.04 } },
};

const storyDreamlike: Look = {
  name: 'Dreamlike',
  prefilter: { soften: 0.3, edgeBlur: 0.45 },
  grade: { exposure: 0.1, contrast: -0.02, blacks: 0.07, saturation: 0.8, tint: 0.12, shadows: { colour: [140, 130, 230], amount: 0.35 }, highlights: { colour: [255, 220, 240], amount: 0.25 } },
  light: { bloom: { threshold: 0.5, strength: 0.45, radius: 0.045, tint: [240, 210, 255] } },
  overlays: [
    { kind: 'bokeh', colours: [[255, 210, 240], [210, 200, 255], [255, 240, 210]], count: 18, size: 1.1 },
    { kind: 'sparkles', colours: [[255, 255, 255], [240, 220, 255]], count: 12, size: 0.7 },
  ],
  texture: { grain: { amount: 0.015 } },
};

const storyRetro: Look = {
  name: 'Retro',
  grade: { contrast: 0.15, blacks: 0.12, whites: -0.1, saturation: 0.7, temperature: 0.3, shadows: { colour: [60, 100, 60], amount: 0.35 }, highlights: { colour: [255, 220, 160], amount: 0.25 } },
  light: { vignette: { amount: 0.4, colour: [60, 30, 10] } },
  overlays: [
    { kind: 'lightLeak', colours: [[255, 90, 30], [255, 180, 60]], corner: 'bl', opacity: 0.6 },
    { kind: 'dust', count: 80 },
    { kind: 'border', style: 'rounded', colour: [242, 232, 210] },
  ],
  texture: { grain: { amount: 0.07, colour: true } },
};

/** Preset id → its look (a function where the look depends on the prompt). */
export const PRESET_LOOKS: Readonly<Record<string, Look | ((prompt: string) => Look)>> = {
  unreal_reflection_syndicate: syndicate,
  unreal_reflection_yakuza_heir: yakuzaHeir,
  unreal_reflection_gothic_pact: gothicPact,
  unreal_reflection_oracle_of_seoul: oracleOfSeoul,
  unreal_reflection_medusas_mirror: medusasMirror,
  unreal_reflection_chromatic_bloom: chromaticBloom,
  parallel_self_black_aura: blackAura,
  parallel_self_untouchable: untouchable,
  parallel_self_neon_proof: neonProof,
  parallel_self_mechanic: mechanic,
  parallel_self_colorcore: colorcore,
  parallel_self_getaway_lookbook: getawayLookbook,
  ghibli_reaction_tears: ghibliTears,
  ghibli_reaction_shock: ghibliShock,
  ghibli_reaction_sparkle: ghibliSparkle,
  ghibli_reaction_love: ghibliLove,
  neo_tokyo_base: neoTokyoBase,
  neo_tokyo_visor: neoTokyoVisor,
  neo_tokyo_tattoos: neoTokyoTattoos,
  neo_tokyo_scanlines: neoTokyoScanlines,
  silver_proxy: silverProxy,
  serpent_line: serpentLine,
  smoke_signal: smokeSignal,
  signal_loss: signalLoss,
  story_time_cinematic: storyCinematic,
  story_time_dreamlike: storyDreamlike,
  story_time_retro: storyRetro,
};

/** The look for a preset id, or undefined when the id has none (then the prompt steers). */
export function presetLook(presetId: string, prompt: string): Look | undefined {
  const entry = Object.hasOwn(PRESET_LOOKS, presetId) ? PRESET_LOOKS[presetId] : undefined;
  if (!entry) return undefined;
  return typeof entry === 'function' ? entry(prompt) : entry;
}
