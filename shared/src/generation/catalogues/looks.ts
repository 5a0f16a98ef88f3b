/**
 * What the composer lists of each catalogue look — its id, name and tags — apart from the prompt
 * text, which only the server and the worker need: the web's first view loads this file alone.
 * The catalogue files build each full preset from its look here (`presetLook`), so a name or a
 * tag is written once.
 */

/** The service modes that have a hard-coded catalogue. */
export type CatalogueMode = 'unreal-reflection' | 'parallel-self' | 'ghibli-reaction' | 'cyber-siren' | 'story-time';

export interface PresetLook {
  readonly id: string;
  readonly label: string;
  /** Tags describing the look; they also become the media's tags. */
  readonly features: readonly string[];
}

/** The looks each mode lists, in order (the cyber siren variants are accepted but not listed). */
export const PRESET_LOOKS: Readonly<Record<CatalogueMode, readonly PresetLook[]>> = {
  'unreal-reflection': [
    { id: 'unreal_reflection_syndicate', label: 'The Syndicate', features: ['noir', 'crime-drama', 'tailored-suit', 'low-key'] },
    { id: 'unreal_reflection_yakuza_heir', label: 'Yakuza Heir', features: ['neon', 'tokyo', 'irezumi', 'night'] },
    { id: 'unreal_reflection_gothic_pact', label: 'The Gothic Pact', features: ['gothic', 'candlelit', 'victorian', 'dark-romance'] },
    { id: 'unreal_reflection_oracle_of_seoul', label: 'Oracle of Seoul', features: ['hanbok', 'seoul', 'mystic', 'holographic'] },
    { id: 'unreal_reflection_medusas_mirror', label: "Medusa's Mirror", features: ['mythic', 'serpent', 'emerald', 'greek'] },
    { id: 'unreal_reflection_chromatic_bloom', label: 'Chromatic Bloom', features: ['floral', 'chromatic', 'editorial', 'prismatic'] },
  ],
  'parallel-self': [
    { id: 'parallel_self_black_aura', label: 'Black Aura', features: ['monochrome', 'dark-aura', 'high-contrast', 'editorial'] },
    { id: 'parallel_self_untouchable', label: 'The Untouchable', features: ['red-carpet', 'paparazzi', 'luxury', 'flash'] },
    { id: 'parallel_self_neon_proof', label: 'Neon Proof', features: ['neon', 'techwear', 'rain', 'cyberpunk'] },
    { id: 'parallel_self_mechanic', label: 'The Mechanic', features: ['garage', 'vintage', 'workwear', 'film'] },
    { id: 'parallel_self_colorcore', label: 'Colorcore', features: ['colorcore', 'monochromatic', 'fashion', 'studio'] },
    { id: 'parallel_self_getaway_lookbook', label: 'Getaway Lookbook', features: ['travel', 'resort', 'golden-hour', 'lookbook'] },
  ],
  'ghibli-reaction': [
    { id: 'ghibli_reaction_tears', label: 'Tears', features: ['anime', 'ghibli', 'tears', 'melancholy'] },
    { id: 'ghibli_reaction_shock', label: 'Shock', features: ['anime', 'ghibli', 'shock', 'comedic'] },
    { id: 'ghibli_reaction_sparkle', label: 'Sparkle', features: ['anime', 'ghibli', 'sparkle', 'joyful'] },
    { id: 'ghibli_reaction_love', label: 'Love', features: ['anime', 'ghibli', 'love', 'romantic'] },
  ],
  'cyber-siren': [
    { id: 'neo_tokyo_base', label: 'Cyber Siren', features: ['cyberpunk', 'neon', 'tokyo', 'night'] },
    { id: 'silver_proxy', label: 'Silver Proxy', features: ['chrome', 'silver', 'android', 'sci-fi'] },
    { id: 'serpent_line', label: 'Serpent Line', features: ['serpent', 'neon', 'tattoo', 'assassin'] },
    { id: 'smoke_signal', label: 'Smoke Signal', features: ['smoke', 'neon', 'atmospheric', 'cyberpunk'] },
    { id: 'signal_loss', label: 'Signal Loss', features: ['glitch', 'rgb-split', 'crt', 'static'] },
  ],
  'story-time': [
    { id: 'story_time_cinematic', label: 'Cinematic', features: ['video', 'cinematic', 'dolly-in'] },
    { id: 'story_time_dreamlike', label: 'Dreamlike', features: ['video', 'dreamy', 'slow-motion', 'soft-glow'] },
    { id: 'story_time_retro', label: 'Retro Film', features: ['video', 'retro', 'super-8', 'film-grain'] },
  ],
};

export type CyberSirenVariantId = 'neo_tokyo_visor' | 'neo_tokyo_tattoos' | 'neo_tokyo_scanlines';

/** What the three Cyber Siren variants add to its name and tags (their prompt add-ons are in cyber-siren.ts). */
export const CYBER_SIREN_VARIANT_LOOKS: Readonly<Record<CyberSirenVariantId, { suffix: string; feature: string }>> = {
  neo_tokyo_visor: { suffix: 'Visor', feature: 'visor' },
  neo_tokyo_tattoos: { suffix: 'Tattoos', feature: 'circuit-tattoos' },
  neo_tokyo_scanlines: { suffix: 'Scanlines', feature: 'scanlines' },
};

/** The id, name and tags of a listed look, as a catalogue file spreads them into its preset. */
export function presetLook(mode: CatalogueMode, id: string): { id: string; label: string; features: string[] } {
  const look = PRESET_LOOKS[mode].find((candidate) => candidate.id === id);
  if (!look) throw new Error(`No look ${id} in the ${mode} catalogue`);
  return { id: look.id, label: look.label, features: [...look.features] };
}

/**
 * The look of `id` in `mode`'s catalogue, variants of Cyber Siren included (named like
 * `resolveCyberSirenPreset` names them), or undefined — `findPreset` without the prompt text.
 */
export function findPresetLook(mode: string, id: string): PresetLook | undefined {
  if (!Object.hasOwn(PRESET_LOOKS, mode)) return undefined;
  const looks = PRESET_LOOKS[mode as CatalogueMode];
  const listed = looks.find((look) => look.id === id);
  if (listed || mode !== 'cyber-siren' || !Object.hasOwn(CYBER_SIREN_VARIANT_LOOKS, id)) return listed;
  const base = looks[0];
  const variant = CYBER_SIREN_VARIANT_LOOKS[id as CyberSirenVariantId];
  return base && { id, label: `${base.label} · ${variant.suffix}`, features: [...base.features, variant.feature] };
}
