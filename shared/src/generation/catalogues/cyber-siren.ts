import type { PresetDefinition } from '../types';
import { defineCatalogue } from './define-catalogue';
import { type CyberSirenVariantId, CYBER_SIREN_VARIANT_LOOKS } from './looks';
import { IDENTITY_NEGATIVE, KEEP_IDENTITY, QUALITY_NEGATIVE } from './identity-phrases';

/** The img2img model of the Cyber Siren group. */
export const CYBER_SIREN_MODEL = 'sdxl-img2img';

/**
 * The settings every preset of the group starts from. The aspect ratio is not given by spec 1 §3;
 * 4:5 is our choice (the portrait framing of the other photographic catalogues).
 */
const SETTINGS = { model: CYBER_SIREN_MODEL, strength: 0.55, guidance_scale: 6.5, num_inference_steps: 40, aspect_ratio: '4:5' } as const;

const NEGATIVE = `${IDENTITY_NEGATIVE}, daylight, pastel colours, cartoon, ${QUALITY_NEGATIVE}`;

/** The five presets the UI lists (spec 1 §3, Cyber Siren group). */
export const CYBER_SIREN_PRESETS: PresetDefinition[] = defineCatalogue('cyber-siren', SETTINGS, NEGATIVE, [
  {
    id: 'neo_tokyo_base',
    prompt:
      'Cyberpunk siren portrait of the person in this photo in Neo-Tokyo at night: glossy black latex-and-chrome bodysuit with glowing cyan circuitry seams, rain-soaked street with holographic kanji billboards and magenta neon behind, cyan and magenta rim light, wet skin sheen, volumetric haze, cinematic 85mm, ultra detailed. ' +
      KEEP_IDENTITY,
  },
  {
    id: 'silver_proxy',
    prompt:
      'The person in this photo as a chrome android proxy: mirror-finish liquid-silver bodysuit, brushed-metal collar plates at the neck and shoulders, standing in a white sterile server hall lined with blue indicator lights, cool silver monochrome palette, sharp specular highlights, clean sci-fi studio light, ultra detailed. ' +
      KEEP_IDENTITY,
    avoid: 'metal skin on the face, robot face',
  },
  {
    id: 'serpent_line',
    prompt:
      'The person in this photo as a cyber assassin: a glowing neon serpent tattoo coiling from the neck down one arm in emerald and violet light lines, sleek black tactical suit, crouched on a rooftop ledge above a neon megacity, green rim light, smoky night air, rain mist, cinematic telephoto, ultra detailed. ' +
      KEEP_IDENTITY,
    avoid: 'tattoo on the face, real snake',
  },
  {
    id: 'smoke_signal',
    prompt:
      'The person in this photo emerging from thick coloured smoke in a derelict neon alley: billowing teal and orange smoke, hooded cyberpunk jacket with LED strips, light beams slicing through the smoke, flickering signs, mysterious and tense mood, face clearly lit, cinematic 50mm, ultra detailed. ' +
      KEEP_IDENTITY,
    avoid: 'smoke covering the face, hood hiding the face',
  },
  {
    id: 'signal_loss',
    prompt:
      'The person in this photo caught in a corrupted cyberpunk broadcast: digital glitch art with RGB channel split, datamosh blocks and horizontal scan tears across the background and clothing while the face stays readable, CRT scanlines, static noise, cyan and red chromatic aberration, dark control-room glow. ' +
      KEEP_IDENTITY,
    avoid: 'glitch covering the eyes, unreadable face',
  },
]);

/** The three variants of Cyber Siren (accepted ids, not listed by the UI): their name and tag, and the prompt add-on. */
export const CYBER_SIREN_VARIANTS: Record<CyberSirenVariantId, { suffix: string; addOn: string; feature: string }> = {
  neo_tokyo_visor: {
    ...CYBER_SIREN_VARIANT_LOOKS.neo_tokyo_visor,
    addOn: 'Add a sleek transparent holographic visor across the brow line with HUD data reflected on it; the eyes stay visible through it.',
  },
  neo_tokyo_tattoos: {
    ...CYBER_SIREN_VARIANT_LOOKS.neo_tokyo_tattoos,
    addOn: 'Add glowing cyan circuit-line tattoos tracing the neck, shoulders and arms, never on the face.',
  },
  neo_tokyo_scanlines: {
    ...CYBER_SIREN_VARIANT_LOOKS.neo_tokyo_scanlines,
    addOn: 'Overlay CRT scanlines and a subtle RGB glitch shimmer across the whole frame, like a still from a pirate broadcast.',
  },
};

/** Every preset id the cyber-siren mode accepts (spec 1 §3): the five listed plus the variants. */
export const CYBER_SIREN_ACCEPTED_IDS = [
  'neo_tokyo_base',
  'neo_tokyo_visor',
  'neo_tokyo_tattoos',
  'neo_tokyo_scanlines',
  'silver_proxy',
  'serpent_line',
  'smoke_signal',
  'signal_loss',
] as const;

export type CyberSirenPresetId = (typeof CYBER_SIREN_ACCEPTED_IDS)[number];

export function isCyberSirenPresetId(id: string): id is CyberSirenPresetId {
  return (CYBER_SIREN_ACCEPTED_IDS as readonly string[]).includes(id);
}

/** The full preset for any accepted cyber siren id; a variant is Cyber Siren with its add-on. */
export function resolveCyberSirenPreset(id: string): PresetDefinition | undefined {
  const listed = CYBER_SIREN_PRESETS.find((preset) => preset.id === id);
  if (listed) return listed;
  if (!Object.hasOwn(CYBER_SIREN_VARIANTS, id)) return undefined;
  const variant = CYBER_SIREN_VARIANTS[id as CyberSirenVariantId];
  const base = CYBER_SIREN_PRESETS[0];
  if (!base) return undefined;
  return {
    ...base,
    id,
    label: `${base.label} · ${variant.suffix}`,
    prompt: `${base.prompt} ${variant.addOn}`,
    features: [...base.features, variant.feature],
  };
}
